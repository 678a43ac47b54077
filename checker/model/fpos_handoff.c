// SPDX-License-Identifier: GPL-2.0-only
/*
 * What handing `&X->f_pos` to a call risks: the one decider of it, from
 * the era, the method's role, where X comes from and what the callee does
 * with a position.  fpos-address and fpos-other only word the answer.
 */
#include "model/internal.h"

#include "facts/facts.h"
#include "facts/provenance.h"
#include "model/unit.h"

enum ss_fpos_handoff ss_fpos_handoff(const struct ss_unit *u, const struct ss_fpos_access *a)
{
	unsigned roles = a->function ? a->function->roles : 0;
	const struct ss_function *callee;

	if (a->use != SS_FPOS_ADDRESS_ARG || ss_fpos_exempt(u, a))
		return SS_HANDOFF_NONE;
	/* open and release run while nothing else uses the file, and an
	   ioctl works on its own file at the caller's bidding (2.6.8 left
	   random_ioctl()'s &file->f_pos as it was): no read or write races
	   with them, and open's address may be kept as a key (hpfs lists the
	   f_pos of open directories), so a copy would be wrong. */
	if (a->own_file && (roles & (SS_ROLE_OPEN | SS_ROLE_RELEASE | SS_ROLE_IOCTL)))
		return SS_HANDOFF_OWN_UNRACED;
	if (u->facts->vfs[SS_VFS_POSITION_COPY] == SS_NO)
		return SS_HANDOFF_AS_THE_VFS;
	switch (ss_origin_shares_position(a->origin)) {
	case SS_YES:
		callee = a->other ? ss_model_function_named(u->model, a->other) : NULL;
		return callee && !ss_function_uses_position(callee) ? SS_HANDOFF_UNUSED
								  : SS_HANDOFF_SHARED;
	case SS_NO:
		return SS_HANDOFF_KERNEL_FILE;
	case SS_UNKNOWN:
		break;
	}
	return SS_HANDOFF_OTHER_FILE;
}
