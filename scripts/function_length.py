#!/usr/bin/env python3
"""Lists the functions longer than a limit in the project's C++ and Python.

  function_length.py [--repo R] [--max N] [--all]
      exit 0 none over N lines (default 100), 1 some (one line each,
      `path:line: name: L lines`, longest first), 2 usage

How a function's length is measured (a simple rule, the same for every file):
  * Python (every .py file under harness/ and reference/): each `def` and
    `async def`, nested ones included, from its `def` line to its last line
    (`end_lineno - lineno + 1` of the `ast` node; decorators not counted).
  * C++ (.cpp and .h under reference/lib, reference/include, reference/tools
    and reference/unittests): the text is read with comments, string and
    character literals (raw strings too) and preprocessor lines blanked out,
    line breaks kept. A `{` at namespace, class, struct or union scope opens a
    function body when the text before it (since the last `;`, `{`, `}` or
    access specifier at that scope) has a `(` and every `(` is closed, and
    does not start with `class`, `struct`, `union`, `enum` or `namespace`
    (so a gtest `TEST(A, B) {` and a lambda bound at namespace scope count;
    a braced initialiser does not). A constructor's member initialisers with
    braces (`: a{x}, b(y) {`) are part of its header. The length runs from
    the line of the header's first token to the line of the matching `}`.
    A lambda or a local class inside a body is part of that function.
`--all` lists every function over the limit and the count of functions
measured, even when none is over it.
"""
import argparse
import ast
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PY_DIRS = ("harness", "reference")
CPP_DIRS = ("reference/lib", "reference/include", "reference/tools", "reference/unittests")
CPP_SUFFIXES = (".cpp", ".h")
SKIP_DIRS = {"build", "__pycache__", ".git"}
CONTAINER = re.compile(r"^(?:template\s*<.*?>\s*)?(?:class|struct|union|enum|namespace|extern)\b", re.S)
ACCESS = re.compile(r"\b(?:public|private|protected)\s*:(?!:)")


def python_functions(text, path="<text>"):
    """[(name, first line, length)] of every def in Python source `text`."""
    tree = ast.parse(text, filename=path)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out.append((node.name, node.lineno, node.end_lineno - node.lineno + 1))
    return sorted(out, key=lambda f: f[1])


def _blank(text, start, end):
    """`text[start:end]` with every character but a line break made a space."""
    return re.sub(r"[^\n]", " ", text[start:end])


def strip_cpp(text):
    """C++ `text` with comments, literals and preprocessor lines blanked out
    (same length, line breaks kept)."""
    out, i, n = [], 0, len(text)
    line_start = True
    while i < n:
        c = text[i]
        if line_start and c == "#" or (line_start and c in " \t" and text[i:].lstrip(" \t").startswith("#")):
            j = i
            while j < n:  # up to the end of the line, following `\` continuations
                k = text.find("\n", j)
                k = n if k < 0 else k
                if k > 0 and text[k - 1] == "\\":
                    j = k + 1
                    continue
                j = k
                break
            out.append(_blank(text, i, j))
            i = j
            continue
        if c == "\n":
            line_start = True
            out.append(c)
            i += 1
            continue
        if c not in " \t":
            line_start = False
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(_blank(text, i, j))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(_blank(text, i, j))
            i = j
        elif c == "R" and text.startswith('"', i + 1) and not (i and (text[i - 1].isalnum() or text[i - 1] == "_")
                                                             and text[i - 1] not in "uUL8"):
            m = re.match(r'R"([^()\\ ]{0,16})\(', text[i:])
            j = text.find(")" + m.group(1) + '"', i) if m else -1
            j = n if j < 0 else j + len(m.group(1)) + 2
            out.append(_blank(text, i, j))
            i = j
        elif c == '"' or (c == "'" and not (i and (text[i - 1].isalnum() and text[i - 1] not in "uUL8"))):
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(_blank(text, i, j))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _matching(code, open_at):
    """Index of the `}` that closes the `{` at `open_at` (len(code) if none)."""
    depth = 0
    for j in range(open_at, len(code)):
        if code[j] == "{":
            depth += 1
        elif code[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    return len(code)


def _function_name(header):
    """`ns::Cls::name` (or `TEST(A, B)`) from a function header."""
    depth, first = 0, -1
    for k, ch in enumerate(header):
        if ch == "(" and depth == 0 and first < 0:
            first = k
        depth += ch == "("
        depth -= ch == ")"
    head = header[:first].rstrip()
    m = re.search(r"((?:[A-Za-z_~][\w]*\s*(?:<[^<>]*>)?\s*::\s*)*(?:operator\s*[^\s\w]+|~?[A-Za-z_]\w*))$", head)
    name = re.sub(r"\s+", "", m.group(1)) if m else head.split()[-1] if head.split() else "?"
    if re.fullmatch(r"TEST\w*|[A-Z][A-Z0-9]*_[A-Z0-9_]+", name):  # a macro: its arguments name it
        close = header.find(")", first)
        name += re.sub(r"\s+", " ", header[first:close + 1])
    return name


def cpp_functions(text):
    """[(name, first line, length)] of every function body at namespace or
    class scope in C++ source `text` (the rule of the module docstring)."""
    code = strip_cpp(text)
    line_of = [0] * (len(code) + 1)
    line = 1
    for k, ch in enumerate(code):
        line_of[k] = line
        line += ch == "\n"
    line_of[len(code)] = line
    out = []

    def scan(begin, end):
        """Reads one container scope `code[begin:end]`."""
        header_at, i, parens = begin, begin, 0
        while i < end:
            ch = code[i]
            if ch == "(":
                parens += 1
            elif ch == ")":
                parens -= 1
            elif ch == ";" and parens == 0:
                header_at = i + 1
            elif ch == "}":
                header_at = i + 1
            elif ch == ":" and parens == 0 and ACCESS.search(code[header_at:i + 1]):
                header_at = i + 1
            elif ch == "{":
                close = _matching(code, i)
                header = code[header_at:i]
                stripped = header.strip()
                if parens > 0:  # a brace inside a call's arguments
                    i = close + 1
                    continue
                if CONTAINER.match(stripped):
                    scan(i + 1, close)
                    header_at = close + 1
                elif "(" in stripped and re.search(r"\)\s*:\s*[\w:]", stripped) \
                        and re.search(r"[\w>]\s*$", stripped) and not stripped.endswith(("const", "override",
                                                                                         "noexcept", "final")):
                    i = close + 1  # a braced member initialiser `x{...}` of a constructor
                    continue
                elif "(" in stripped:
                    start = header_at + len(header) - len(header.lstrip())
                    out.append((_function_name(stripped), line_of[start],
                                line_of[min(close, len(code))] - line_of[start] + 1))
                    header_at = close + 1
                else:
                    header_at = close + 1  # an initialiser
                i = close + 1
                continue
            i += 1

    scan(0, len(code))
    return sorted(out, key=lambda f: f[1])


def source_files(repo, dirs, suffixes):
    for d in dirs:
        for base, subdirs, files in os.walk(os.path.join(repo, d)):
            subdirs[:] = sorted(s for s in subdirs if s not in SKIP_DIRS and not s.startswith("."))
            for f in sorted(files):
                if f.endswith(suffixes):
                    yield os.path.join(base, f)


def measure(repo):
    """[(relative path, name, first line, length)] of every function."""
    out = []
    for path in source_files(repo, PY_DIRS, (".py",)):
        text = open(path, encoding="utf-8").read()
        out += [(os.path.relpath(path, repo),) + f for f in python_functions(text, path)]
    for path in source_files(repo, CPP_DIRS, CPP_SUFFIXES):
        text = open(path, encoding="utf-8", errors="replace").read()
        out += [(os.path.relpath(path, repo),) + f for f in cpp_functions(text)]
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repo", default=ROOT)
    ap.add_argument("--max", type=int, default=100, help="longest function allowed, in lines (default 100)")
    ap.add_argument("--all", action="store_true", help="also print the count of functions measured")
    args = ap.parse_args(argv)
    if not os.path.isdir(os.path.join(args.repo, "reference")):
        print(f"error: {args.repo}: no reference/ folder (use --repo REPO_ROOT)", file=sys.stderr)
        return 2
    try:
        functions = measure(args.repo)
    except SyntaxError as e:
        print(f"error: {e.filename}:{e.lineno}: {e.msg}", file=sys.stderr)
        return 2
    long = sorted((f for f in functions if f[3] > args.max), key=lambda f: (-f[3], f[0], f[2]))
    for path, name, line, length in long:
        print(f"{path}:{line}: {name}: {length} lines")
    if args.all or long:
        print(f"function-length: {len(functions)} functions, {len(long)} over {args.max} lines")
    return 1 if long else 0


if __name__ == "__main__":
    sys.exit(main())
