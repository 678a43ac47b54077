# SPDX-License-Identifier: GPL-2.0-only
"""Where the function definitions of a C file are, told from braces alone.

Good enough to name the function around a line spatch could not parse: it
needs no headers and never fails, whatever macros the file uses.
"""

import bisect
import functools
import re

NEWLINE_RE = re.compile("\n")
IDENT_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class Function:
    __slots__ = ("name", "line", "first", "last")

    def __init__(self, name, line, first, last):
        self.name = name    # the identifier before the parameter list
        self.line = line    # the line of that identifier
        self.first = first  # first line of the definition (its return type)
        self.last = last    # line of the closing brace


def _blank_out(text):
    """Replace comments, string and character literals and preprocessor
    lines by spaces, keeping every newline where it was."""
    out, i, n = [], 0, len(text)
    at_line_start = True
    while i < n:
        c = text[i]
        if at_line_start and c in " \t":
            out.append(c)
            i += 1
            continue
        if at_line_start and c == "#":
            while i < n and text[i] != "\n":
                if text[i] == "\\" and i + 1 < n and text[i + 1] == "\n":
                    out.append(" \n")
                    i += 2
                    continue
                out.append(" ")
                i += 1
            continue
        at_line_start = False
        if c == "/" and text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append("".join("\n" if ch == "\n" else " " for ch in text[i:end]))
            i = end
            continue
        if c == "/" and text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out.append(" " * (end - i))
            i = end
            continue
        if c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append("".join("\n" if ch == "\n" else " " for ch in text[i:j]))
            i = j
            continue
        if c == "\n":
            at_line_start = True
        out.append(c)
        i += 1
    return "".join(out)


def functions(text):
    """Every function definition of the file, in order."""
    return _scan(text)[0]


def declarations(text):
    """Every file-scope declaration ending in ';' (prototypes, variables,
    typedefs, structures), as Function objects naming what they declare."""
    return _scan(text)[1]


# The same file is asked about once for each place spatch could not parse
# in it: the scan of the last few texts is kept.
@functools.lru_cache(maxsize=8)
def _scan(text):
    code = _blank_out(text)
    found, decls = [], []
    depth = 0
    header_start = 0     # offset where the current file-scope declaration began
    open_at = None       # offset of the '{' that opened a function body
    current = None
    newlines = [m.start() for m in NEWLINE_RE.finditer(code)]

    def line_of(off):
        return bisect.bisect_left(newlines, off) + 1

    for i, c in enumerate(code):
        if c == "{":
            if depth == 0:
                current = _function_name(code, header_start, i)
                open_at = i
            depth += 1
        elif c == "}":
            if depth == 0:
                continue
            depth -= 1
            if depth == 0:
                if current is not None:
                    name, name_off = current
                    first = line_of(header_start + len(code[header_start:open_at])
                                    - len(code[header_start:open_at].lstrip()))
                    found.append(Function(name, line_of(name_off), first, line_of(i)))
                current = None
                header_start = i + 1
        elif c == ";" and depth == 0:
            name = _declared_name(code, header_start, i)
            if name is not None:
                seg = code[header_start:i]
                first = line_of(header_start + len(seg) - len(seg.lstrip()))
                decls.append(Function(name[0], line_of(name[1]), first, line_of(i)))
            header_start = i + 1
    return found, decls


def _declared_name(code, start, end):
    """What a file-scope declaration declares: the name before its first
    parenthesis (a prototype), else its last name before any initializer."""
    seg = code[start:end]
    if not seg.strip():
        return None
    m = re.match(r"\s*typedef\b.*?\(\s*\*\s*([A-Za-z_][A-Za-z0-9_]*)\s*\)", seg, re.S)
    if m:
        return m.group(1), start + m.start(1)
    cut = seg.find("(")
    eq = seg.find("=")
    if eq >= 0 and (cut < 0 or eq < cut):
        cut = eq
    if cut < 0:
        cut = len(seg)
    names = list(IDENT_RE.finditer(seg[:cut]))
    if not names:
        return None
    return names[-1].group(0), start + names[-1].start()


def _function_name(code, start, brace):
    """The name of the function whose body opens at `brace`, or None when the
    brace opens something else (a struct, an initializer)."""
    header = code[start:brace]
    paren = header.find("(")
    if paren < 0:
        return None
    level, top_level = 0, []
    for ch in header:
        if ch == "(":
            level += 1
        elif ch == ")":
            level -= 1
        elif level == 0:
            top_level.append(ch)
    if "=" in "".join(top_level):
        return None
    # int (*name(args))(int): the name is inside the first parentheses.
    m = re.match(r"\(\s*\*\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(", header[paren:])
    if m:
        return m.group(1), start + paren + m.start(1)
    before = header[:paren].rstrip()
    names = IDENT_RE.findall(before)
    if not names:
        return None
    name = names[-1]
    return name, start + before.rfind(name)


def function_at(funcs, line):
    for f in funcs:
        if f.first <= line <= f.last:
            return f
    return None


DEFINE_RE = re.compile(r"^\s*#\s*define\s+([A-Za-z_][A-Za-z0-9_]*)")


def macro_at(text, line):
    """The name of the #define that line belongs to (continuations
    included), or None."""
    lines = text.splitlines()
    i = line - 1
    if not 0 <= i < len(lines):
        return None
    # Walk back over continued lines to the start of the directive.
    while i > 0 and lines[i - 1].endswith("\\"):
        i -= 1
    m = DEFINE_RE.match(lines[i])
    return m.group(1) if m else None


def place_of(text, line):
    """What holds `line`: ("function", name, line of the name),
    ("declaration", name, line of the name), ("macro", name, line) or
    ("file", None, line)."""
    macro = macro_at(text, line)
    if macro:
        return ("macro", macro, line)
    funcs, decls = _scan(text)
    f = function_at(funcs, line)
    if f:
        return ("function", f.name, f.line)
    d = function_at(decls, line)
    if d:
        return ("declaration", d.name, d.line)
    return ("file", None, line)
