# SPDX-License-Identifier: GPL-2.0-only
"""The program: the command line, the tools, then the run in its mode."""

import shutil
import signal
import traceback

from . import cli, fix, modes, resources, run, series, tools
from .common import Fatal, info, say, warn


def _run(opts, paths, layout, checker_path):
    run.reap_stale_scratch()
    scratch = run.new_scratch()
    try:
        r = run.Run(opts, paths, layout, checker_path, scratch)
        if opts.series is not None:
            return series.do_series(r, scratch, opts.series, opts.cap)
        if opts.fix:
            return fix.do_fix(r, scratch)
        if opts.mode == "report":
            return modes.do_report(r)
        if opts.mode == "patch":
            return modes.do_patch(r, scratch)
        return modes.do_listing(r, opts.mode)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def main(argv):
    # Output into a closed pipe (`| head`) ends the run quietly.
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    opts = None
    try:
        opts = cli.parse(argv)
        if opts.help:
            say(cli.usage())
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
        return _run(opts, paths, layout, checker_path)
    except Fatal as e:
        warn(str(e))
        return 2
    except KeyboardInterrupt:
        info("interrupted" + ("; every file is as it was or fully converted"
                              if opts is not None and opts.fix else ""))
        return 130
    except Exception:  # a bug: say so, and never exit 1, which means findings
        warn("internal error:\n" + traceback.format_exc())
        return 2
