// SPDX-License-Identifier: GPL-2.0-only
#include "input/handoff_text.h"

#include "util/container.h"
#include "util/ctext.h"
#include "util/xalloc.h"

#include <stdint.h>

#include <stdlib.h>
#include <string.h>

/* Make a struct file without opening anything: no FMODE_PREAD ever
   (init_file() is how 2.6.2x made sockets and pipes). */
static const char *const pseudo_file_makers[] = {
	"anon_inode_getfile", "anon_inode_getfd", "anon_inode_getfile_secure",
	"anon_inode_getfd_secure", "anon_inode_create_getfile", "alloc_file_pseudo",
	"alloc_file", "init_file", NULL
};

/* Register a device node, opened through chrdev_open() and the fops' open. */
static const char *const device_registrations[] = {
	"register_chrdev", "__register_chrdev", "cdev_init", "devfs_register",
	"register_sound_special", "register_sound_special_device", "register_sound_dsp",
	"register_sound_mixer", "register_sound_midi", "snd_register_device", NULL
};

/* Make a named debugging or control file (debugfs, and tracefs as the
   tracer makes its files). */
static const char *const control_file_makers[] = {
	"debugfs_create_file", "debugfs_create_file_unsafe", "debugfs_create_file_size",
	"tracefs_create_file", "trace_create_file", NULL
};

/* Make a /proc entry, opened through proc_reg_open() and the fops' open. */
static const char *const proc_file_makers[] = {
	"proc_create", "proc_create_data", "proc_net_fops_create", NULL
};

/* Put a fops into a file that is already open. */
static const char *const fops_swappers[] = { "replace_fops", NULL };

struct token {
	size_t at, len;
	char kind;		/* 'i' identifier, '"' literal, else the punctuator's first byte */
};

struct bracket {
	char open;		/* '(', '[' or '{' */
	struct token before;	/* the token before it: a callee's name */
	bool first_literal;	/* '{' whose first entry is a string literal */
	bool misc_device;	/* '{' of `struct miscdevice x = {` */
	bool empty;		/* nothing seen inside yet */
};

static bool in_list(const char *s, const struct token *t, const char *const *list)
{
	for (size_t k = 0; list[k]; k++)
		if (t->kind == 'i' && strlen(list[k]) == t->len && memcmp(s + t->at, list[k], t->len) == 0)
			return true;
	return false;
}

static bool spelled(const char *s, const struct token *t, const char *word)
{
	return t->len == strlen(word) && memcmp(s + t->at, word, t->len) == 0;
}

static size_t next_token(const char *s, size_t len, size_t i, struct token *t)
{
	for (;;) {
		i = ss_ctext_skip_blank(s, len, i);
		if (i < len && s[i] == '#' && ss_ctext_line_start(s, i)) {
			i = ss_ctext_line_end(s, len, i);
			continue;
		}
		break;
	}
	t->at = i;
	if (i >= len) {
		t->len = 0;
		t->kind = 0;
		return i;
	}
	if (s[i] == '"' || s[i] == '\'') {
		t->kind = '"';
		t->len = ss_ctext_skip_literal(s, len, i) - i;
	} else if (ss_ctext_ident_char(s[i])) {
		t->kind = (s[i] >= '0' && s[i] <= '9') ? '0' : 'i';
		t->len = ss_ctext_ident_end(s, len, i) - i;
	} else {
		t->kind = s[i];
		t->len = (i + 1 < len && s[i + 1] == '=' && strchr("=!<>", s[i])) ? 2 : 1;
	}
	if (t->len == 0)
		t->len = 1;
	return i + t->len;
}

/* What one mention of a fops name, with the tokens around it, hands it to. */
static unsigned mention(const char *s, const struct token *prev, size_t nprev,
			const struct bracket *inner)
{
	size_t p = 0;

	/* A declaration or definition (`struct file_operations x_fops = {`),
	   where a type's name comes before it, hands it nowhere. */
	if (nprev > 0 && prev[0].kind == 'i')
		return 0;
	if (nprev > p && prev[p].kind == '&' && prev[p].len == 1)
		p++;
	/* `filp->f_op == &x_fops` asks, it hands nothing. */
	if (nprev > p && (prev[p].kind == '=' || prev[p].kind == '!') && prev[p].len == 2)
		return 0;
	if (nprev > p + 1 && prev[p].kind == '=' && prev[p].len == 1 && prev[p + 1].kind == 'i') {
		if (spelled(s, &prev[p + 1], "f_op"))
			return SS_HANDED_SWAPPED;
		if (spelled(s, &prev[p + 1], "proc_fops"))
			return SS_HANDED_PROC;
		if (spelled(s, &prev[p + 1], "fops") || spelled(s, &prev[p + 1], "ops"))
			return SS_HANDED_DEVICE;
	}
	if (!inner)
		return 0;
	if (inner->open == '{' && inner->misc_device)
		return SS_HANDED_DEVICE;
	if (inner->open == '{')
		return inner->first_literal ? SS_HANDED_CONTROL : SS_HANDED_OTHER;
	if (inner->open != '(')
		return SS_HANDED_OTHER;
	if (in_list(s, &inner->before, pseudo_file_makers))
		return SS_HANDED_PSEUDO;
	if (in_list(s, &inner->before, device_registrations))
		return SS_HANDED_DEVICE;
	if (in_list(s, &inner->before, control_file_makers))
		return SS_HANDED_CONTROL;
	if (in_list(s, &inner->before, proc_file_makers))
		return SS_HANDED_PROC;
	if (in_list(s, &inner->before, fops_swappers))
		return SS_HANDED_SWAPPED;
	return SS_HANDED_OTHER;
}

void ss_handoff_text(const char *s, size_t len, const char *const *names, size_t n,
		     unsigned *handed)
{
	struct bracket *stack = NULL;
	size_t depth = 0, cap = 0, i = 0, nprev = 0;
	struct token prev[3], t, next;
	/* each identifier looked up once, not compared with every name */
	struct ss_map first = { 0 };
	size_t *later;

	if (!s || !n)
		return;
	later = xcalloc(n, sizeof(*later));
	for (size_t f = n; f-- > 0;) {
		bool added;
		size_t *at = ss_map_put(&first, names[f], strlen(names[f]), f, &added);

		later[f] = added ? SIZE_MAX : *at;
		*at = f;
	}
	i = next_token(s, len, i, &t);
	while (t.len) {
		size_t after = next_token(s, len, i, &next);

		if (depth > 0 && stack[depth - 1].empty) {
			stack[depth - 1].empty = false;
			stack[depth - 1].first_literal = t.kind == '"';
		}
		if (t.kind == '(' || t.kind == '[' || t.kind == '{') {
			xgrow((void **)&stack, &cap, depth + 1, sizeof(*stack));
			stack[depth].open = t.kind;
			stack[depth].before = nprev ? prev[0] : (struct token){ 0, 0, 0 };
			stack[depth].first_literal = false;
			/* `{ MISC_DYNAMIC_MINOR, "name", &x_fops }` registers a device
			   as surely as `.fops = &x_fops` does. */
			stack[depth].misc_device = t.kind == '{' && nprev == 3 &&
						   prev[0].kind == '=' && prev[0].len == 1 &&
						   spelled(s, &prev[2], "miscdevice");
			stack[depth].empty = true;
			depth++;
		} else if ((t.kind == ')' || t.kind == ']' || t.kind == '}') && depth > 0) {
			depth--;
		} else if (t.kind == 'i') {
			size_t *f = ss_map_get(&first, s + t.at, t.len);

			for (size_t k = f ? *f : SIZE_MAX; k != SIZE_MAX; k = later[k])
				handed[k] |= mention(s, prev, nprev, depth ? &stack[depth - 1] : NULL);
		}
		prev[2] = prev[1];
		prev[1] = prev[0];
		prev[0] = t;
		if (nprev < 3)
			nprev++;
		t = next;
		i = after;
	}
	free(stack);
	free(later);
	ss_map_free(&first);
}
