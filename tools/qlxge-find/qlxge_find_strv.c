/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* A growable list of formatted strings: the commands and reasons of the verdicts. */

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "qlxge_find.h"

int
qlxge_find_strv_addf(struct qlxge_find_strv *sv, const char *fmt, ...)
{
	char **v;
	char *s;
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (rc < 0)
		return -ENOMEM;
	v = realloc(sv->v, (sv->n + 1) * sizeof(*v));
	if (v == NULL) {
		free(s);
		return -ENOMEM;
	}
	v[sv->n++] = s;
	sv->v = v;
	return 0;
}

void
qlxge_find_strv_free(struct qlxge_find_strv *sv)
{
	unsigned int i;

	for (i = 0; i < sv->n; i++)
		free(sv->v[i]);
	free(sv->v);
	sv->v = NULL;
	sv->n = 0;
}
