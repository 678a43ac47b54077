// SPDX-License-Identifier: GPL-2.0-only
/// Benchmark only: reports every f_pos member access of a struct file, the
/// nearest thing a single Coccinelle rule does to safeseek-check's scan.
///
// Confidence: Low
// Options: --no-includes --include-headers
// Keywords: f_pos

virtual report

@r depends on report@
struct file *f;
position p;
@@

f->f_pos@p

@script:python depends on report@
p << r.p;
@@

coccilib.report.print_report(p[0], "f_pos access")
