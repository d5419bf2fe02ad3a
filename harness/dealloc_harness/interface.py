"""The interface an implementation must keep ([pipeline.conformance]): every
public function with a body in the input is, in the output, a public
function with a body. An output that drops one (`module {}` drops them all)
or makes one private has changed what callers link against; the safety
checks would find nothing to check in it and say nothing, so this is
checked first, as an implementation finding.

Both the custom form (`func.func @f(`, `func.func private @f(`) and the
generic form (`"func.func"() <{sym_name = "f", sym_visibility = "private"
...`) are read. Also a command for reproducers:

  interface.py INPUT OUTPUT   prints `@f: missing` / `@f: private` per
                              problem; exit 1 if there is one, else 0
"""

import re
import sys

_CUSTOM = re.compile(r"^\s*func\.func\s+(?:(public|private|nested)\s+)?@"
                     r"(\"[^\"]*\"|[\w$.-]+)\s*\(", re.M)
_GENERIC = re.compile(r"\"func\.func\"\s*\(\s*\)\s*<\{([^}]*)\}>")
_SYM = re.compile(r"sym_name\s*=\s*\"([^\"]*)\"")
_VIS = re.compile(r"sym_visibility\s*=\s*\"([^\"]*)\"")


def _has_body(text, end):
    """Does the function header ending around `end` open a body? A
    declaration ends its line without `{`."""
    depth, i = 0, end
    while i < len(text):
        ch = text[i]
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "{" and depth <= 0:
            # `attributes {...}` precede the body: a body brace is the last
            # `{` on the header's final line.
            line_end = text.find("\n", i)
            rest = text[i:line_end if line_end >= 0 else len(text)]
            return rest.rstrip().endswith("{") or "attributes" not in text[end:i]
        elif ch == "\n" and depth <= 0:
            return False
        i += 1
    return False


def functions(text):
    """{name: (visibility, has_body)} of the module's func.func ops."""
    found = {}
    for m in _CUSTOM.finditer(text):
        name = m.group(2).strip('"')
        found.setdefault(name, (m.group(1) or "public", _has_body(text, m.end() - 1)))
    for m in _GENERIC.finditer(text):
        props = m.group(1)
        sym = _SYM.search(props)
        if sym:
            vis = _VIS.search(props)
            # A generic func.func with a body continues with `({`.
            body = text[m.end():m.end() + 400].lstrip().startswith("({")
            found.setdefault(sym.group(1), (vis.group(1) if vis else "public", body))
    return found


def public_functions(text):
    """The names of the public functions with a body, in order: what the
    tools check."""
    return [fn for fn, (vis, body) in functions(text).items()
            if vis == "public" and body]


def problems(source, output):
    """[(function, "missing public function" | "private (was public)")] for
    the public functions with a body of `source`, in source order."""
    out = functions(output)
    result = []
    for name, (vis, body) in functions(source).items():
        if vis != "public" or not body:
            continue
        if name not in out or not out[name][1]:
            result.append((name, "missing public function"))
        elif out[name][0] != "public":
            result.append((name, f"{out[name][0]} (was public)"))
    return result


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    texts = []
    for path in argv:
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            texts.append(f.read())
    found = problems(*texts)
    for name, what in found:
        print(f"@{name}: {what.split(' ', 1)[0]}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
