# SPDX-License-Identifier: GPL-2.0-only
"""safeseek: scan, convert and verify kernel code for the 2.6.8 safe seeks.

`python3 -m safeseek` is the program run-check.sh runs."""
