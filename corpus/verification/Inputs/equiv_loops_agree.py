#!/usr/bin/env python3
"""Property test for [equiv.loops]: dealloc-verify --equiv's answers on loops
whose iterations allocate input-program buffers agree with dealloc-run.

Two families, generated with a fixed seed:
  - pipe: scf.for / scf.while loops with an input-dependent trip count whose
    body allocates (memref iter_args, temporaries, copies, selects), without
    frees; A is upstream's --buffer-deallocation-pipeline output, B the
    reference pipeline's.
  - hand: pairs written with frees, where B frees the previous iteration's
    buffer or a temporary in another interval than A in one iteration K
    (sometimes in the same interval: equivalent), K drawn up to 8, beyond
    the unroll bound of 4.
  - nested pipe / nested hand: the same with an scf.for, scf.while or
    affine.for inside the loop, its trip count the outer induction variable
    or %n, whose iterations allocate ([equiv.loops], nested pairs); the
    hand pairs move a free of the inner loop (or of the outer one after the
    inner loop) in one inner iteration J of one outer iteration I.
Every allocation of the input program carries `dealloc.site = N`, so both
tools name the same buffers. Each version runs under dealloc-run on trip
counts 0..10 (`--all-inputs --events --input`); per input the verdicts and,
for every input-program buffer (site, k-th), the number of input-program
allocations before its free are compared ([equiv.def]):
  - EQUIVALENT => no trip count shows a difference;
  - DIFFERENT on input X => dealloc-run shows one on X.
Prints `equiv-loops-agree: N functions, E equivalent, D different,
0 disagreements` on success.
"""
import os
import random
import re
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                os.pardir, os.pardir, os.pardir, "harness"))
from dealloc_harness import toolclient  # noqa: E402

VERIFY = toolclient.find("dealloc-verify")
RUN = toolclient.find("dealloc-run")
OPT = toolclient.find("dealloc-opt")
T = "memref<2xf32>"
SEED = 20261127
PIPE = 12
HAND = 12
NEST_PIPE = 6
NEST_HAND = 6
TRIPS = range(0, 10)


class Sites:
    def __init__(self):
        self.n = 0

    def alloc(self, ty=T):
        self.n += 1
        return f"memref.alloc() {{dealloc.site = {self.n}}} : {ty}"


def pipe_function(rng, name, sites):
    """A loop without frees: the pipelines deallocate it."""
    kind = rng.choice(["for", "for", "while"])
    lines = [f"func.func @{name}(%n: index, %c: i1) -> {T} {{",
             "  %c0 = arith.constant 0 : index",
             "  %c1 = arith.constant 1 : index",
             f"  %init = {sites.alloc()}"]
    body = []
    vals = ["%x"]
    for k in range(rng.randint(1, 3)):
        op = rng.choice(["alloc", "alloc", "select", "copy", "temp"])
        if op == "alloc":
            body.append(f"%a{k} = {sites.alloc()}")
            vals.append(f"%a{k}")
        elif op == "select":
            body.append(f"%s{k} = arith.select %c, {rng.choice(vals)}, "
                        f"{rng.choice(vals)} : {T}")
            vals.append(f"%s{k}")
        elif op == "copy":
            body.append(f"memref.copy {rng.choice(vals)}, "
                        f"{rng.choice(vals)} : {T} to {T}")
        else:
            body.append(f"%t{k} = {sites.alloc('memref<4xf32>')}")
    out = rng.choice(vals[1:] or vals)
    if kind == "for":
        lines.append(f"  %r = scf.for %i = %c0 to %n step %c1 "
                     f"iter_args(%x = %init) -> ({T}) {{")
        lines += ["    " + b for b in body]
        lines.append(f"    scf.yield {out} : {T}")
        lines.append("  }")
        lines.append(f"  return %r : {T}")
    else:
        lines.append(f"  %r:2 = scf.while (%x = %init, %i = %c0) : ({T}, index)"
                     f" -> ({T}, index) {{")
        lines.append("    %go = arith.cmpi ult, %i, %n : index")
        lines.append(f"    scf.condition(%go) %x, %i : {T}, index")
        lines.append("  } do {")
        lines.append(f"  ^bb0(%x: {T}, %j: index):")
        lines += ["    " + b for b in body]
        lines.append("    %k = arith.addi %j, %c1 : index")
        lines.append(f"    scf.yield {out}, %k : {T}, index")
        lines.append("  }")
        lines.append(f"  return %r#0 : {T}")
    lines.append("}")
    return "\n".join(lines)


def hand_pair(rng, name, sites):
    """The same loop in A and B; B moves a free to `late` in iteration K."""
    k = rng.randint(0, 8)
    temp = rng.random() < 0.5
    # Where the previous buffer %x and the temporary are freed: 0 before the
    # new buffer's allocation, 1 after it (and before the temporary's), 2
    # after the temporary's allocation.
    places = [0, 1, 2] if temp else [0, 1]
    xa = rng.choice(places)
    xb = rng.choice(places)
    head = [f"func.func @{name}(%n: index) {{",
            "  %c0 = arith.constant 0 : index",
            "  %c1 = arith.constant 1 : index",
            f"  %ck = arith.constant {k} : index",
            f"  %init = {sites.alloc()}",
            f"  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %init)"
            f" -> ({T}) {{",
            "    %late = arith.cmpi eq, %i, %ck : index"]
    new = sites.alloc()
    tmp = sites.alloc("memref<4xf32>") if temp else None
    tail = [f"    scf.yield %b : {T}", "  }",
            f"  memref.dealloc %r : {T}", "  return", "}"]

    def body(late):
        out = []
        for place in places + [3]:
            if place == xa:
                cond = "%late" if late else None
                if late:
                    out.append("    scf.if %late {} else {")
                    out.append(f"      memref.dealloc %x : {T}")
                    out.append("    }")
                else:
                    out.append(f"    memref.dealloc %x : {T}")
            if late and place == xb:
                out.append("    scf.if %late {")
                out.append(f"      memref.dealloc %x : {T}")
                out.append("    }")
            if place == 0:
                out.append(f"    %b = {new}")
            if place == 1 and temp:
                out.append(f"    %t = {tmp}")
        if temp:
            out.append("    memref.dealloc %t : memref<4xf32>")
        return out

    a = "\n".join(head + body(False) + tail)
    b = "\n".join(head + body(True) + tail)
    return a, b


def loop_head(kind, iv, bound, var, init, ty, indent):
    """The opening lines of a loop of `kind` over [0, bound) carrying `var`
    (from `init`), and its closing lines given the yielded value; scf.while
    counts with a second carried index."""
    p = " " * indent
    if kind == "for":
        return ([f"{p}%{var}r = scf.for %{iv} = %c0 to {bound} step %c1 "
                 f"iter_args(%{var} = {init}) -> ({ty}) {{"],
                lambda out: [f"{p}  scf.yield {out} : {ty}", f"{p}}}"],
                f"%{var}r")
    if kind == "affine":
        return ([f"{p}%{var}r = affine.for %{iv} = 0 to {bound} "
                 f"iter_args(%{var} = {init}) -> ({ty}) {{"],
                lambda out: [f"{p}  affine.yield {out} : {ty}", f"{p}}}"],
                f"%{var}r")
    head = [f"{p}%{var}r:2 = scf.while (%{var}w = {init}, %{iv}w = %c0) : "
            f"({ty}, index) -> ({ty}, index) {{",
            f"{p}  %{var}go = arith.cmpi ult, %{iv}w, {bound} : index",
            f"{p}  scf.condition(%{var}go) %{var}w, %{iv}w : {ty}, index",
            f"{p}}} do {{",
            f"{p}^bb0(%{var}: {ty}, %{iv}: index):"]
    return (head,
            lambda out: [f"{p}  %{iv}n = arith.addi %{iv}, %c1 : index",
                         f"{p}  scf.yield {out}, %{iv}n : {ty}, index",
                         f"{p}}}"],
            f"%{var}r#0")


def nested_pipe_function(rng, name, sites):
    """Nested loops without frees, the inner one's iterations allocating."""
    outer = rng.choice(["for", "for", "while", "affine"])
    inner = rng.choice(["for", "for", "while"])
    bound = rng.choice(["%n", "%i"])
    lines = [f"func.func @{name}(%n: index, %c: i1) -> {T} {{",
             "  %c0 = arith.constant 0 : index",
             "  %c1 = arith.constant 1 : index",
             f"  %init = {sites.alloc()}"]
    if outer == "affine":
        # Upstream's pipeline rejects an affine.for carrying a memref
        # (its ownership flag is appended to the iter_args, not to the
        # operand segments): the affine loop carries nothing.
        oh = ["  affine.for %i = 0 to %n {"]
        oclose = lambda out: ["  }"]  # noqa: E731
        ores = "%init"
        carried = "%init"
    else:
        oh, oclose, ores = loop_head(outer, "i", "%n", "x", "%init", T, 2)
        carried = "%x"
    ih, iclose, ires = loop_head(inner, "j", bound, "y", carried, T, 4)
    lines += oh + ih
    vals = ["%y"]
    for k in range(rng.randint(1, 2)):
        op = rng.choice(["alloc", "alloc", "select", "copy"])
        if op == "alloc":
            lines.append(f"      %a{k} = {sites.alloc()}")
            vals.append(f"%a{k}")
        elif op == "select":
            lines.append(f"      %s{k} = arith.select %c, {rng.choice(vals)}, "
                         f"{rng.choice(vals)} : {T}")
            vals.append(f"%s{k}")
        else:
            lines.append(f"      memref.copy {rng.choice(vals)}, "
                         f"{rng.choice(vals)} : {T} to {T}")
    lines += iclose(rng.choice(vals[1:] or vals))
    out = ires
    if rng.random() < 0.5:
        lines.append(f"    %o = {sites.alloc()}")
        lines.append(f"    memref.copy {ires}, %o : {T} to {T}")
        out = rng.choice([ires, "%o"])
    lines += oclose(out)
    lines.append(f"  return {ores} : {T}")
    lines.append("}")
    return "\n".join(lines)


def nested_hand_pair(rng, name, sites, same):
    """Nested loops freeing their buffers; B moves one free (of the inner
    loop's previous buffer, or of the outer loop's after the inner loop)
    to after the next allocation in inner iteration J of outer iteration I
    (for the outer free: in outer iteration I), or, with `same`, moves
    nothing observable."""
    i, j = rng.randint(0, 8), rng.randint(0, 8)
    which = rng.choice(["inner", "outer"])
    outer = rng.choice(["for", "while", "affine"])
    inner = rng.choice(["for", "while"] if outer != "affine" else ["affine"])
    head = [f"func.func @{name}(%n: index) {{",
            "  %c0 = arith.constant 0 : index",
            "  %c1 = arith.constant 1 : index",
            f"  %ci = arith.constant {i} : index",
            f"  %cj = arith.constant {j} : index",
            f"  %init = {sites.alloc()}"]
    new_in, new_out = sites.alloc(), sites.alloc()
    tmp = sites.alloc("memref<4xf32>")
    oh, oclose, ores = loop_head(outer, "i", "%n", "x", "%init", T, 2)
    ih, iclose, ires = loop_head(inner, "j", "%n", "y", "%x", T, 4)

    def moved(late, var, indent):
        p = " " * indent
        if late is None:
            return ([f"{p}memref.dealloc {var} : {T}"], [])
        return ([f"{p}scf.if {late} {{", f"{p}}} else {{",
                 f"{p}  memref.dealloc {var} : {T}", f"{p}}}"],
                [f"{p}scf.if {late} {{", f"{p}  memref.dealloc {var} : {T}",
                 f"{p}}}"])

    def body(late_version):
        out = list(head) + oh
        out.append("    %oi = arith.cmpi eq, %i, %ci : index")
        out += ih
        out.append("      %ij = arith.cmpi eq, %j, %cj : index")
        out.append("      %both = arith.andi %oi, %ij : i1")
        out.append(f"      %t = {tmp}")
        late = "%both" if late_version and which == "inner" and not same else None
        before, after = moved(late, "%y", 6)
        out += before
        out.append(f"      %b = {new_in}")
        out += after
        out.append("      memref.dealloc %t : memref<4xf32>")
        out += iclose("%b")
        late = "%oi" if late_version and which == "outer" and not same else None
        if late_version and same:
            # The same free through other control flow.
            out += [f"    scf.if %oi {{", f"      memref.dealloc {ires} : {T}",
                    "    } else {", f"      memref.dealloc {ires} : {T}", "    }"]
            after = []
        else:
            before, after = moved(late, ires, 4)
            out += before
        out.append(f"    %o = {new_out}")
        out += after
        out += oclose("%o")
        out += [f"  memref.dealloc {ores} : {T}", "  return", "}"]
        return "\n".join(out)

    return body(False), body(True)


def runs(path, fn):
    """Per trip count: (verdict, {(site, k): allocations before its free})."""
    out = {}
    for n in TRIPS:
        p = toolclient.run([RUN, "--all-inputs", "--events", "--function", fn,
                            "--input", str(n), path], timeout=600)
        verdict = re.search(rf"^@{fn}\([^)]*\): (\w+)", p.stdout, re.M)
        ev = re.search(rf"^@{fn}\([^)]*\) events:(.*)$", p.stdout, re.M)
        frees, ident, count, epoch = {}, {}, {}, 0
        for e in (ev.group(1) if ev else "").split(";"):
            m = re.match(r"\s*(\w+) #(\d+)(?: site (\d+))?", e)
            if not m:
                continue
            what, buf, site = m.group(1), m.group(2), m.group(3)
            if what == "alloc" and site:
                k = count.get(site, 0)
                count[site] = k + 1
                ident[buf] = (site, k)
                frees[(site, k)] = None
                epoch += 1
            elif what == "free" and buf in ident:
                frees[ident[buf]] = epoch
        out[n] = (verdict.group(1) if verdict else "?", frees)
    return out


def verdicts(a, b):
    """{function: (answer, distinguishing input)} of dealloc-verify --equiv."""
    recs = toolclient.results([VERIFY, "--equiv", "--json", a, b], timeout=1200,
                              equiv=True)
    return {fn: (rec["verdict"], rec.get("input")) for fn, rec in recs.items()}


def pipeline(argv, what):
    made = toolclient.run(argv, timeout=600)
    if not made.ok:
        sys.exit(f"equiv-loops-agree: {what} failed: {made.describe()}: {made.stderr}")


def pipelined(tmp, stem, functions):
    """The two pipelines' outputs of a source made of `functions`."""
    src = os.path.join(tmp, f"{stem}-in.mlir")
    with open(src, "w") as f:
        f.write("\n".join(functions) + "\n")
    up, ref = os.path.join(tmp, f"{stem}-up.mlir"), os.path.join(tmp, f"{stem}-ref.mlir")
    pipeline([toolclient.MLIR_OPT, "--buffer-deallocation-pipeline", src, "-o", up],
             "upstream's pipeline")
    pipeline([OPT, "--reference-buffer-deallocation-pipeline", src, "-o", ref],
             "the reference pipeline")
    return up, ref


def written(tmp, stem, hand_pairs):
    """Versions A and B of hand-written (a, b) function pairs, as files."""
    ha, hb = zip(*hand_pairs)
    a, b = os.path.join(tmp, f"{stem}-a.mlir"), os.path.join(tmp, f"{stem}-b.mlir")
    for path, fns in ((a, ha), (b, hb)):
        with open(path, "w") as f:
            f.write("\n".join(fns) + "\n")
    return a, b


def main():
    rng = random.Random(SEED)
    sites = Sites()
    with tempfile.TemporaryDirectory() as tmp:
        pairs = [
            pipelined(tmp, "pipe", [pipe_function(rng, f"pipe{k}", sites)
                                    for k in range(PIPE)]),
            written(tmp, "hand", [hand_pair(rng, f"hand{k}", sites)
                                  for k in range(HAND)]),
            # Nested loops ([equiv.loops]: pairs inside pairs).
            pipelined(tmp, "nest", [nested_pipe_function(rng, f"nestpipe{k}", sites)
                                    for k in range(NEST_PIPE)]),
            written(tmp, "nesthand",
                    [nested_hand_pair(rng, f"nesthand{k}", sites, k % 3 == 2)
                     for k in range(NEST_HAND)]),
        ]
        total = equiv = differ = 0
        bad = []
        for a, b in pairs:
            got = verdicts(a, b)
            for fn, (answer, on) in got.items():
                total += 1
                if os.environ.get("EQUIV_AGREE_VERBOSE"):
                    print(fn, answer, on)
                ra, rb = runs(a, fn), runs(b, fn)
                seen = [n for n in TRIPS if ra[n] != rb[n]]
                if answer == "EQUIVALENT":
                    equiv += 1
                    if seen:
                        bad.append(f"@{fn}: EQUIVALENT, but dealloc-run "
                                   f"differs on trip count {seen[0]}: "
                                   f"{ra[seen[0]]} vs {rb[seen[0]]}")
                elif answer == "DIFFERENT":
                    differ += 1
                    n = int(on.split(",")[0])
                    if n in TRIPS and ra[n] == rb[n]:
                        bad.append(f"@{fn}: DIFFERENT on {on}, but "
                                   "dealloc-run shows no difference there")
        for line in bad:
            print(line)
        print(f"equiv-loops-agree: {total} functions, {equiv} equivalent, "
              f"{differ} different, {len(bad)} disagreements")
        return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
