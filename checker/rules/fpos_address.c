#include "rules.h"

#include "../model.h"
#include "../unit.h"

static const char *const needs[] = { "f_pos", NULL };

static void check(struct ss_unit *u, const struct ss_rule *self)
{
	size_t i, n = ss_model_fpos_count(u->model);

	for (i = 0; i < n; i++) {
		const struct ss_fpos_access *a = ss_model_fpos(u->model, i);
		const struct ss_function *f = a->function;
		char who[256];

		if (ss_fpos_owner(u, a) != SS_OWNER_ADDRESS)
			continue;
		if (f)
			ss_describe_function(f, who, sizeof(who));
		ss_report(u, self, a->address, self->severity, f ? f->name : NULL,
			  f ? f->object : NULL,
			  "%s passes &%s->f_pos to %s(); pass the address of a local copy "
			  "of the position and store it back afterwards",
			  f ? who : "code outside any function", a->base,
			  a->other ? a->other : "a function");
	}
}

const struct ss_rule ss_rule_fpos_address = {
	.id = "fpos-address",
	.severity = SS_WARNING,
	.confidence = SS_CONF_MEDIUM,
	.summary = "&file->f_pos passed as a position pointer outside the VFS core",
	.help = "Code that calls vfs_read(), vfs_write() or a read method directly with "
		"&file->f_pos lets the callee update the shared position without the "
		"protection the VFS gives it. Since Linux 2.6.8 the VFS itself reads f_pos "
		"into a local variable, passes its address, and stores it back; callers "
		"outside the VFS core should do the same.",
	.fix = "rw_ppos.cocci",
	.needs = needs,
	.check = check,
};
