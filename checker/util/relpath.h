#ifndef SAFESEEK_RELPATH_H
#define SAFESEEK_RELPATH_H

/*
 * Report paths relative to a source root (--srcroot, else the current
 * directory): what SARIF URIs and fingerprints are built from, so that they
 * do not change with where the tree is checked out.
 */

struct ss_srcroot {
	char *abs;		/* absolute and normalised, or NULL if unknown */
};

void ss_srcroot_init(struct ss_srcroot *r, const char *dir);
void ss_srcroot_free(struct ss_srcroot *r);

/* The path of `file` below the root, or its absolute path when it lies
   elsewhere (*inside is then 0).  Newly allocated. */
char *ss_srcroot_relative(const struct ss_srcroot *r, const char *file, int *inside);

#endif
