# SPDX-License-Identifier: GPL-2.0-only
"""Kernel trees of every era are parsed with their own headers.

tests/checker/eras/ holds one small configured tree per era the project
claims: 2.4 and 2.6.18 (include/asm linked to include/asm-ARCH, the
configuration in linux/autoconf.h), 2.6.30 (arch/x86/include), 3.10
(generated/autoconf.h through linux/kconfig.h), 5.14 (kernel.h still takes
<stdarg.h> from the compiler) and 6.1 (include/linux/stdarg.h).  Each
driver needs va_list and asm/page.h, and carries its expected findings.

For each tree, with tree flags, in a compile database made as Kbuild would
make it (gcc's -isystem directory), and in Kbuild's CHECK= mode: the file
must be analysed with the tree's headers, never with the fallback header,
and report what its comments expect.

A tree that ships its config header but was never prepared (no version.h)
is parsed with the bundled header: its real headers are out of reach.

In a copy of each tree, the default scan parses the fixtures of config/
with the bundled header given the tree's configuration: what only the
configuration decides leaves nothing undecided, and neither do reads of the
position or f_pos users a parse error hid but the text shows plainly; what
a header could decide sends the file on to its real headers.

Arguments: the checker.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from checklib import Checker

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "lib"))
import expectations  # noqa: E402

c = Checker(sys.argv[1])
eras = os.path.join(os.path.dirname(os.path.abspath(__file__)), "eras")
gcc_include = subprocess.run(["gcc", "-print-file-name=include"], stdout=subprocess.PIPE,
                             universal_newlines=True).stdout.strip()


def expected(path):
    return sorted((line, tag) for (line, tag), n in expectations.read_expectations(path).items()
                  for _ in range(n) if expectations.is_checker_rule(tag))


def kbuild_flags(root):
    """The include and define flags Kbuild gives a file of the tree."""
    flags = ["-nostdinc", "-isystem", gcc_include]
    for d in ("arch/x86/include", "arch/x86/include/generated", "include"):
        if os.path.isdir(os.path.join(root, d)):
            flags += ["-I", os.path.join(root, d)]
    for h in ("include/linux/kconfig.h", "include/generated/autoconf.h",
              "include/linux/autoconf.h"):
        if os.path.isfile(os.path.join(root, h)):
            flags += ["-include", os.path.join(root, h)]
            break
    if os.path.isfile(os.path.join(root, "include/linux/compiler_types.h")):
        flags += ["-include", os.path.join(root, "include/linux/compiler_types.h")]
    return flags + ["-D__KERNEL__", "-DMODULE"]


for era in sorted(os.listdir(eras)):
    root = os.path.join(eras, era)
    driver = os.path.join(root, "drivers", "char", "demo.c")
    want = expected(driver)
    c.expect(want, "%s: the driver expects findings" % era)

    # tree flags
    rc, out, err = c.run("-v", "--headers=real", "--format=json", driver)
    got = sorted((f["line"], f["rule"]) for f in json.loads(out)["findings"])
    c.expect(b"analysed with tree flags" in err and b"with fallback" not in err,
             "%s: analysed with the tree's own headers: %r" % (era, err))
    c.expect(got == want, "%s: findings %r, expected %r" % (era, got, want))

    # a compile database with gcc's own headers, as a build writes it
    with tempfile.TemporaryDirectory() as build:
        with open(os.path.join(build, "compile_commands.json"), "w") as f:
            json.dump([{"directory": root, "file": driver,
                        "arguments": ["gcc", "-c", "-O2"] + kbuild_flags(root) +
                                     ["-o", "demo.o", driver]}], f)
        rc, out, err = c.run("-v", "--headers=real", "--format=json", "-p", build, driver)
        got = sorted((f["line"], f["rule"]) for f in json.loads(out)["findings"])
        c.expect(b"analysed with compile database" in err and b"with fallback" not in err,
                 "%s: compile database with gcc's headers, analysed with libclang's: %r"
                 % (era, err))
        c.expect(got == want, "%s (compile database): findings %r" % (era, got))

    # Kbuild's CHECK= mode
    rc, out, err = c.run(*(kbuild_flags(root) + ["--verbose", "--headers=real", driver]),
                         cwd=root)
    lines = err.decode().splitlines()
    c.expect(rc == 0 and any("parsed with the build's flags" in l for l in lines) and
             not any("fallback header" in l for l in lines),
             "%s: CHECK= mode parses with the build's flags: %r" % (era, lines))
    c.expect(sum(1 for l in lines if "[rw-fpos]" in l) == len(want),
             "%s: CHECK= mode reports the findings: %r" % (era, lines))

# Each fixture of config/ says, in a `// in DIR: ...` line after its
# licence, what the default scan leaves undecided when the file sits in DIR
# of a configured tree: "nothing left undecided" (the bundled header given
# the tree's configuration is enough; then its findings are those its
# comments expect and those of the real headers), or "left undecided:
# REASON" (the file goes on to its real headers).  Their header
# linux/safeseek_lost.h is one only the real headers find.
config = os.path.join(os.path.dirname(os.path.abspath(__file__)), "config")
fixtures = {}
for name in sorted(os.listdir(config)):
    if name.endswith(".c"):
        with open(os.path.join(config, name)) as f:
            fixtures[name] = re.findall(r"^// in (\S+): (.*)$", f.read(), re.M)
c.expect(len(fixtures) >= 8 and all(fixtures.values()),
         "every fixture of config/ says what it leaves undecided: %r" % fixtures)


def findings(out):
    return sorted((f["line"], f["rule"]) for f in json.loads(out)["findings"])


# Under the sanitizers, where each run costs three times as much, the
# fixtures go to the oldest and the newest era: what they exercise is the
# model's, the same in every era (the flags of each are checked above).
SANITIZED = os.environ.get("SAFESEEK_SANITIZED") == "1"
all_eras = sorted(e for e in os.listdir(eras) if os.path.isdir(os.path.join(eras, e)))
ends = (all_eras[0], all_eras[-1])

for era in all_eras:
    if SANITIZED and era not in ends:
        continue
    with tempfile.TemporaryDirectory() as d:
        root = os.path.join(d, era)
        shutil.copytree(os.path.join(eras, era), root)
        shutil.copy(os.path.join(config, "include", "linux", "safeseek_lost.h"),
                    os.path.join(root, "include", "linux"))
        for name, places in fixtures.items():
            for where, verdict in places:
                os.makedirs(os.path.join(root, where), exist_ok=True)
                path = os.path.join(root, where, name)
                shutil.copy(os.path.join(config, name), path)
                rc, out, err = c.run("-v", "--format=json", path)
                if verdict == "nothing left undecided":
                    c.expect(b"bundled header, which left nothing undecided" in err,
                             "%s: %s in %s leaves nothing undecided: %r" % (era, name, where, err))
                    want = expected(path)
                    c.expect(findings(out) == want, "%s: %s in %s: findings %r, expected %r"
                             % (era, name, where, findings(out), want))
                    rc, out, err = c.run("--headers=real", "--format=json", path, cwd=root)
                    c.expect(findings(out) == want, "%s: %s in %s: the real headers agree: %r"
                             % (era, name, where, findings(out)))
                else:
                    c.expect(verdict.encode() in err,
                             "%s: %s in %s is %s: %r" % (era, name, where, verdict, err))
                # With no real headers to ask, the scan counts what it left
                # undecided, and says so (the oldest and the newest era: the
                # count is the same code in all).
                if era not in ends:
                    continue
                rc, out, err = c.run("--headers=bundled", "--format=json", path)
                doc = json.loads(out)
                left = verdict.split(": ", 1)[1] if verdict.startswith("left undecided") else None
                c.expect(doc["files_undecided"] == (1 if left else 0) and
                         [left in k for k in doc["undecided"]] == ([True] if left else []),
                         "%s: %s in %s, bundled header only: undecided %d %r"
                         % (era, name, where, doc["files_undecided"], doc["undecided"]))
                rc, out, err = c.run("--headers=bundled", path)
                said = b"1 left undecided without real headers" in err
                c.expect(said == bool(left), "%s: %s in %s, bundled header only: %r"
                         % (era, name, where, err))

        # A tree that ships its config header but was never prepared (a
        # vendor tree) has no generated headers: its real headers are out of
        # reach, and the scan does not try them.
        for v in ("include/linux/version.h", "include/generated/uapi/linux/version.h"):
            if os.path.exists(os.path.join(root, v)):
                os.rename(os.path.join(root, v), os.path.join(root, v + ".off"))
        rc, out, err = c.run("-v", "--headers=real", os.path.join(root, "drivers", "char", "demo.c"))
        c.expect(b"configured but not prepared" in err and b"with tree flags" not in err,
                 "%s: unprepared, the real headers are out of reach: %r" % (era, err))
        for v in ("include/linux/version.h", "include/generated/uapi/linux/version.h"):
            if os.path.exists(os.path.join(root, v + ".off")):
                os.rename(os.path.join(root, v + ".off"), os.path.join(root, v))

        # what the configuration alone decides is decided in CHECK= mode too
        driver = os.path.join(root, "drivers", "char", "config_branches.c")
        want = expected(driver)
        rc, out, err = c.run(*(kbuild_flags(root) + ["--verbose", driver]), cwd=root)
        lines = err.decode().splitlines()
        c.expect(any("bundled header, which left nothing undecided" in l for l in lines) and
                 sum(1 for l in lines if "[rw-fpos]" in l) == len(want),
                 "%s: in CHECK= mode too: %r" % (era, lines))
c.finish()
