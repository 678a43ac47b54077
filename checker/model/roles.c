// SPDX-License-Identifier: GPL-2.0-only
/*
 * Which role a function gets from the member that names it, or from its
 * signature when nothing names it.
 */
#include "model/internal.h"

#include "model/ast_util.h"

#include <string.h>

/* ---- roles ------------------------------------------------------------- */

static const struct {
	const char *member;
	unsigned role;
} fops_roles[] = {
	{ "llseek", SS_ROLE_LLSEEK },
	{ "read", SS_ROLE_READ },
	{ "write", SS_ROLE_WRITE },
	{ "aio_read", SS_ROLE_AIO_READ },
	{ "aio_write", SS_ROLE_AIO_WRITE },
	{ "readv", SS_ROLE_READV },
	{ "writev", SS_ROLE_WRITEV },
	{ "read_iter", SS_ROLE_READ_ITER },
	{ "write_iter", SS_ROLE_WRITE_ITER },
	{ "readdir", SS_ROLE_READDIR },
	{ "iterate", SS_ROLE_READDIR },
	{ "iterate_shared", SS_ROLE_READDIR },
	{ "open", SS_ROLE_OPEN },
	{ "release", SS_ROLE_RELEASE },
	{ "ioctl", SS_ROLE_IOCTL },
	{ "unlocked_ioctl", SS_ROLE_IOCTL },
	{ "compat_ioctl", SS_ROLE_IOCTL },
};

unsigned model_role_of_member(const char *member)
{
	size_t i;

	for (i = 0; i < sizeof(fops_roles) / sizeof(fops_roles[0]); i++)
		if (strcmp(fops_roles[i].member, member) == 0)
			return fops_roles[i].role;
	return strcmp(member, "owner") == 0 ? 0 : SS_ROLE_OTHER;
}

static bool is_integer(CXType t)
{
	t = clang_getCanonicalType(t);
	return t.kind >= CXType_Bool && t.kind <= CXType_Int128 &&
	       t.kind != CXType_Char16 && t.kind != CXType_Char32;
}

static bool is_loff(CXType t)
{
	t = clang_getCanonicalType(t);
	return t.kind == CXType_LongLong || t.kind == CXType_Long;
}

static bool is_pointer_to(CXType t, bool (*pred)(CXType))
{
	t = clang_getCanonicalType(t);
	return t.kind == CXType_Pointer && pred(clang_getPointeeType(t));
}

static bool is_char(CXType t)
{
	t = clang_getCanonicalType(t);
	return t.kind == CXType_Char_S || t.kind == CXType_Char_U ||
	       t.kind == CXType_SChar || t.kind == CXType_UChar;
}

static bool is_any_pointer(CXType t)
{
	return clang_getCanonicalType(t).kind == CXType_Pointer;
}

/* The roles a definition's signature suggests, for functions nothing names. */
unsigned model_roles_from_shape(CXCursor fn)
{
	CXType t = clang_getCursorType(fn);
	int n = clang_getNumArgTypes(t);
	CXType a[6];
	int i;

	if (n < 2)
		return 0;
	for (i = 0; i < n && i < 6; i++)
		a[i] = clang_getArgType(t, (unsigned)i);

	if (n == 4 && ss_type_is_pointer_to_struct(a[0], "file") && is_pointer_to(a[3], is_loff)) {
		CXType buf = clang_getCanonicalType(a[1]);
		CXType pointee = clang_getPointeeType(buf);

		if (buf.kind != CXType_Pointer)
			return SS_ROLE_READ | SS_ROLE_WRITE;
		if (ss_type_is_struct(pointee, "iovec"))
			return SS_ROLE_READV | SS_ROLE_WRITEV;
		if (!is_char(pointee))
			return SS_ROLE_READ | SS_ROLE_WRITE;
		return clang_isConstQualifiedType(pointee) ? SS_ROLE_WRITE : SS_ROLE_READ;
	}
	if (n == 4 && ss_type_is_pointer_to_struct(a[0], "kiocb") && is_loff(a[3])) {
		CXType pointee = clang_getPointeeType(clang_getCanonicalType(a[1]));

		return clang_isConstQualifiedType(pointee) ? SS_ROLE_AIO_WRITE : SS_ROLE_AIO_READ;
	}
	if (n == 3 && ss_type_is_pointer_to_struct(a[0], "file") && is_loff(a[1]) &&
	    is_integer(a[2]))
		return SS_ROLE_LLSEEK;
	if (n == 3 && ss_type_is_pointer_to_struct(a[0], "file") && is_any_pointer(a[1]) &&
	    is_any_pointer(a[2]) &&
	    clang_getPointeeType(clang_getCanonicalType(a[2])).kind == CXType_FunctionProto)
		return SS_ROLE_READDIR;
	if (n == 2 && ss_type_is_pointer_to_struct(a[0], "kiocb") &&
	    ss_type_is_pointer_to_struct(a[1], "iov_iter"))
		return SS_ROLES_ITER;
	/* Routines behind the handlers take extra arguments after these. */
	if (n >= 5 && ss_type_is_pointer_to_struct(a[0], "ctl_table") &&
	    is_integer(a[1]) && ss_type_is_pointer_to_struct(a[2], "file") &&
	    is_any_pointer(a[3]) && is_pointer_to(a[4], is_integer))
		return SS_ROLE_SYSCTL;
	return 0;
}

/* loff_t *: a position handed to a method. */
bool model_is_position_type(CXType t)
{
	return is_pointer_to(t, is_loff);
}

/*
 * Whether a method named in some other struct's table (ALSA's
 * snd_info_entry_ops, a driver's own ops) has the signature of the role its
 * member names.  An llseek there takes its struct file among other
 * arguments and owns f_pos as any llseek does; a read or write must take
 * the file and a loff_t * position, as file_operations' do.
 */
bool model_shape_allows(CXCursor fn, unsigned role)
{
	CXType t = clang_getCursorType(fn);
	int i, n = clang_getNumArgTypes(t);

	bool file = false;

	if (role & ~(SS_ROLE_LLSEEK | SS_ROLE_READ | SS_ROLE_WRITE))
		return (model_roles_from_shape(fn) & role) != 0;
	if (!is_integer(clang_getResultType(t)))
		return false;
	for (i = 0; i < n; i++) {
		CXType a = clang_getArgType(t, (unsigned)i);

		if (ss_type_is_pointer_to_struct(a, "file"))
			file = true;
		else if (file && role != SS_ROLE_LLSEEK && model_is_position_type(a))
			return true;
	}
	return file && role == SS_ROLE_LLSEEK;
}
