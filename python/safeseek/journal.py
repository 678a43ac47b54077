# SPDX-License-Identifier: GPL-2.0-only
"""--fix's journal: the files it has installed and not yet verified.

Before the first converted file is installed, a directory JOURNAL appears
in the top of each PATH (the directory of a file PATH) with one rename: it
holds each changed file's original bytes and the digests of its original
and converted forms.  It goes once a compiler has seen every installed file
and the worse ones are put back.  So a tree holding a journal may hold a
converted file no compiler has passed:

- a run that stops on an exception or a signal it can handle (SIGINT,
  SIGTERM, SIGHUP) puts each such file back and removes the journal
  (roll_back_open);
- after SIGKILL or a crash the journal stays, and the next --fix puts the
  files back before anything else (recover), then converts and verifies
  them anew; the other modes say the tree is unverified.
"""

import hashlib
import json
import os
import secrets
import shutil

from . import files, install
from .common import Fatal, info, warn

JOURNAL = ".safeseek-fix-journal"
INDEX = "journal.json"
FORMAT = 1

# The journals of the run in progress: written, not yet ended.
_open = []


def _digest(data):
    return hashlib.sha256(data).hexdigest()


def _top(root):
    """The directory a PATH's journal goes in."""
    return root.path if root.is_dir else os.path.dirname(root.path)


def _fsync_dir(path):
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _write(path, data):
    with open(path, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


class Entry:
    __slots__ = ("rel", "original", "converted", "saved")

    def __init__(self, rel, original, converted, saved):
        self.rel = rel              # below the journal's directory, bytes
        self.original = original    # sha256 hex of the original bytes
        self.converted = converted  # sha256 hex of the converted bytes
        self.saved = saved          # the file in the journal holding the original


class Journal:
    def __init__(self, top, display, entries):
        self.top = top          # the directory holding it
        self.display = display  # that directory, as the run prints it
        self.entries = entries

    @property
    def path(self):
        return os.path.join(self.top, JOURNAL)

    def source(self, e):
        """A files.Source for an entry, to install.replace it."""
        root = files.Root(0, self.top)
        rel = os.fsdecode(e.rel)
        return files.Source(os.path.normpath(os.path.join(self.display, rel)),
                            os.path.join(self.top, rel), root, rel)

    def original_bytes(self, e):
        with open(os.path.join(self.path, e.saved), "rb") as f:
            return f.read()

    def remove(self):
        """Gone with one rename, then deleted."""
        gone = "%s.old-%s" % (self.path, secrets.token_hex(4))
        os.rename(self.path, gone)
        _fsync_dir(self.top)
        shutil.rmtree(gone, ignore_errors=True)


def begin(changed, original, final):
    """Write the journal of the files about to be installed (Sources, with
    their original and final bytes); returns what end() takes."""
    by_top = {}
    for s in changed:
        top = _top(s.root)
        display = s.root.display if s.root.is_dir else os.path.dirname(s.root.display) or "."
        by_top.setdefault((top, display), []).append(s)
    made = []
    try:
        for (top, display), group in sorted(by_top.items()):
            made.append(_begin_one(top, display, group, original, final))
    except BaseException as e:
        for j in made:
            j.remove()
        if isinstance(e, OSError):
            raise Fatal("cannot write the journal of --fix in %s: %s; nothing was installed"
                        % (display, e.strerror))
        raise
    _open.extend(made)
    return made


def _begin_one(top, display, group, original, final):
    old = os.path.join(top, JOURNAL)
    if os.path.lexists(old):
        raise Fatal("%s: a journal of an interrupted --fix is still there; run --fix on %s "
                    "to finish it" % (os.path.join(display, JOURNAL), display))
    tmp = "%s.new-%s" % (old, secrets.token_hex(4))
    os.mkdir(tmp, 0o700)
    try:
        entries = []
        for n, s in enumerate(group):
            rel = os.fsencode(os.path.relpath(s.path, top))
            saved = "%d.orig" % n
            _write(os.path.join(tmp, saved), original[s])
            entries.append(Entry(rel, _digest(original[s]), _digest(final[s]), saved))
        doc = {"format": FORMAT, "pid": os.getpid(),
               "files": [{"file": e.rel.hex(), "original": e.original,
                          "converted": e.converted, "saved": e.saved} for e in entries]}
        _write(os.path.join(tmp, INDEX), json.dumps(doc, indent=1).encode())
        _fsync_dir(tmp)
        os.rename(tmp, old)
        _fsync_dir(top)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return Journal(top, display, entries)


def end(made):
    """Every installed file is verified (or put back): the journals go."""
    for j in made:
        # Forgotten first: stopped in between, the run leaves the journal
        # to the next one rather than putting back files it verified.
        if j in _open:
            _open.remove(j)
        j.remove()


def _read(top, display):
    path = os.path.join(top, JOURNAL, INDEX)
    try:
        with open(path, "rb") as f:
            doc = json.loads(f.read().decode())
        entries = [Entry(bytes.fromhex(it["file"]), it["original"], it["converted"],
                         it["saved"]) for it in doc["files"]]
        if doc.get("format") != FORMAT:
            raise ValueError("format %r" % doc.get("format"))
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise Fatal("%s: the journal of an interrupted --fix cannot be read (%s); "
                    "compare the files of %s with their last good state by hand, "
                    "then remove it"
                    % (os.path.join(display, JOURNAL), getattr(e, "strerror", None) or e,
                       display))
    return Journal(top, display, entries)


def _put_back(j):
    """Each file of j still in its converted form goes back; returns
    (files put back, [(file, why it was left as it is)])."""
    back, left = [], []
    for e in j.entries:
        s = j.source(e)
        try:
            with open(s.path, "rb") as f:
                now = f.read()
            d = _digest(now)
            if d == e.original:
                continue
            if d != e.converted:
                left.append((s, "changed since --fix installed it"))
                continue
            install.replace(s, now, j.original_bytes(e))
            back.append(s)
        except (install.Refused, OSError) as err:
            left.append((s, "cannot be put back: %s" % (getattr(err, "strerror", None) or err)))
    return back, left


def roll_back_open():
    """The run is stopping inside the journal's window: put back what is
    not verified.  Returns the number of files put back."""
    n = 0
    for j in list(_open):
        back, left = _put_back(j)
        n += len(back)
        for s, why in left:
            warn("%s: %s; not verified" % (s.display, why))
        if not any(why.startswith("cannot") for _, why in left):
            j.remove()
            _open.remove(j)
    return n


def unfinished():
    """Whether files this run installed are left unverified."""
    return bool(_open)


def find(roots):
    """Journals of interrupted runs in, above or below the roots of
    files.collect(), from the walk it made: [(directory, display)], each
    once."""
    found = {}
    for root in roots:
        top = _top(root)
        display = root.display if root.is_dir else os.path.dirname(root.display) or "."
        d, shown = top, display
        while True:
            if os.path.isdir(os.path.join(d, JOURNAL)):
                found.setdefault(d, shown)
            up = os.path.dirname(d)
            if up == d:
                break
            d, shown = up, os.path.normpath(os.path.join(shown, ".."))
        for dirpath, hidden in root.subdirs:
            if JOURNAL in hidden:
                rel = os.path.relpath(dirpath, top)
                found.setdefault(dirpath, os.path.normpath(os.path.join(display, rel)))
            for n in hidden:
                if n.startswith(JOURNAL + "."):
                    _unfinished.add(os.path.join(dirpath, n))
    return sorted(found.items())


# Journals a killed run left half written (before anything was installed)
# or half removed: nothing to finish, only to delete.
_unfinished = set()


def recover(roots):
    """Before --fix does anything else: every journal an interrupted run
    left is finished, its unverified files put back.  Returns True when a
    file could not be put back (the run's status is then not 0)."""
    trouble = False
    found = find(roots)
    for d in sorted(_unfinished):
        shutil.rmtree(d, ignore_errors=True)
    for top, display in found:
        j = _read(top, display)
        back, left = _put_back(j)
        for s, why in left:
            warn("%s: %s; left as it is, not verified" % (s.display, why))
            trouble = True
        if any(why.startswith("cannot") for _, why in left):
            raise Fatal("the journal %s stays until every file it names can be put back"
                        % os.path.join(display, JOURNAL))
        j.remove()
        info("%s: an interrupted --fix left %d converted file%s no compiler had verified: "
             "put back as they were, to be converted and verified anew"
             % (display, len(back), "" if len(back) == 1 else "s"))
    return trouble


def warn_pending(roots):
    """For the modes that change nothing: True when an interrupted --fix
    left files no compiler has verified, which is said."""
    found = find(roots)
    for top, display in found:
        warn("%s: an interrupted --fix left converted files unverified here (%s); "
             "run --fix on %s to verify them or put them back"
             % (display, os.path.join(display, JOURNAL), display))
    return bool(found)
