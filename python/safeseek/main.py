# SPDX-License-Identifier: GPL-2.0-only
"""The program: the command line, the tools, then the run in its mode."""

import os
import shutil
import signal
import sys
import traceback

from . import cli, files, fix, journal, modes, resources, run, series, space, tools
from .common import Fatal, OutputLost, info, say, warn


class Terminated(BaseException):
    """SIGTERM or SIGHUP: the run stops as on SIGINT, cleaning up."""

    def __init__(self, signum):
        super().__init__(signum)
        self.signum = signum


def _terminate(signum, frame):
    raise Terminated(signum)


def _mode(opts, r, scratch):
    if opts.series is not None:
        return series.do_series(r, scratch, opts.series, opts.cap)
    if opts.fix:
        return fix.do_fix(r, scratch)
    if opts.mode == "report":
        return modes.do_report(r)
    if opts.mode == "patch":
        return modes.do_patch(r, scratch)
    return modes.do_listing(r, opts.mode)


def _run(opts, paths, layout, checker_path):
    run.reap_stale_scratch()
    scratch = run.new_scratch()
    try:
        # What an interrupted --fix left unverified comes first; putting
        # files back changes what they hold, not which files there are.
        collected = files.collect(paths)
        if opts.fix or opts.series is not None:
            unsure = journal.recover(collected[0])
        else:
            unsure = journal.warn_pending(collected[0])
        try:
            status = _mode(opts, run.Run(opts, paths, layout, checker_path, scratch, collected),
                           scratch)
        except BaseException:
            # Stopped between installing and verifying: what no compiler
            # saw goes back.
            n = journal.roll_back_open()
            if n:
                info("put back %d converted file%s no compiler had verified yet"
                     % (n, "" if n == 1 else "s"))
            raise
        return max(status, 1) if unsure and status == 0 else status
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _flush():
    try:
        sys.stdout.flush()
    except OSError as e:
        raise OutputLost(e)


def _drop_output():
    """What is left in standard output's buffer goes nowhere: it could not
    be written, and the interpreter's own last flush must not say so again."""
    fd = os.open(os.devnull, os.O_WRONLY)
    os.dup2(fd, sys.stdout.fileno())
    os.close(fd)


def main(argv):
    # Output into a closed pipe (`| head`) ends the run quietly.
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, _terminate)
    opts = None
    try:
        opts = cli.parse(argv)
        if opts.help:
            say(cli.usage())
            _flush()
            return 0
        layout = resources.Layout()
        paths = opts.paths or cli.default_paths(layout, opts.fix)
        problems = [p for p in map(cli.path_problem, paths) if p]
        for p in problems:
            warn(p)
        if problems:
            return 2
        building = layout.checker_needs_build()
        tools.ensure(tools.needed(opts) + (list(tools.BUILD) if building else []),
                     layout.install_deps, building)
        checker_path = layout.checker(opts.jobs)
        if opts.gitgrep:
            cli.check_gitgrep(paths)
        status = _run(opts, paths, layout, checker_path)
        _flush()
        return status
    except Fatal as e:
        if isinstance(e, OutputLost):
            _drop_output()
        warn(str(e))
        return 2
    except (KeyboardInterrupt, Terminated) as e:
        if journal.unfinished():
            info("interrupted; converted files no compiler has verified are left, named in "
                 "the journal %s: the next --fix puts them back" % journal.JOURNAL)
        else:
            info("interrupted" + ("; every file is as it was, or converted and compiled"
                                  if opts is not None and (opts.fix or opts.series) else ""))
        return 128 + (e.signum if isinstance(e, Terminated) else signal.SIGINT)
    except OSError as e:
        if not space.is_full(e):
            warn("internal error:\n" + traceback.format_exc())
            return 2
        warn("%s%s" % (e.filename + ": " if e.filename else "", e.strerror))
        return 2
    except Exception:  # a bug: say so, and never exit 1, which means findings
        warn("internal error:\n" + traceback.format_exc())
        return 2
