"""A downstream runtime free function read as `memref.dealloc`
(`dealloc-harness --free-function NAME`).

Some pipelines lower deallocation to a call of their runtime's free, a
declaration-only function (`func.func private @my_free(memref<?xf32>)`).
To the tools that is an external call, which frees nothing ([abi.external]):
every such output would LEAK. With `--free-function my_free` the harness
rewrites the implementation's output before checking it: each call

    func.call @my_free(%m) : (memref<4xf32>) -> ()      (also `call`)

becomes `memref.dealloc %m : memref<4xf32>`, and the declaration of
@my_free is dropped; the output is then checked like any other. Only
calls in custom form with one memref operand and no results are
rewritten; any other use of the function (a result, two operands, the
generic form) is left alone and stays an external call. A reproducer
pipes the implementation's output through this file the same way:

    free_calls.py NAME... < output.mlir > rewritten.mlir
"""
import re
import sys


def _call(name):
    return re.compile(r"^(?P<indent>[ \t]*)(?:func\.)?call @" + re.escape(name) +
                      r"\((?P<arg>%[\w$.#-]+)\)[ \t]*:[ \t]*\((?P<type>memref<.*>)\)"
                      r"[ \t]*->[ \t]*\(\)[ \t]*$", re.M)


def _declaration(name):
    return re.compile(r"^\s*func\.func\s+private\s+@" + re.escape(name) +
                      r"\([^)]*\)[^{\n]*\n", re.M)


def rewrite(text, names):
    """`text` with the calls of `names` as memref.dealloc (see above)."""
    for name in names:
        text = _call(name).sub(lambda m: f"{m.group('indent')}memref.dealloc "
                               f"{m.group('arg')} : {m.group('type').strip()}", text)
        if not re.search(r"@" + re.escape(name) + r"\b", _declaration(name).sub("", text)):
            text = _declaration(name).sub("", text)
    return text


def main(argv):
    if not argv or any(a.startswith("-") for a in argv):
        print(__doc__, file=sys.stderr)
        return 2
    sys.stdout.write(rewrite(sys.stdin.read(), argv))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
