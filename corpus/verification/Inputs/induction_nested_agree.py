#!/usr/bin/env python3
"""Property test for [verify.induction] on NESTED and CHAINED scf.for loops:
dealloc-verify's SAFE answers agree with dealloc-run.

Generates, with a fixed seed, functions
  (%n: index, %m: index, %c: i1, %arg: memref<2xf32>) -> memref<2xf32>
whose bodies hold a chain of 2-3 sequential scf.for loops, an outer scf.for
around one or two inner ones (depth 2), or a chain with such a nest in it;
every loop runs from 0 or 1 to %n or %m (input dependent) and carries 1-2
memref iter_args. The bodies allocate, copy, load, store and choose between
buffers on %c (arith.select, scf.if).
Two kinds:
  - "hand": frees written by hand along an ownership discipline (every
    buffer freed once, after its last use, iter_args handed on), then, in
    most functions, broken on purpose: a double free, a free of a buffer
    still used later, a missing or conditional free (leak), a free of %arg
    or %arg returned (ABI violation), one buffer handed on twice;
  - "pipe": no frees; deallocated by dealloc-opt's
    --reference-buffer-deallocation-pipeline and by upstream mlir-opt's
    --buffer-deallocation-pipeline (two versions of every function).
Each input function is first parsed by mlir-opt; a function that does not
parse, or whose pipeline fails, is discarded (and counted). dealloc-verify
runs with --unroll 2, so a SAFE answer for these loops can only come from
the induction proof. For every function:
  - dealloc-verify says SAFE => dealloc-run says SAFE on every enumerated
    input (trip counts 0..2) and, through wrappers that call the function,
    on trip counts 3..5 and 0, 3, 6;
  - a counterexample of dealloc-verify (a violation verdict) reproduces
    under dealloc-run on its input, and no answer of dealloc-verify says that
    a replay did not reproduce ([verify.replay]);
  - both tools answer (a crash or a timeout is a disagreement; a module
    whose run stops early is rerun function by function).
Prints `induction-nested-agree: N functions, S safe, D disagreements`; every
disagreement is printed to stderr with the function and both tools' output.
"""
import json
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                os.pardir, os.pardir, os.pardir, "harness"))
from dealloc_harness import toolclient  # noqa: E402

VERIFY = toolclient.find("dealloc-verify")
RUN = toolclient.find("dealloc-run")
OPT = toolclient.find("dealloc-opt")
MLIR_OPT = toolclient.MLIR_OPT
T = "memref<2xf32>"
SIG = f"(%n: index, %m: index, %c: i1, %arg: {T}) -> {T}"
SEED = 20261124
PROGRAMS = 30  # per kind
UNROLL = 2
VIOLATIONS = toolclient.describe(VERIFY).violations
# Trip counts beyond dealloc-run's enumeration (0..2; a SAFE answer is for
# every trip count): a wrapper per function calls it with %n = %k + 3 and
# %m = %l + 3 (3..5), another with %n = 3 * %k and %m = 3 * %l (0, 3, 6).
WRAPPERS = {"big": "arith.addi", "mix": "arith.muli"}


class Gen:
    """One function's text, built block by block."""

    def __init__(self, rng, name, hand):
        self.rng = rng
        self.name = name
        self.hand = hand
        self.fresh = 0
        self.loops = 0
        # Bugs of a "hand" function: each fires at some of its chances.
        self.bugs = set()
        if hand and rng.random() < 0.75:
            kinds = ["double", "uaf", "leak", "condleak", "abi_free",
                     "abi_ret", "alias"]
            self.bugs = set(rng.sample(kinds, rng.choice([1, 1, 2])))
        self.fired = set()

    def new(self, prefix):
        self.fresh += 1
        return f"%{prefix}{self.fresh}"

    def bug(self, kind, p=0.35):
        if kind in self.bugs and self.rng.random() < p:
            self.fired.add(kind)
            return True
        return False

    # --- pieces -----------------------------------------------------------

    def trip(self):
        lb = self.rng.choice(["%c0", "%c0", "%c1"])
        return lb, self.rng.choice(["%n", "%m"])

    def block(self, ind, live, owned, dead, depth, budget, loops_here):
        """Ops of one block. `live`: readable buffers (the caller keeps its
        own list); `owned`: buffers this block must free or hand on (a
        sublist of `live`, hand kind only); `dead`: freed buffers still in
        scope. Returns lines; `live`/`owned`/`dead` are updated in place."""
        rng, out = self.rng, []
        pad = "  " * ind
        ops = ["alloc", "alloc", "copy", "load", "store", "select", "if"]
        if self.hand:
            ops += ["replace", "replace", "free", "select_own", "if_free"]
        plan = [rng.choice(ops) for _ in range(budget)]
        for k in range(loops_here):
            plan.insert(rng.randint(0, len(plan)), "loop")
        for op in plan:
            if op == "loop" and depth < 2:
                out += self.loop(ind, live, owned, dead, depth)
            elif op == "alloc" or (not live and op != "loop"):
                v = self.new("a")
                out.append(f"{pad}{v} = memref.alloc() : {T}")
                live.append(v)
                if self.hand:
                    owned.append(v)
            elif op == "copy":
                src = self.read(live, dead)
                dst = self.read(live, dead)
                out.append(f"{pad}memref.copy {src}, {dst} : {T} to {T}")
            elif op == "load":
                v = self.new("l")
                out.append(f"{pad}{v} = memref.load "
                           f"{self.read(live, dead)}[%c0] : {T}")
            elif op == "store":
                out.append(f"{pad}memref.store %f1, "
                           f"{self.read(live, dead)}[%c1] : {T}")
            elif op == "select" and not self.hand:
                v = self.new("s")
                out.append(f"{pad}{v} = arith.select %c, {rng.choice(live)}, "
                           f"{rng.choice(live)} : {T}")
                live.append(v)
            elif op == "if" and not self.hand:
                v, t = self.new("q"), self.new("t")
                then = (f"{pad}  {t} = memref.alloc() : {T}\n"
                        f"{pad}  scf.yield {t} : {T}")
                if rng.random() < 0.5:
                    then = f"{pad}  scf.yield {rng.choice(live)} : {T}"
                out.append(f"{pad}{v} = scf.if %c -> ({T}) {{\n{then}\n"
                           f"{pad}}} else {{\n"
                           f"{pad}  scf.yield {rng.choice(live)} : {T}\n"
                           f"{pad}}}")
                live.append(v)
            elif op in ("select", "select_own") and self.hand:
                # Choose between two owned buffers; free the other one.
                if len(owned) < 2:
                    continue
                a, b = rng.sample(owned, 2)
                v = self.new("s")
                out.append(f"{pad}{v} = arith.select %c, {a}, {b} : {T}")
                out.append(f"{pad}scf.if %c {{")
                if not self.bug("leak"):
                    out.append(f"{pad}  memref.dealloc {b} : {T}")
                out.append(f"{pad}}} else {{")
                if not self.bug("leak"):
                    out.append(f"{pad}  memref.dealloc {a} : {T}")
                out.append(f"{pad}}}")
                self.drop(a, live, owned, dead)
                self.drop(b, live, owned, dead)
                live.append(v)
                owned.append(v)
            elif op in ("if", "if_free") and self.hand:
                # An scf.if yielding a fresh buffer on both branches, or an
                # owned one on one branch (freed and replaced on the other).
                v, t, u = self.new("q"), self.new("t"), self.new("t")
                if op == "if_free" and owned:
                    a = rng.choice(owned)
                    then = f"{pad}  scf.yield {a} : {T}"
                    other = ([] if self.bug("leak") else
                             [f"{pad}  memref.dealloc {a} : {T}"])
                    other += [f"{pad}  {u} = memref.alloc() : {T}",
                              f"{pad}  scf.yield {u} : {T}"]
                    self.drop(a, live, owned, dead)
                else:
                    then = (f"{pad}  {t} = memref.alloc() : {T}\n"
                            f"{pad}  scf.yield {t} : {T}")
                    other = [f"{pad}  {u} = memref.alloc() : {T}"]
                    if live:
                        other.append(f"{pad}  memref.copy "
                                     f"{self.read(live, dead)}, {u} : "
                                     f"{T} to {T}")
                    other.append(f"{pad}  scf.yield {u} : {T}")
                out.append(f"{pad}{v} = scf.if %c -> ({T}) {{\n{then}\n"
                           f"{pad}}} else {{\n" + "\n".join(other) +
                           f"\n{pad}}}")
                live.append(v)
                owned.append(v)
            elif op == "replace" and owned:
                # A fresh copy of an owned buffer replaces it.
                a, v = rng.choice(owned), self.new("a")
                out.append(f"{pad}{v} = memref.alloc() : {T}")
                if self.bug("uaf", 0.3):
                    out.append(f"{pad}memref.dealloc {a} : {T}")
                    out.append(f"{pad}memref.copy {a}, {v} : {T} to {T}")
                else:
                    out.append(f"{pad}memref.copy {a}, {v} : {T} to {T}")
                    out += self.free(pad, a)
                self.drop(a, live, owned, dead)
                live.append(v)
                owned.append(v)
            elif op == "free" and owned:
                a = rng.choice(owned)
                out += self.free(pad, a)
                self.drop(a, live, owned, dead)
            if self.bug("abi_free", 0.15):
                out.append(f"{pad}scf.if %c {{\n{pad}  memref.dealloc %arg : "
                           f"{T}\n{pad}}}" if rng.random() < 0.5 else
                           f"{pad}memref.dealloc %arg : {T}")
        return out

    def read(self, live, dead):
        if dead and self.bug("uaf", 0.3):
            return self.rng.choice(dead)
        return self.rng.choice(live)

    def drop(self, v, live, owned, dead):
        if v in owned:
            owned.remove(v)
        if v in live:
            live.remove(v)
        dead.append(v)

    def free(self, pad, v):
        """Freeing v by hand, maybe wrongly."""
        if self.bug("leak"):
            return []
        if self.bug("condleak"):
            return [f"{pad}scf.if %c {{", f"{pad}  memref.dealloc {v} : {T}",
                    f"{pad}}}"]
        out = [f"{pad}memref.dealloc {v} : {T}"]
        if self.bug("double", 0.3):
            out += ([f"{pad}scf.if %c {{", f"{pad}  memref.dealloc {v} : {T}",
                     f"{pad}}}"] if self.rng.random() < 0.5 else
                    [f"{pad}memref.dealloc {v} : {T}"])
        return out

    def take(self, pad, live, owned, dead, k, out):
        """k distinct buffers to hand on (to a loop or a yield), taken from
        `owned` (hand kind; fresh ones if too few) or from `live` (pipe)."""
        rng, vals = self.rng, []
        for _ in range(k):
            pool = owned if self.hand else live
            if self.hand and vals and self.bug("alias", 0.5):
                vals.append(vals[0])
                continue
            if self.hand and self.bug("abi_free", 0.3):
                vals.append("%arg")  # handed on as if owned: freed later
                continue
            cand = [v for v in pool if v not in vals] if self.hand else pool
            if not cand or (not self.hand and rng.random() < 0.2):
                v = self.new("a")
                out.append(f"{pad}{v} = memref.alloc() : {T}")
                live.append(v)
                if self.hand:
                    owned.append(v)
                cand = [v]
            v = rng.choice(cand)
            if self.hand and v in owned:  # handed on: no longer ours
                self.drop(v, live, owned, dead)
            vals.append(v)
        return vals

    def loop(self, ind, live, owned, dead, depth):
        rng, pad = self.rng, "  " * ind
        out = []
        iters = rng.randint(1, 2)
        inits = self.take(pad, live, owned, dead, iters, out)
        self.loops += 1
        lid = self.loops
        r, iv = f"%r{lid}", f"%i{lid}"
        xs = [f"%x{lid}_{k}" for k in range(iters)]
        lb, ub = self.trip()
        args = ", ".join(f"{x} = {v}" for x, v in zip(xs, inits))
        types = ", ".join([T] * iters)
        out.append(f"{pad}{r}:{iters} = scf.for {iv} = {lb} to {ub} step "
                   f"%c1 iter_args({args}) -> ({types}) {{")
        # The body reads what is live outside (minus what was handed in,
        # which the body may free) and owns its iter_args.
        blive = [v for v in live] + list(xs)
        bowned = list(xs) if self.hand else []
        bdead = list(dead) + [v for v in inits if v != "%arg"]
        inner = 0
        if depth == 0 and rng.random() < self.nest_p:
            inner = rng.choice([1, 1, 2])
        out += self.block(ind + 1, blive, bowned, bdead, depth + 1,
                          rng.randint(1, 4), inner)
        ys = self.take(pad + "  ", blive, bowned, bdead, iters, out)
        if not self.hand:  # a visible effect: canonicalization keeps it
            out.append(f"{pad}  memref.copy {rng.choice(ys)}, %arg : "
                       f"{T} to {T}")
        for v in list(bowned):  # the rest of what the body owns
            out += self.free(pad + "  ", v)
        out.append(f"{pad}  scf.yield {', '.join(ys)} : {types}")
        out.append(f"{pad}}}")
        for k in range(iters):
            v = f"{r}#{k}"
            live.append(v)
            if self.hand:
                owned.append(v)
        return out

    def function(self):
        rng = self.rng
        shape = rng.choice(["chain", "nest", "both"])
        self.nest_p = {"chain": 0.0, "nest": 1.0, "both": 0.5}[shape]
        nloops = {"chain": rng.randint(2, 3), "nest": 1,
                  "both": rng.randint(2, 3)}[shape]
        if shape == "both":  # at least one nest in the chain
            self.nest_p = 1.0 if nloops == 2 else 0.5
        lines = [f"func.func @{self.name}{SIG} {{",
                 "  %c0 = arith.constant 0 : index",
                 "  %c1 = arith.constant 1 : index",
                 "  %f1 = arith.constant 1.0 : f32"]
        live, owned, dead = ["%arg"], [], []
        v = self.new("a")
        lines.append(f"  {v} = memref.alloc() : {T}")
        live.append(v)
        if self.hand:
            owned.append(v)
        lines += self.block(1, live, owned, dead, 0, rng.randint(0, 3), nloops)
        if shape == "both" and self.nest_p < 1.0 and self.loops == nloops:
            # No loop of the chain got an inner one: add a nest.
            self.nest_p = 1.0
            lines += self.loop(1, live, owned, dead, 0)
        if self.hand and self.bug("abi_ret", 0.6):
            ret = "%arg"
        elif self.hand:
            ret = self.take("  ", live, owned, dead, 1, lines)[0]
        else:
            ret = rng.choice(live)
        for v in list(owned):
            lines += self.free("  ", v)
        lines.append(f"  return {ret} : {T}")
        lines.append("}")
        return "\n".join(lines) + "\n"


def with_wrappers(text, names):
    """The module `text` with the wrappers of WRAPPERS for `names`."""
    fns = []
    for fn in names:
        for w, op in WRAPPERS.items():
            fns.append(
                f"func.func @{fn}_{w}(%k: index, %l: index, %c: i1, "
                f"%arg: {T}) -> {T} {{\n"
                f"  %c3 = arith.constant 3 : index\n"
                f"  %n = {op} %k, %c3 : index\n"
                f"  %m = {op} %l, %c3 : index\n"
                f"  %r = func.call @{fn}(%n, %m, %c, %arg) : "
                f"(index, index, i1, {T}) -> {T}\n"
                f"  return %r : {T}\n}}\n")
    text = text.rstrip()
    if text.startswith("module"):  # inside the pipeline's module
        return text[:-1] + "".join(fns) + "}\n"
    return text + "\n" + "".join(fns)


def run(cmd, **kw):
    try:
        return subprocess.run(cmd, capture_output=True, text=True,
                              timeout=300, **kw)
    except subprocess.TimeoutExpired as e:
        return subprocess.CompletedProcess(cmd, "timeout", e.stdout or "",
                                           "timed out after 300 s")


def answers(cmd, path, names):
    """The JSON answer of `cmd` (dealloc-verify or dealloc-run) per function
    of the module at `path`. A function the whole module's run leaves
    without an answer (the tool crashed on it or on an earlier one) is run
    alone; if that crashes too, its answer says so (no "verdict")."""
    res = by_function(run(cmd + [path]).stdout)
    for fn in names:
        if fn not in res:
            p = run(cmd + ["--function", fn, path])
            res[fn] = by_function(p.stdout).get(fn) or {
                "function": fn, "exit": p.returncode,
                "stderr": p.stderr[-2000:]}
    return res


def parses(text):
    return run([MLIR_OPT, "-"], input=text).returncode == 0


def pipeline(cmd, fns, tmp, tag):
    """The output of a deallocation pipeline on the functions `fns` (name ->
    text), as one module; functions whose pipeline fails alone are
    dropped. Returns (path, names kept, names dropped)."""
    src = "".join(fns.values())
    out = run(cmd, input=src)
    dropped = []
    if out.returncode != 0:
        keep = {}
        for name, text in fns.items():
            if run(cmd, input=text).returncode == 0:
                keep[name] = text
            else:
                dropped.append(name)
        out = run(cmd, input="".join(keep.values()))
        fns = keep
    path = os.path.join(tmp, f"{tag}.mlir")
    with open(path, "w") as f:
        f.write(out.stdout)
    return path, list(fns), dropped


def by_function(out):
    return {o["function"]: o for o in toolclient.json_lines(out) if "function" in o}


def function_text(path, name):
    """The text of @name in the module at `path` (for the reports)."""
    text = open(path).read()
    start = text.find(f"@{name}(")
    if start < 0:
        return "<not found>"
    start = text.rfind("\n", 0, start) + 1
    depth, i = 0, text.index("{", start)
    while i < len(text):
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        if depth == 0:
            return text[start:i + 1]
        i += 1
    return text[start:]


def main():
    rng = random.Random(SEED)
    discards = {"invalid": 0, "pipeline": 0}
    fired = {}
    hand, pipe = {}, {}
    for kind, fns in (("hand", hand), ("pipe", pipe)):
        for k in range(PROGRAMS):
            g = Gen(rng, f"{kind}{k}", kind == "hand")
            name, text = g.name, g.function()
            for b in g.fired:
                fired[b] = fired.get(b, 0) + 1
            if parses(text):
                fns[name] = text
            else:
                discards["invalid"] += 1
                print(f"discarded (does not parse): @{g.name}\n{text}",
                      file=sys.stderr)
    total = safe = 0
    bad = []
    pairs = {}
    with tempfile.TemporaryDirectory() as tmp:
        hand_path = os.path.join(tmp, "hand.mlir")
        with open(hand_path, "w") as f:
            f.write("".join(hand.values()))
        modules = [("hand", hand_path, list(hand))]
        for tag, cmd in (("ref", [OPT, "--reference-buffer-deallocation-"
                                  "pipeline", "-"]),
                         ("up", [MLIR_OPT, "--buffer-deallocation-pipeline",
                                 "-"])):
            path, kept, dropped = pipeline(cmd, pipe, tmp, f"pipe-{tag}")
            discards["pipeline"] += len(dropped)
            for name in dropped:
                print(f"discarded ({tag} pipeline fails): @{name}\n"
                      f"{pipe[name]}", file=sys.stderr)
            modules.append((f"pipe-{tag}", path, kept))
        for tag, path, names in modules:
            v = answers([VERIFY, "--json", f"--unroll={UNROLL}"], path, names)
            r = answers([RUN, "--json"], path, names)
            extra = {}
            sure = [n for n in names if v.get(n, {}).get("verdict") == "SAFE"]
            if sure:
                big = os.path.join(tmp, f"{tag}-big.mlir")
                with open(big, "w") as f:
                    f.write(with_wrappers(open(path).read(), sure))
                rb = by_function(run([RUN, "--json", big]).stdout)
                for fn in sure:
                    for w in WRAPPERS:
                        o = rb.get(f"{fn}_{w}", {"function": f"{fn}_{w}"})
                        if o.get("verdict") != "SAFE":
                            extra.setdefault(fn, o)
            for fn in names:
                total += 1
                vo, ro = v.get(fn, {}), r.get(fn, {})
                vv, rv = vo.get("verdict"), ro.get("verdict")
                key = f"{tag} {vv}/{rv}"
                pairs[key] = pairs.get(key, 0) + 1
                why, runs = None, [ro]
                if vv == "SAFE":
                    safe += 1
                    if rv != "SAFE":
                        why = f"dealloc-verify SAFE, dealloc-run {rv}"
                    elif fn in extra:
                        runs = [extra[fn]]
                        w = extra[fn].get("function", "")[len(fn) + 1:]
                        why = (f"dealloc-verify SAFE, dealloc-run "
                               f"{extra[fn].get('verdict')} on input "
                               f"{extra[fn].get('input')} of "
                               f"@{fn}_{w} (%n = %k {WRAPPERS.get(w)} 3, "
                               f"%m = %l {WRAPPERS.get(w)} 3)")
                elif vv in VIOLATIONS:
                    rep = by_function(run([RUN, "--json", "--function", fn,
                                           "--input", vo.get("input", ""),
                                           path]).stdout).get(fn, {})
                    runs = [rep]
                    if rep.get("verdict") != vv:
                        why = (f"dealloc-verify {vv} on input "
                               f"{vo.get('input')}, dealloc-run "
                               f"{rep.get('verdict')} there")
                elif vv is None:
                    why = (f"no answer of dealloc-verify (exit "
                           f"{vo.get('exit')}: crashed or timed out)")
                said = vo.get("message", "")
                if "did not reproduce" in said or \
                        "not a valid dealloc-run input" in said:
                    why = f"dealloc-verify {vv}: {said}"
                if why:
                    bad.append(f"@{fn} ({tag}): {why}")
                    print(f"DISAGREE @{fn} ({tag}): {why}\n"
                          f"{function_text(path, fn)}\n"
                          f"dealloc-verify: {json.dumps(vo)}\n" +
                          "".join(f"dealloc-run: {json.dumps(o)}\n"
                                  for o in runs), file=sys.stderr)
    print("verdicts (kind verify/run): " + ", ".join(
        f"{k} {n}" for k, n in sorted(pairs.items())), file=sys.stderr)
    print("bugs placed in hand functions: " + ", ".join(
        f"{k} {n}" for k, n in sorted(fired.items())), file=sys.stderr)
    print(f"discarded: {discards['invalid']} invalid, "
          f"{discards['pipeline']} pipeline failures")
    print(f"induction-nested-agree: {total} functions, {safe} safe, "
          f"{len(bad)} disagreements")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
