#!/usr/bin/python3
"""Issue 3's literal target, measured: for each shape, the largest size of a
fixed series whose program upstream's `--buffer-deallocation-pipeline`
deallocates within --budget seconds (default 60: "within a minute"), and
whether dealloc-verify (default --timeout) verifies that output, with its
time, the time per public function, and the ratio to upstream's time.

    /usr/bin/python3 bench/frontier.py [--shapes a,b] [--budget 60]
        [--verify-cap 300] [--verify-mem-gb 16] [--tools DIR]
        [--out bench/results/frontier.json]

Per shape, sizes are tried in increasing order until upstream's pipeline
does not finish within the budget (or fails); dealloc-verify then runs on
the output of the largest size that did, capped at --verify-cap seconds and
--verify-mem-gb of address space (a run past the time cap is reported as
such, never as a verdict; past the memory cap dealloc-verify itself answers
UNKNOWN, out of memory). One line per shape:

    frontier <shape>: upstream N=<n> in <t> s; verify <verdict> in <t> s
        (<f> functions, <t> s per function, <r>x upstream): PASS|FAIL

PASS: every function SAFE and the whole run within the default --timeout
(20 s), the reading "every program upstream's pipeline produces within a
minute verifies within the default timeout". The per-function time is the
issue's "verification time per function". Machine load changes both times;
run on an idle machine. Sizes and programs are deterministic.
"""
import argparse
import json
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import shapes  # noqa: E402
import tools  # noqa: E402

# Sizes per shape, increasing; the bench's series continued until upstream's
# pipeline takes more than a minute on this class of machine (2 cores).
SERIES = {
    "straight": [1000, 3000, 10000, 15000, 20000],
    "diamonds": [10, 20, 24, 26, 28, 30],
    "scf-if": [80, 200, 500, 700, 1000, 1500, 2000],
    "if-chain": [300, 1000, 2000, 3000, 4000, 5000],
    "for-loops": [1000, 2000, 3000, 4000, 5000],
    "for-iterargs": [100, 300, 1000, 1500, 2000],
    "calls-private": [1000, 3000, 10000, 30000, 100000],
    "calls-public": [1000, 3000, 10000, 30000, 100000],
    "calls-cycle": [300, 1000, 3000, 10000],
    "select-chain": [1000, 3000, 10000, 30000],
}
DEFAULT_TIMEOUT_S = 20.0
VERDICT_RE = re.compile(r"^@(\S+): ([A-Z_]+)", re.M)


def upstream(mlir_opt, text, path_in, path_out, budget):
    with open(path_in, "w") as f:
        f.write(text)
    secs, rc, _, err = tools.run_once(
        [mlir_opt, "--buffer-deallocation-pipeline", path_in, "-o", path_out],
        budget)
    if secs is None:
        return None, f"did not finish in {budget:g} s"
    if rc != 0:
        return None, (err.strip().splitlines() or ["failed"])[0][:200]
    return secs, ""


def frontier(shape, found, work, args):
    last = None  # (n, seconds, output path)
    why = ""
    for n in SERIES[shape]:
        prog = shapes.generate(shape, n)
        pin = os.path.join(work, f"{shape}-{n}.mlir")
        pout = os.path.join(work, f"{shape}-{n}.up.mlir")
        secs, why = upstream(found["mlir-opt"], prog.text, pin, pout,
                             args.budget)
        if secs is None:
            why = f"N={n}: {why}"
            break
        if last:
            os.unlink(last[2])
        last = (n, secs, pout)
        why = f"largest size of the series ({n})"
    if not last:
        return {"shape": shape, "status": "no size", "detail": why}
    n, up_s, pout = last
    limit = ["prlimit", f"--as={int(args.verify_mem_gb * 2**30)}"]
    secs, rc, sout, serr = tools.run_once(
        limit + [found["dealloc-verify"], pout], args.verify_cap)
    row = {"shape": shape, "n": n, "upstream_s": round(up_s, 2),
           "stopped_at": why}
    if secs is None:
        row.update(status="FAIL", verdict=f"no answer in {args.verify_cap:g} s")
        return row
    verdicts = VERDICT_RE.findall(sout)
    kinds = sorted({v for _, v in verdicts})
    first = next((ln for ln in sout.splitlines()
                  if VERDICT_RE.match(ln) and VERDICT_RE.match(ln)[2] != "SAFE"),
                 "")
    row.update(verify_s=round(secs, 2), functions=len(verdicts),
               verdict=",".join(kinds) or f"exit {rc}",
               first_not_safe=first[:300],
               per_function_s=round(secs / max(1, len(verdicts)), 4),
               ratio=round(secs / up_s, 2))
    ok = rc == 0 and kinds == ["SAFE"] and secs <= DEFAULT_TIMEOUT_S
    row["status"] = "PASS" if ok else "FAIL"
    return row


def line(row):
    if "n" not in row:
        return f"frontier {row['shape']}: {row['status']} ({row['detail']})"
    head = (f"frontier {row['shape']}: upstream N={row['n']} in "
            f"{row['upstream_s']:.2f} s ({row['stopped_at']}); ")
    if "verify_s" not in row:
        return head + f"verify {row['verdict']}: {row['status']}"
    text = head + (f"verify {row['verdict']} in {row['verify_s']:.2f} s "
                   f"({row['functions']} functions, "
                   f"{row['per_function_s']:.4f} s per function, "
                   f"{row['ratio']:.2f}x upstream): {row['status']}")
    if row.get("first_not_safe"):
        text += f"\n    {row['first_not_safe'][:200]}"
    return text


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--shapes", help="comma-separated shapes (default: all)")
    ap.add_argument("--budget", type=float, default=60.0,
                    help="seconds upstream's pipeline may take")
    ap.add_argument("--verify-cap", type=float, default=300.0,
                    help="seconds dealloc-verify may take before the run is "
                         "stopped")
    ap.add_argument("--verify-mem-gb", type=float, default=16.0,
                    help="address-space limit of dealloc-verify in GiB (it "
                         "answers UNKNOWN, out of memory, past it)")
    ap.add_argument("--tools", help="directory of the dealloc-* binaries")
    ap.add_argument("--out", help="also write the rows as JSON to this file")
    args = ap.parse_args(argv)
    names = args.shapes.split(",") if args.shapes else list(SERIES)
    unknown = [s for s in names if s not in SERIES]
    if unknown:
        ap.error(f"unknown shape(s): {', '.join(unknown)}")
    dirs = tools.candidate_bin_dirs(args.tools)
    found = {"mlir-opt": os.path.join(tools.LLVM_BIN, "mlir-opt"),
             "dealloc-verify": tools.find_tool("dealloc-verify", dirs)}
    if not found["dealloc-verify"]:
        sys.stderr.write("frontier.py: error: dealloc-verify not built "
                         f"(searched {', '.join(dirs)})\n")
        return 3
    rows = []
    with tempfile.TemporaryDirectory(prefix="frontier-") as work:
        for shape in names:
            row = frontier(shape, found, work, args)
            rows.append(row)
            print(line(row), flush=True)
    if args.out:
        with open(args.out, "w") as f:
            json.dump(rows, f, indent=1, sort_keys=True)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
