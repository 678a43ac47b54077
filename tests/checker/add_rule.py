# SPDX-License-Identifier: GPL-2.0-only
"""Adding a rule is one new file and one line of rules/list.h.

The test copies the checker's sources, adds a rule file and its line and
nothing else, builds the copy, and checks that the new rule is listed (in
the JSON table every other tool reads), that it reports what it looks for,
that the prefilter lets its token through, and that the rules before it
still claim what they claimed.

Arguments: the project's source directory, the corpus.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

from checklib import Checker

top, corpus = sys.argv[1], sys.argv[2]

RULE = r'''#include "rules/rule.h"

#include "model/model.h"
#include "model/unit.h"

#include <string.h>

static const char *const needs[] = { "demo_", NULL };

static void check(struct ss_unit *u, const struct ss_rule *self)
{
	for (size_t i = 0; i < ss_model_function_count(u->model); i++) {
		const struct ss_function *f = ss_model_function(u->model, i);

		if (strncmp(f->name, "demo_", 5) == 0)
			ss_report_at(u, self, clang_getCursorLocation(f->cursor), self->severity,
				     f->name, NULL, "function '%s' is a demonstration", f->name);
	}
}

const struct ss_rule ss_rule_demo_rule = {
	.id = "demo-rule",
	.severity = SS_NOTE,
	.confidence = SS_CONF_LOW,
	.summary = "a rule added by the test that adds a rule",
	.help = "Reports every function whose name starts with demo_.",
	.needs = needs,
	.check = check,
};
'''

work = tempfile.mkdtemp(prefix="safeseek-add-rule-")
try:
    src = os.path.join(work, "src")
    os.makedirs(src)
    for name in ("CMakeLists.txt", "cmake", "checker"):
        p = os.path.join(top, name)
        (shutil.copytree if os.path.isdir(p) else shutil.copy)(p, os.path.join(src, name))
    with open(os.path.join(src, "checker", "rules", "demo_rule.c"), "w") as f:
        f.write(RULE)
    with open(os.path.join(src, "checker", "rules", "list.h"), "a") as f:
        f.write("SS_RULE(demo_rule)\n")
    build = os.path.join(work, "build")
    for cmd in (["cmake", "-S", src, "-B", build, "-DBUILD_TESTING=OFF",
                 "-DCMAKE_BUILD_TYPE=Release"],
                ["cmake", "--build", build, "--target", "safeseek-check", "-j2"]):
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True)
        if p.returncode != 0:
            print(p.stdout[-3000:])
            print("FAIL: building the copy with one more rule: %s" % " ".join(cmd))
            sys.exit(1)
    c = Checker(os.path.join(build, "safeseek-check"))

    rc, out, _ = c.run("--list-rules", "--format=json")
    ids = [r["id"] for r in json.loads(out)["rules"]]
    c.expect(rc == 0 and ids and ids[-1] == "demo-rule", "the new rule is listed last: %r" % ids)

    case = os.path.join(work, "demo.c")
    with open(case, "w") as f:
        f.write("int demo_one(void) { return 1; }\nint other(void) { return 2; }\n")
    rc, out, err = c.run("--format=json", case)
    found = json.loads(out)["findings"]
    c.expect(rc == 1 and [(x["rule"], x["line"]) for x in found] == [("demo-rule", 1)],
             "the new rule reports demo_one only: %r %r" % (found, err))

    # The rules already there report what they did.
    rc_old, out_old, _ = Checker(sys.argv[3]).run("--format=json", "-j1", corpus)
    rc_new, out_new, _ = c.run("--format=json", "-j1", corpus)
    old = [(x["rule"], x["file"], x["line"]) for x in json.loads(out_old)["findings"]]
    new = [(x["rule"], x["file"], x["line"]) for x in json.loads(out_new)["findings"]
           if x["rule"] != "demo-rule"]
    c.expect(old and old == new, "the corpus findings of the other rules are unchanged")
finally:
    shutil.rmtree(work, ignore_errors=True)
c.finish()
