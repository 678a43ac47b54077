// SPDX-License-Identifier: GPL-2.0-only
/* The model's storage: kept strings, function names and role grants. */
#include "model/internal.h"

#include "util/xalloc.h"

#include <string.h>

const char *model_keep(struct ss_model *m, const char *s)
{
	char *copy = xstrdup(s);

	xgrow((void **)&m->strings, &m->capstrings, m->nstrings + 1, sizeof(*m->strings));
	m->strings[m->nstrings++] = copy;
	return copy;
}

const char *model_keep_spelling(struct ss_model *m, CXCursor c)
{
	CXString s = clang_getCursorSpelling(c);
	const char *r = model_keep(m, clang_getCString(s));

	clang_disposeString(s);
	return r;
}

const struct name_info *model_name_find(const struct ss_model *m, const char *name)
{
	const size_t *i = ss_map_get(&m->name_index, name, strlen(name));

	return i ? &m->names[*i] : NULL;
}

struct name_info *model_name(struct ss_model *m, const char *name, bool add)
{
	size_t len = strlen(name), *i;
	bool added;

	if (!add)
		return (struct name_info *)model_name_find(m, name);
	i = ss_map_put(&m->name_index, name, len, m->nnames, &added);
	if (added) {
		xgrow((void **)&m->names, &m->capnames, m->nnames + 1, sizeof(*m->names));
		m->names[m->nnames++] = (struct name_info){ model_keep(m, name), -1, 0 };
	}
	return &m->names[*i];
}

void model_grant(struct ss_model *m, const char *function, unsigned role,
		 const char *object, const char *member)
{
	if (!role)
		return;
	xgrow((void **)&m->grants, &m->capgrants, m->ngrants + 1, sizeof(*m->grants));
	m->grants[m->ngrants++] = (struct role_grant){ function, role, object, member, false };
}

void model_grant_if_shaped(struct ss_model *m, const char *function, unsigned role,
			   const char *object, const char *member)
{
	model_grant(m, function, role, object, member);
	if (role)
		m->grants[m->ngrants - 1].if_shaped = true;
}
