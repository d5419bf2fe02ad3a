"""No import cycle inside dealloc_harness: every module of the package is
parsed with `ast`, its imports of other modules of the package - at module
level and inside functions alike (a function-level import hides a cycle,
it does not break it) - make a graph, and a cycle in it fails, named."""
import ast
import os

PACKAGE = "dealloc_harness"
HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE_DIR = os.path.join(os.path.dirname(HERE), PACKAGE)


def modules(package_dir=PACKAGE_DIR):
    return sorted(name[:-3] for name in os.listdir(package_dir)
                  if name.endswith(".py") and name != "__init__.py")


def imports_of(source, known):
    """The modules of `known` that `source` (a module of the package)
    imports, anywhere in it."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module and \
                    node.module.split(".")[0] == PACKAGE:
                base = node.module.split(".")[1:]
            elif node.level == 1:
                base = node.module.split(".") if node.module else []
            else:
                continue
            if base:
                found.add(base[0])
            else:       # from . import a, b
                found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == PACKAGE and len(parts) > 1:
                    found.add(parts[1])
    return found & set(known)


def graph(package_dir=PACKAGE_DIR):
    names = modules(package_dir)
    out = {}
    for name in names:
        with open(os.path.join(package_dir, name + ".py")) as f:
            out[name] = sorted(imports_of(f.read(), names) - {name})
    return out


def cycles(edges):
    """One cycle (a list of modules, first == last) per strongly connected
    component with more than one module, in a deterministic order."""
    index, low, stack, on_stack, comps = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return [_path_in(comp, edges) for comp in sorted(comps)]


def _path_in(comp, edges):
    """A cycle through the first module of a component (breadth-first, so
    the shortest one)."""
    start, members = comp[0], set(comp)
    prev, queue = {start: None}, [start]
    while queue:
        v = queue.pop(0)
        for w in edges.get(v, ()):
            if w == start:
                path = [v]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                return path[::-1] + [start]
            if w in members and w not in prev:
                prev[w] = v
                queue.append(w)
    return comp


def test_the_measure_finds_cycles_and_function_level_imports():
    known = ["a", "b", "c", "d"]
    assert imports_of("from . import a, b\nfrom .c import x\n", known) == \
        {"a", "b", "c"}
    assert imports_of("def f():\n    from . import d\n", known) == {"d"}
    assert imports_of("from dealloc_harness.a import x\nimport dealloc_harness.b\n"
                      "import os\nfrom .. import c\n", known) == {"a", "b"}
    assert cycles({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]}) == \
        [["a", "b", "c", "a"]]
    assert cycles({"a": ["b"], "b": [], "c": ["d"], "d": ["c"]}) == [["c", "d", "c"]]
    assert cycles({"a": ["b"], "b": ["c"], "c": []}) == []


def test_no_import_cycle_in_the_package():
    edges = graph()
    assert len(edges) > 30, edges
    found = cycles(edges)
    assert not found, "import cycles in dealloc_harness: " + "; ".join(
        " -> ".join(c) for c in found)


def test_every_name_imported_inside_the_package_exists():
    """A function-level import is only run when its function is: a name
    moved to another module must not be found missing by a user first."""
    import importlib
    missing = []
    for name in modules():
        with open(os.path.join(PACKAGE_DIR, name + ".py")) as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            if not (isinstance(node, ast.ImportFrom) and node.level == 1):
                continue
            target = f"{PACKAGE}.{node.module}" if node.module else PACKAGE
            mod = importlib.import_module(target)
            for alias in node.names:
                if not hasattr(mod, alias.name) and not (
                        node.module is None and
                        os.path.exists(os.path.join(PACKAGE_DIR, alias.name + ".py"))):
                    missing.append(f"{name}.py:{node.lineno}: {target}.{alias.name}")
    assert not missing, missing
