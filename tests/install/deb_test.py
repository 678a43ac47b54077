# SPDX-License-Identifier: GPL-2.0-only
"""cpack -G DEB makes a package that names what it needs and holds what the
install rules install.

usage: deb_test.py --cpack CPACK --build BUILD --top TOP --frontdoor ON|OFF

Builds the .deb from BUILD's CPackConfig.cmake into a scratch directory
(the build tree is left alone), then checks with dpkg-deb:
  - the control fields (Package, Version, Architecture of this machine);
  - Depends names coccinelle, sparse and python3, and the Debian packages
    of the shared libraries the checker really loads - found here, apart
    from how the package computed them, with ldd and dpkg -S (libclang,
    json-c);
  - the files: /usr/bin/safeseek-check, every semantic patch, the manual
    pages, the documentation (and the front door, once the tree installs
    it);
and unpacks it (dpkg-deb -x, nothing is installed on the system) to run the
packaged checker over a copy of the corpus: it finds what the build tree's
checker finds.
"""

import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

failures = []


def expect(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)
    return cond


def out(argv, **kw):
    p = subprocess.run(argv, capture_output=True, text=True, **kw)
    if p.returncode != 0:
        raise RuntimeError("%s failed (exit %d): %s" % (" ".join(argv), p.returncode, p.stderr))
    return p.stdout


def library_packages(binary):
    """The Debian packages of the libclang and json-c the binary loads."""
    pkgs = {}
    for line in out(["ldd", binary]).splitlines():
        m = re.match(r"^\s*(libclang[^ ]*|libjson-c[^ ]*) => (\S+)", line)
        if not m:
            continue
        owner = None
        for path in (m.group(2), os.path.realpath(m.group(2))):
            p = subprocess.run(["dpkg", "-S", path], capture_output=True, text=True)
            if p.returncode == 0:
                owner = p.stdout.split(":")[0].strip()
                break
        pkgs[m.group(1)] = owner
    return pkgs


def depends_names(field):
    """Package names of a Depends field, alternatives included."""
    names = set()
    for clause in field.split(","):
        for alt in clause.split("|"):
            alt = alt.strip()
            if alt:
                names.add(re.split(r"[\s(:]", alt, 1)[0])
    return names


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cpack", required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("--top", required=True)
    ap.add_argument("--frontdoor", choices=("ON", "OFF"), required=True)
    args = ap.parse_args()
    build, top = os.path.realpath(args.build), os.path.realpath(args.top)
    checker = os.path.join(build, "safeseek-check")

    scratch = tempfile.mkdtemp(prefix="safeseek-deb-")
    try:
        p = subprocess.run([args.cpack, "-G", "DEB", "--config",
                            os.path.join(build, "CPackConfig.cmake"), "-B", scratch],
                           capture_output=True, text=True, timeout=900)
        debs = glob.glob(os.path.join(scratch, "*.deb"))
        if not expect(p.returncode == 0 and len(debs) == 1,
                      "cpack -G DEB makes one .deb: %s %s" % (p.stdout[-1500:], p.stderr[-1500:])):
            return 1
        deb = debs[0]
        arch = out(["dpkg", "--print-architecture"]).strip()
        fields = {}
        for name in ("Package", "Version", "Architecture", "Depends", "Maintainer", "Description"):
            fields[name] = out(["dpkg-deb", "-f", deb, name]).strip()
        print("Depends: %s" % fields["Depends"])
        expect(fields["Package"] == "safeseek", "Package: safeseek (%r)" % fields["Package"])
        expect(re.match(r"^\d+\.\d+\.\d+", fields["Version"]), "Version: %r" % fields["Version"])
        expect(fields["Architecture"] == arch, "Architecture: %s (%r)" % (arch, fields["Architecture"]))
        expect(fields["Maintainer"] and fields["Description"], "Maintainer and Description are set")
        expect(os.path.basename(deb) == "safeseek_%s_%s.deb" % (fields["Version"], arch),
               "the file is named as Debian names it: %s" % os.path.basename(deb))

        depends = depends_names(fields["Depends"])
        for need in ("coccinelle", "sparse", "python3", "libc6"):
            expect(need in depends, "Depends names %s" % need)
        libs = library_packages(checker)
        expect(any(k.startswith("libclang") for k in libs) and any(k.startswith("libjson-c")
                                                                  for k in libs),
               "the checker loads a libclang and json-c: %s" % libs)
        for lib, pkg in sorted(libs.items()):
            expect(pkg and pkg.split(":")[0] in depends,
                   "Depends names %s, the package of the %s the checker loads" % (pkg, lib))

        listing = out(["dpkg-deb", "-c", deb])
        files = set()
        for line in listing.splitlines():
            path = line.split()[-1]
            if " -> " in line:
                path = line.split(" -> ")[0].split()[-1]
            files.add(path.lstrip("."))
        want = ["/usr/bin/safeseek-check", "/usr/share/man/man1/safeseek-check.1",
                "/usr/share/doc/safeseek/README.md", "/usr/share/doc/safeseek/COPYING"]
        want += ["/usr/share/safeseek/semantic-patches/" + n
                 for n in sorted(os.listdir(os.path.join(top, "semantic-patches")))
                 if n.endswith(".cocci")]
        if args.frontdoor == "ON":
            want += ["/usr/bin/safeseek", "/usr/share/man/man1/safeseek.1",
                     "/usr/share/safeseek/python/safeseek/__main__.py"]
        for path in want:
            expect(path in files, "the package holds %s" % path)
        stray = sorted(f for f in files if not f.startswith("/usr/") and f not in ("/", "/usr/"))
        expect(not stray, "everything is under /usr: %s" % stray)

        root = os.path.join(scratch, "root")
        out(["dpkg-deb", "-x", deb, root])
        packaged = os.path.join(root, "usr", "bin", "safeseek-check")
        version = subprocess.run([packaged, "--version"], capture_output=True, text=True)
        expect(version.returncode == 0 and version.stdout.startswith("safeseek-check "),
               "the packaged checker runs: %r %r" % (version.stdout, version.stderr))
        work = os.path.join(scratch, "work")
        shutil.copytree(os.path.join(top, "corpus"), os.path.join(work, "corpus"))
        here = subprocess.run([checker, "-q", "corpus"], cwd=top, capture_output=True, text=True)
        there = subprocess.run([packaged, "-q", "corpus"], cwd=work, capture_output=True,
                               text=True)
        expect(here.stdout and here.stdout == there.stdout and there.returncode == 1,
               "the packaged checker finds what the build tree's does (%d, %d lines): %s"
               % (len(here.stdout.splitlines()), len(there.stdout.splitlines()),
                  there.stderr[-1000:]))
        print("%s: %d files; the packaged checker reports %d findings on the corpus"
              % (os.path.basename(deb), len(files), len(there.stdout.splitlines())))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if failures:
        print("%d check(s) failed" % len(failures))
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
