#!/usr/bin/env python3
"""Differential evidence for the reference pipeline (issue 4, [own.pipeline]).

For every pre-deallocation program in the corpus (each `// -----` case of
every .mlir file that has a function with a body, memrefs, and no frees
other than `bufferization.manual_deallocation` ones), this script runs

  up   = mlir-opt   --buffer-deallocation-pipeline
  ref  = dealloc-opt --reference-buffer-deallocation-pipeline
  refh = dealloc-opt --reference-buffer-deallocation-pipeline=helper-above=0
         (every dealloc lowered through the loop helper, [own.pipeline.helper])

all with --mlir-print-debuginfo, and checks:
  * upstream and the reference accept the same programs, and reject the
    others with the same error messages ([limit.*]); a program only the
    reference rejects must be listed (REFERENCE_REJECTS, e.g. a dealloc it
    cannot lower soundly, [own.pipeline.hidden-view]);
  * dealloc-verify finds no violation in `ref` (SAFE, or UNKNOWN that says
    why: a loop bound or a timeout — counted and printed, never a pass in
    disguise);
  * an UNKNOWN of `ref` because of stops counts as "input-ub"
    ([own.pipeline.evidence]) only if dealloc-verify's list of stop sites
    is complete ([verify.stops]) and every site is the input program's own:
    replayed in `ref`, not the loop bound, at a location of the input
    program, and dealloc-run on the *input program* with the site's witness
    input stops at the same location with the same message (the same
    reason; the op is the same or the one the pipeline lowered, e.g. a
    memref.realloc expanded to memref.alloc). Otherwise it stays
    "unproven";
  * dealloc-verify --equiv up ref: every DIFFERENT is listed in the
    expectations file with a deviation ID defined in spec/deviations.md;
  * dealloc-verify --equiv ref refh is never DIFFERENT (the helper lowering
    and the inline lowering free the same buffers under the same conditions)
    unless listed as HELPER_DIFFERENT with the clause that explains it (e.g.
    canonicalize folds a clone against an unconditional inline free but not
    against one behind the helper's result, [clone.fold.forward]).

An expectation that no longer happens is an error too (stale list). Exit 0
iff all checks pass; the last line is a summary.

Usage: differential.py REPO EXPECTATIONS [--jobs N] [--timeout MS] [-v]
"""
import argparse
import concurrent.futures
import hashlib
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                os.pardir, os.pardir, os.pardir, "harness"))
from dealloc_harness import toolclient  # noqa: E402

MLIR_OPT = toolclient.MLIR_OPT
# Observation kind -> expectation kind.
KINDS = {"different": "DIFFERENT", "violation": "VIOLATION",
         "upstream-fails": "UPSTREAM_FAILS",
         "reference-rejects": "REFERENCE_REJECTS",
         "helper-different": "HELPER_DIFFERENT"}


def tool(name):
    return toolclient.find(name)


def cases(repo):
    """(relpath, text) of every pre-deallocation case, deduplicated."""
    seen = set()
    corpus = os.path.join(repo, "corpus")
    for root, dirs, files in os.walk(corpus):
        dirs.sort()
        for name in sorted(files):
            if not name.endswith(".mlir"):
                continue
            path = os.path.join(root, name)
            rel = os.path.relpath(path, repo)
            with open(path) as f:
                text = f.read()
            for chunk in re.split(r"^// -----.*$", text, flags=re.M):
                body = "\n".join(l for l in chunk.splitlines()
                                 if not l.lstrip().startswith("//"))
                if not re.search(r"func\.func[^\n]*\{", body):
                    continue
                if "memref" not in body:
                    continue
                if "bufferization.dealloc" in body or \
                        "extract_aligned_pointer_as_index" in body:
                    continue
                if "memref.dealloc" in body and \
                        "manual_deallocation" not in body:
                    continue
                # -verify-diagnostics annotations would be checked by the
                # tools: drop them (both tools see the same text).
                chunk = "\n".join(
                    l for l in chunk.splitlines()
                    if not re.search(r"//\s*expected-(error|warning|note|"
                                     r"remark)", l))
                key = hashlib.sha1(chunk.encode()).hexdigest()
                if key in seen:
                    continue
                seen.add(key)
                yield rel, chunk


def run(cmd, timeout=120):
    """(exit code or None on a timeout, stdout, stderr); file arguments
    are absolute."""
    p = toolclient.run(cmd, timeout=timeout)
    if p.status == "timeout":
        return None, "", "process timeout"
    return p.returncode, p.stdout, p.stderr


def errors(stderr):
    return sorted(set(m.group(1).strip() for m in
                      re.finditer(r"error: (.*)", stderr)))


def verdicts(stdout):
    return toolclient.json_lines(stdout)


def plain_loc(loc):
    """dealloc-run's `loc("file":L:C)` as dealloc-verify prints it."""
    m = re.fullmatch(r'loc\("(.*)":(\d+):(\d+)\)', loc or "")
    return f"{m.group(1)}:{m.group(2)}:{m.group(3)}" if m else loc


def input_ub(src, function, v, lowered):
    """"" if every stop site of the UNKNOWN verdict `v` of the reference
    output is a stop of the input program `src` ([own.pipeline.evidence]),
    else why not. A site whose op is not the input program's op of that
    location (memref.realloc expanded to memref.alloc) but stops with the
    same message is appended to `lowered`."""
    stops = v.get("stops")
    if not stops:
        return "no stop sites listed"
    if not v.get("stops_complete"):
        return f"stop sites incomplete: {v.get('stops_cut', '')}"
    for stop in stops:
        where = f"{stop.get('kind')} at {stop.get('loc')}"
        if stop.get("bound") or not stop.get("replayed") or not stop.get("op"):
            return f"{where}: {stop.get('run', 'not replayed')}"
        if not stop["loc"].startswith(src + ":"):
            return f"{where}: not a location of the input program"
        rc, out, err = run([tool("dealloc-run"), src, "--function", function,
                            "--input", stop["input"], "--json"])
        runs = verdicts(out)
        if not runs or runs[0].get("verdict") != "UNKNOWN" or \
                plain_loc(runs[0].get("loc")) != stop["loc"] or \
                runs[0].get("message") != stop.get("run_message"):
            got = runs[0] if runs else err.strip()[:200]
            return (f"{where}: the input program does not stop there on "
                    f"input {stop['input']}: {got}")
        if runs[0].get("op") != stop["op"]:
            lowered.append(f"{stop['op']} at {stop['loc']} lowers "
                           f"{runs[0].get('op')}")
    return ""


def check_case(args, index, rel, text, tmp):
    """Returns a list of (kind, key, detail) observations."""
    src = os.path.join(tmp, f"case{index}.mlir")
    with open(src, "w") as f:
        f.write(text)
    dbg = ["--mlir-print-debuginfo", "--allow-unregistered-dialect"]
    up, ref, refh = (src[:-5] + s for s in (".up.mlir", ".ref.mlir",
                                             ".refh.mlir"))
    rc_up, _, err_up = run([MLIR_OPT, "--buffer-deallocation-pipeline", src,
                            "-o", up] + dbg)
    rc_ref, _, err_ref = run([tool("dealloc-opt"),
                              "--reference-buffer-deallocation-pipeline",
                              src, "-o", ref] + dbg)
    obs = []
    if rc_ref is None:
        return [("error", rel, "reference pipeline timed out")]
    if rc_ref != 0:
        if rc_up == 0:
            obs.append(("reference-rejects", rel, "only the reference rejects: "
                        f"{errors(err_ref)}"))
        elif errors(err_up) != errors(err_ref):
            obs.append(("error", rel, "rejected with different messages: "
                        f"upstream {errors(err_up)}, reference "
                        f"{errors(err_ref)}"))
        else:
            obs.append(("rejected", rel, ""))
        return obs
    obs.append(("accepted", rel, ""))
    timeout = [f"--timeout={args.timeout}", "--json"]
    _, out, _ = run([tool("dealloc-verify"), ref] + timeout)
    for v in verdicts(out):
        key = f"{rel}@{v.get('function')}"
        verdict = v.get("verdict")
        if verdict in toolclient.describe(tool("dealloc-verify")).violations:
            obs.append(("violation", key, f"{verdict}: {v.get('message', '')}"))
        elif verdict == "SAFE":
            obs.append(("safe", key, ""))
        elif verdict == "UNKNOWN" and v.get("stops"):
            lowered = []
            why = input_ub(src, v.get("function"), v, lowered)
            sites = ", ".join(f"{x.get('op')} at {x.get('loc')} on "
                              f"{x.get('input')}" for x in v["stops"])
            if lowered:
                sites += " (" + "; ".join(lowered) + ")"
            if why:
                obs.append(("unproven", key, f"UNKNOWN: {v.get('message', '')}"
                            f"; not input-ub: {why}"))
            else:
                obs.append(("input-ub", key, f"stops only where the input "
                            f"program stops: {sites}"))
        else:
            obs.append(("unproven", key, f"{verdict}: {v.get('message', '')}"))
    if rc_up != 0:
        # Upstream fails (or crashes) on a program the reference accepts.
        obs.append(("upstream-fails", rel, " ".join(errors(err_up))[:200]))
    else:
        _, out, _ = run([tool("dealloc-verify"), "--equiv", up, ref] + timeout)
        for v in verdicts(out):
            key = f"{rel}@{v.get('function')}"
            verdict = v.get("verdict")
            obs.append(({"EQUIVALENT": "equivalent", "DIFFERENT": "different"}
                        .get(verdict, "equiv-unknown"), key,
                        v.get("message", "") or v.get("input", "")))
    rc, _, err = run([tool("dealloc-opt"),
                      "--reference-buffer-deallocation-pipeline=helper-above=0",
                      src, "-o", refh] + dbg)
    if rc != 0:
        obs.append(("error", rel, f"helper lowering failed: {errors(err)}"))
        return obs
    _, out, _ = run([tool("dealloc-verify"), "--equiv", ref, refh] + timeout)
    for v in verdicts(out):
        key = f"{rel}@{v.get('function')}"
        if v.get("verdict") == "DIFFERENT":
            obs.append(("helper-different", key, "helper lowering differs "
                        f"from the inline one: {v.get('message', '')}"))
        elif v.get("verdict") == "EQUIVALENT":
            obs.append(("helper-equivalent", key, ""))
        else:
            obs.append(("helper-unknown", key, v.get("message", "")))
    return obs


def load_expectations(path, deviations, spec):
    """`KEY KIND [ID] why` lines: KEY is FILE@FUNCTION (DIFFERENT, VIOLATION,
    HELPER_DIFFERENT) or FILE (UPSTREAM_FAILS, REFERENCE_REJECTS); ID is a
    deviation of spec/deviations.md, or for HELPER_DIFFERENT any clause of
    spec/; a `why` starting with "(nondeterministic)" exempts the line from
    the staleness check."""
    expected, sometimes = {}, set()
    defined = set(re.findall(r"^\*\*\[(dev\.[a-z0-9.\-]+)\]\*\*", deviations,
                             flags=re.M))
    clauses = set(re.findall(r"^\*\*\[([a-z][a-z0-9_.\-]*)\]\*\*", spec,
                             flags=re.M))
    problems = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split(None, 3)
            if len(parts) < 3 or parts[1] not in KINDS.values():
                problems.append(f"{path}:{number}: malformed line")
                continue
            dev = parts[2].strip("[]")
            if parts[1] == "HELPER_DIFFERENT" and dev in clauses:
                pass
            elif dev not in defined:
                problems.append(f"{path}:{number}: {parts[2]} is not defined "
                                "in spec/deviations.md")
            expected[(parts[0], parts[1])] = dev
            if len(parts) > 3 and parts[3].startswith("(nondeterministic)"):
                sometimes.add((parts[0], parts[1]))
    return expected, sometimes, problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("repo")
    parser.add_argument("expectations")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=int, default=5000,
                        help="solver timeout per query (ms)")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    spec = ""
    for name in sorted(os.listdir(os.path.join(args.repo, "spec"))):
        if name.endswith(".md") and name != "index.md":
            with open(os.path.join(args.repo, "spec", name)) as f:
                spec += f.read()
    with open(os.path.join(args.repo, "spec", "deviations.md")) as f:
        expected, sometimes, problems = load_expectations(args.expectations,
                                                          f.read(), spec)
    all_cases = list(cases(args.repo))
    observations = []
    with tempfile.TemporaryDirectory(prefix="differential-") as tmp, \
            concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(check_case, args, i, rel, text, tmp)
                   for i, (rel, text) in enumerate(all_cases)]
        for future in futures:
            observations.extend(future.result())

    counts = {}
    seen = set()
    for kind, key, detail in observations:
        counts[kind] = counts.get(kind, 0) + 1
        if kind in KINDS:
            seen.add((key, KINDS[kind]))
            if (key, KINDS[kind]) not in expected:
                problems.append(f"{key}: {KINDS[kind]} and not in the "
                                f"expectations: {detail}")
        elif kind == "error":
            problems.append(f"{key}: {detail}")
        if args.verbose and kind not in ("safe", "equivalent",
                                         "helper-equivalent", "accepted"):
            print(f"  {kind:17} {key} {detail}")
    for (key, what), dev in sorted(expected.items()):
        if (key, what) not in seen and (key, what) not in sometimes:
            problems.append(f"{key}: expected {what} ([{dev}]) no longer "
                            "happens: remove it from the expectations")
    for problem in problems:
        print(f"differential: FAIL {problem}")
    names = ["accepted", "rejected", "reference-rejects", "upstream-fails",
             "safe", "input-ub", "unproven", "violation",
             "equivalent", "different", "equiv-unknown", "helper-equivalent",
             "helper-different", "helper-unknown"]
    print(f"differential: {len(all_cases)} programs; " +
          ", ".join(f"{counts.get(n, 0)} {n}" for n in names) +
          f"; {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
