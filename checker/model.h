#ifndef SAFESEEK_MODEL_H
#define SAFESEEK_MODEL_H

/*
 * What the rules share about one translation unit: the role of each
 * function (read method, llseek method, sysctl proc handler, ...) and the
 * file_operations and ctl_table objects that give those roles.  Built once
 * per unit by the core, before any rule runs.
 */

struct ss_unit;
struct ss_model;

struct ss_model *ss_model_build(struct ss_unit *u);
void ss_model_free(struct ss_model *m);

#endif /* SAFESEEK_MODEL_H */
