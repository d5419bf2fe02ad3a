#!/usr/bin/python3
"""Ground truth: dealloc-run's verdicts against real execution under valgrind.

usage: groundtruth.py (--pipeline | --ownership | --reference | --as-is) FILE
                      [--cap N] [--keep DIR]
                      [--dealloc-run PATH] [--no-reference]

  --pipeline  FILE is a pre-deallocation source: run upstream's
              `mlir-opt --buffer-deallocation-pipeline` on it first.
  --ownership FILE is a pre-deallocation source: run only upstream's
              `--ownership-based-buffer-deallocation` (the output keeps
              bufferization.dealloc ops; the lowering below lowers them with
              upstream's --bufferization-lower-deallocations).
  --reference FILE is a pre-deallocation source: run the reference pipeline
              `dealloc-opt --reference-buffer-deallocation-pipeline` on it
              first (for inputs upstream's pass rejects, e.g.
              memref.generic_atomic_rmw, [limit.regions.memref-free]).
  --as-is     FILE is already deallocated (hand-made broken variants).

Steps (docs/groundtruth.md): deallocated program -> `dealloc-run --all-inputs
--json` (verdict per public function and input) -> lowered to LLVM IR with
upstream's conversion passes and C wrappers -> linked with a generated C driver
that builds the SAME inputs and acts as the ABI caller -> one valgrind
memcheck process per input -> observed verdict (gt_valgrind's table).
Each input prints one line `@f(input): run=V valgrind=V ok|MISMATCH`.
Every public function needs an `// EXPECT: @f V...` line in FILE listing the
exact set of verdicts valgrind observes over the checked inputs, so the test
also fails when both sides agree on a wrong answer.

Exit: 0 all inputs agree and every EXPECT holds; 1 a disagreement or a failed
EXPECT; 2 a tool or setup problem (message says which).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

import gt_driver
import gt_signature
import gt_valgrind

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                os.pardir, os.pardir, "harness"))
from dealloc_harness import toolclient  # noqa: E402

LLVM_BIN = toolclient.llvm_paths()["llvm_tools_dir"] or ""
CLANG = "/usr/bin/clang-22"
RUNNER_LIB = toolclient.llvm_paths()["llvm_library_dir"] or ""
# --expand-realloc: finalize-memref-to-llvm leaves a static memref.realloc
# unconverted; upstream's pipeline starts with the same expansion (grow:
# alloc + copy + dealloc of the old buffer; shrink: a view of the old one).
# --convert-arith-to-llvm before --finalize-memref-to-llvm: the lowering of
# memref.generic_atomic_rmw (a cmpxchg loop) applies only once its body is
# LLVM; otherwise the op is left unconverted. The vector ops
# ([op.vector.*]): n-D transfers become loops of 1-D ones, which become
# LLVM's masked loads and stores (the mask of the lanes before the end);
# ub.poison becomes LLVM's poison. complex ([op.complex]): add / sub become
# arith on the parts, the rest LLVM's {f32, f32} struct once memrefs are
# LLVM's.
LOWERING = ["--llvm-request-c-wrappers", "--expand-realloc",
            "--bufferization-lower-deallocations",
            "--convert-bufferization-to-memref", "--lower-affine",
            "--convert-complex-to-standard",
            "--scf-forall-to-for", "--lower-vector-multi-reduction",
            "--convert-vector-to-scf",
            "--convert-scf-to-cf",
            "--expand-strided-metadata", "--convert-vector-to-llvm",
            "--convert-arith-to-llvm",
            "--finalize-memref-to-llvm", "--convert-complex-to-llvm",
            "--convert-math-to-llvm", "--convert-math-to-libm",
            "--convert-func-to-llvm", "--convert-arith-to-llvm",
            "--convert-cf-to-llvm", "--convert-index-to-llvm",
            "--convert-ub-to-llvm", "--reconcile-unrealized-casts"]
DEFAULT_CAP = 8


class SetupError(Exception):
    pass


def tool(name):
    found = shutil.which(name) or shutil.which(name, path=LLVM_BIN)
    if not found:
        raise SetupError(f"'{name}' not found on PATH or in {LLVM_BIN}")
    return found


def run(cmd, what, stdin=None):
    p = subprocess.run(cmd, input=stdin, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        raise SetupError(f"{what} failed (exit {p.returncode}): "
                         f"{' '.join(cmd)}\n{p.stderr}")
    return p.stdout


def find_dealloc_run(explicit):
    found = explicit or toolclient.find("dealloc-run")
    if not found:
        raise SetupError("dealloc-run not found (--dealloc-run, "
                         "$DEALLOC_BUILD_DIR/bin, build/bin or PATH)")
    return found


def find_tool(name):
    found = toolclient.find(name)
    if not found:
        raise SetupError(f"{name} not found ($DEALLOC_BUILD_DIR/bin, "
                         "build/bin or PATH)")
    return found


def vocabulary(dealloc_run):
    """The verdicts dealloc-run answers with (its --describe)."""
    try:
        return toolclient.describe(dealloc_run)
    except toolclient.ContractError as exc:
        raise SetupError(str(exc)) from None


def parse_expectations(source, vocab):
    expect = {}
    for m in re.finditer(r"^\s*//\s*EXPECT:\s*@([\w$.]+)\s+(.*)$", source, re.M):
        verdicts = m.group(2).split()
        bad = [v for v in verdicts if v not in vocab.verdicts]
        if bad or not verdicts:
            raise SetupError(f"bad EXPECT line for @{m.group(1)}: {m.group(0)}")
        expect[m.group(1)] = set(verdicts)
    return expect


def parse_deviations(source):
    """`// DEVIATION: @f(INPUT) run=V valgrind=W [clause]`: an expected
    disagreement caused by a documented difference between the spec and
    upstream's lowering (spec/deviations.md). The test fails if it does not
    occur exactly so."""
    dev = {}
    for m in re.finditer(r"^\s*//\s*DEVIATION:\s*@([\w$.]+)\((.*?)\)\s+run=(\w+)"
                         r"\s+valgrind=(\w+)\s+(\[[a-z0-9.\-]+\])\s*$", source, re.M):
        dev[(m.group(1), m.group(2))] = (m.group(3), m.group(4), m.group(5))
    if len(dev) != len(re.findall(r"//\s*DEVIATION:", source)):
        raise SetupError("malformed DEVIATION line (want "
                         "'// DEVIATION: @f(INPUT) run=V valgrind=W [clause]')")
    return dev


def reference_verdicts(dealloc_run, program):
    """{function: [(input, verdict, trace)]} in dealloc-run's order."""
    p = toolclient.run([dealloc_run, os.path.abspath(program), "--all-inputs",
                        "--json"], timeout=3600)
    if p.status == "not-found":
        raise SetupError(f"cannot run {dealloc_run}: {p.stderr}")
    if p.returncode not in (0, 1, 2):
        raise SetupError(f"dealloc-run {p.describe()}:\n{p.stderr}")
    lines = [line for line in p.stdout.splitlines() if line.strip()]
    recs = toolclient.json_lines(p.stdout)
    if len(recs) != len(lines):
        raise SetupError(f"dealloc-run printed {len(lines) - len(recs)} "
                         "non-JSON lines")
    out = {}
    for rec in recs:
        out.setdefault(rec["function"], []).append(
            (rec.get("input", ""), rec["verdict"], rec.get("trace")))
    return out


def select_inputs(records, cap):
    """At most `cap` inputs (more only if there are more distinct verdicts):
    first the first input of every distinct verdict, then inputs evenly
    spread over the enumeration (which varies the last arguments fastest, so
    taking a prefix would only ever see the first i1 value); output keeps
    enumeration order."""
    chosen, seen = [], set()
    for idx, (_, verdict, _) in enumerate(records):
        if verdict not in seen:
            seen.add(verdict)
            chosen.append(idx)
    n = len(records)
    spread = [round(k * (n - 1) / (cap - 1)) for k in range(cap)] if cap > 1 \
        else [0]
    for idx in spread + list(range(n)):
        if len(chosen) >= cap:
            break
        if idx not in chosen:
            chosen.append(idx)
    return [records[i] for i in sorted(chosen)]


def build(program, functions, cases, work):
    lowered = run([tool("mlir-opt")] + LOWERING + [program], "lowering to LLVM")
    llvm_ir = run([tool("mlir-translate"), "--mlir-to-llvmir"],
                  "mlir-translate", stdin=lowered)
    ll = os.path.join(work, "program.ll")
    with open(ll, "w") as f:
        f.write(llvm_ir)
    driver = os.path.join(work, "driver.c")
    with open(driver, "w") as f:
        f.write(gt_driver.generate(functions, cases))
    exe = os.path.join(work, "program")
    # -gdwarf-4: valgrind 3.19 cannot read clang-22's default DWARF 5.
    # -O0: no LLVM optimisation may delete or merge loads, stores or frees.
    # libmlir_c_runner_utils (memrefCopy for non-contiguous memref.copy) is
    # linked only when the program needs it: it loads libLLVM, which makes
    # every valgrind start-up ~5x slower.
    runtime = []
    if re.search(r"^declare .*@memrefCopy\(", llvm_ir, re.M):
        runtime = [f"-L{RUNNER_LIB}", "-lmlir_c_runner_utils",
                   f"-Wl,-rpath,{RUNNER_LIB}"]
    run([CLANG, "-O0", "-gdwarf-4", "-w", ll, driver, "-o", exe, "-lm"] + runtime,
        "compiling the lowered program and driver")
    return exe


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--pipeline", action="store_true")
    mode.add_argument("--ownership", action="store_true")
    mode.add_argument("--reference", action="store_true")
    mode.add_argument("--as-is", action="store_true")
    ap.add_argument("file")
    ap.add_argument("--cap", type=int, default=DEFAULT_CAP)
    ap.add_argument("--keep", help="keep intermediate files in this folder")
    ap.add_argument("--dealloc-run")
    ap.add_argument("--no-reference", action="store_true",
                    help="valgrind only, checked against EXPECT lines")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)

    with open(args.file) as f:
        source = f.read()
    vocab = vocabulary(find_dealloc_run(args.dealloc_run))
    expect = parse_expectations(source, vocab)
    deviations = parse_deviations(source)
    work = args.keep or tempfile.mkdtemp(prefix="groundtruth-")
    os.makedirs(work, exist_ok=True)
    rc = 2
    try:
        program = os.path.join(work, "deallocated.mlir")
        passes = (["--buffer-deallocation-pipeline"] if args.pipeline else
                  ["--ownership-based-buffer-deallocation"] if args.ownership
                  else [])
        if args.reference:
            text = run([find_tool("dealloc-opt"),
                        "--reference-buffer-deallocation-pipeline",
                        str(args.file)], "reference deallocation")
        else:
            text = run([tool("mlir-opt")] + passes + [str(args.file)],
                       "upstream deallocation" if passes else "parsing")
        with open(program, "w") as f:
            f.write(text)
        functions = gt_signature.parse_functions(text)
        public = [f for f in functions if f.public and not f.declaration]
        missing = [f.name for f in public if f.name not in expect]
        if missing:
            raise SetupError("no EXPECT line for " +
                             ", ".join("@" + m for m in missing))
        if args.no_reference:
            records = {f.name: [(t, None, None)
                                for t in gt_signature.enumerate_inputs(f)]
                       for f in public}
        else:
            records = reference_verdicts(find_dealloc_run(args.dealloc_run),
                                         program)
        by_name = {f.name: f for f in functions}
        cases = []
        for f in public:
            recs = records.get(f.name)
            if not recs:
                raise SetupError(f"dealloc-run printed no input for @{f.name}")
            chosen = select_inputs(recs, args.cap)
            # inputs named by DEVIATION lines are always checked
            chosen += [r for r in recs if (f.name, r[0]) in deviations
                       and r not in chosen]
            for text_in, verdict, trace in chosen:
                cases.append((by_name.get(f.name), text_in, verdict, trace))
        exe = build(program, functions, [(c[0], c[1]) for c in cases], work)
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            observed = list(pool.map(lambda n: gt_valgrind.run_case(exe, n),
                                     range(len(cases))))
        rc = report(cases, observed, expect, deviations, args.no_reference,
                    work, vocab.unsure)
    except (SetupError, gt_signature.SignatureError) as e:
        print(f"groundtruth: {args.file}: {e} (files in {work})",
              file=sys.stderr)
    finally:
        # On failure the files stay for inspection (their path is printed).
        if not args.keep and rc == 0:
            shutil.rmtree(work, ignore_errors=True)
    return rc


def report(cases, observed, expect, deviations, no_reference, work, unsure):
    failures = 0
    seen = {}
    unmet = dict(deviations)
    for (f, text_in, ref, trace), obs in zip(cases, observed):
        seen.setdefault(f.name, set()).add(obs.verdict)
        ok = no_reference or ref == obs.verdict
        ok = ok and obs.verdict not in unsure
        status = "ok" if ok else "MISMATCH"
        dev = unmet.pop((f.name, text_in), None)
        if dev:
            want_run, want_vg, clause = dev
            ok = obs.verdict == want_vg and (no_reference or ref == want_run)
            status = (f"expected deviation {clause}" if ok
                      else f"MISMATCH (DEVIATION {clause} wants run={want_run} "
                           f"valgrind={want_vg})")
        print(f"@{f.name}({text_in}): run={ref or '-'} "
              f"valgrind={obs.verdict} {status}  [{obs.detail}]")
        if not ok:
            failures += 1
            if trace:
                print(f"  dealloc-run trace: {json.dumps(trace)}")
            tail = "\n".join("    " + l for l in obs.log.splitlines()
                             if not l.startswith("==") or "Invalid" in l
                             or "Address" in l or " at " in l or " by " in l)
            print(tail[-3000:])
    for (name, text_in), (_, _, clause) in sorted(unmet.items()):
        print(f"DEVIATION @{name}({text_in}) {clause}: input not checked  FAIL")
        failures += 1
    for name, want in sorted(expect.items()):
        got = seen.get(name)
        if got is None:
            print(f"EXPECT @{name}: function not checked (not public?)")
            failures += 1
        elif got != want:
            print(f"EXPECT @{name}: want {' '.join(sorted(want))}, "
                  f"valgrind observed {' '.join(sorted(got))}  FAIL")
            failures += 1
        else:
            print(f"EXPECT @{name}: {' '.join(sorted(want))} ok")
    print(f"groundtruth: {len(cases)} inputs, {failures} failures"
          + (f" (files in {work})" if failures else ""))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
