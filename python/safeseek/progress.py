# SPDX-License-Identifier: GPL-2.0-only
"""The progress line of a long run, on standard error.

Each phase shows what it has done of what it has to do, and for how long it
has run.  On a terminal one line is rewritten in place, cleared before any
other message and at the end; elsewhere (a CI log) a line is written once a
phase has run for a while and then every few seconds, so that a quick run
writes none.
"""

import sys
import threading
import time

from . import common, install
from .common import PROG, safe

# Seconds between two lines where the line cannot be rewritten.
EVERY = 5.0


class Progress:
    def __init__(self, stream=None, every=EVERY, clock=time.monotonic):
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self.every = every
        self.clock = clock
        self.lock = threading.Lock()
        self.name = None
        self.done = 0
        self.total = None
        self.start = self.last = 0.0
        self.shown = ""       # what the terminal's line shows
        self.ticker = None
        common.before_message.append(self.clear)

    def phase(self, name, total=None):
        """A new phase: `total` things to do, or None when not known."""
        with self.lock:
            self.name, self.done, self.total = name, 0, total
            self.start = self.last = self.clock()
            if self.tty:
                self._show()
        if self.ticker is None:
            # A phase waiting on one long process still shows its time.
            self.ticker = threading.Thread(target=self._tick, daemon=True)
            self.ticker.start()

    def advance(self, n=1):
        with self.lock:
            if self.name is not None:
                self.done += n
                self._show_due()

    def end(self):
        """The run's own output follows."""
        self.clear()
        with self.lock:
            self.name = None

    def clear(self):
        with self.lock:
            if self.tty and self.shown:
                self.stream.write("\r%s\r" % (" " * len(self.shown)))
                self.stream.flush()
                self.shown = ""

    def text(self):
        took = int(self.clock() - self.start)
        if self.total is None:
            return "%s: %s (%d s)" % (PROG, self.name, took)
        return "%s: %s: %d of %d (%d s)" % (PROG, self.name, min(self.done, self.total),
                                            self.total, took)

    def _tick(self):
        install.helper_thread()
        while True:
            time.sleep(1.0)
            with self.lock:
                if self.name is not None:
                    self._show_due()

    def _show_due(self):
        # A terminal's line changes a few times a second at most.
        if self.clock() - self.last >= (0.2 if self.tty else self.every):
            self._show()

    def _show(self):
        line = safe(self.text())
        if self.tty:
            pad = " " * max(0, len(self.shown) - len(line))
            self.stream.write("\r" + line + pad)
            self.shown = line
        else:
            self.stream.write(line + "\n")
        self.last = self.clock()
        self.stream.flush()
