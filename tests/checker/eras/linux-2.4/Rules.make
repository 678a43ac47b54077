# SPDX-License-Identifier: GPL-2.0-only
# What the top Makefile of a 2.4 tree includes in every directory's
# Makefile; its presence marks a 2.4 kernel tree.
