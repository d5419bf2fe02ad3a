#!/usr/bin/env python3
"""How often do the tools decide? (issue 27, "measure decisiveness")

Runs two deallocation pipelines - upstream's (`mlir-opt
--buffer-deallocation-pipeline`) and the reference one (`dealloc-opt
--reference-buffer-deallocation-pipeline`) - over two sets of programs:

  corpus  every pipeline source of the lit corpus: a file (or an Inputs/ file)
          that a RUN line feeds to a deallocation pipeline, split at
          `// -----`;
  fuzz    the harness generator's programs, seeds --seeds x --count each;
  files   the .mlir files given by --files (a directory: every .mlir file
          under it), split at `// -----`; a program with a `tensor<` type
          is bufferized first with --bufferize (default One-Shot Bufferize
          across function boundaries).

For each program, `dealloc-verify --json` checks each pipeline's output and
`dealloc-verify --equiv --json` compares the two outputs. A function is
*decided* when its answer is a verdict (SAFE or a violation; EQUIVALENT or
DIFFERENT), not UNKNOWN or UNSUPPORTED. Prints, per set, the fraction of
functions decided by verify (over both pipelines' outputs) and by --equiv,
then the reasons of the rest, grouped (inputs, numbers and names blanked)
with one example each. `--out DIR` also writes every answer as JSON
(`decisiveness.json`); nothing is written into the checkout.
`--load-dialect-plugin LIB` (repeatable) is passed to every run of mlir-opt
and of the project's tools, for programs with a downstream dialect's ops
(e.g. the test plugin's `dealloc_test`, build/lib/DeallocTestPlugin.so).

  /usr/bin/python3 bench/decisiveness.py --count 100 -j 2 --out /tmp/decisive
  /usr/bin/python3 bench/decisiveness.py --sets files --files /tmp/blind
"""
import argparse
import collections
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "harness"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from tools import LLVM_BIN, candidate_bin_dirs, find_tool  # noqa: E402
from dealloc_harness import toolclient  # noqa: E402
PIPELINE_RUN = re.compile(r"RUN:.*buffer-deallocation-pipeline")
INPUT_TOKEN = re.compile(r"(%s|%S/[\w./-]+\.mlir)(?=\s|$)")
BUFFERIZE = re.compile(r'-?-one-shot-bufferize(=("[^"]*"|\S+))?')


def corpus_sources():
    """(name, text, bufferize) of every pipeline source in corpus/, split at
    `// -----`; `bufferize` is the One-Shot Bufferize option the RUN line
    applies first (tensor-level sources), or None."""
    paths = {}
    corpus = os.path.join(REPO, "corpus")
    for d, _, files in os.walk(corpus):
        for f in files:
            if not f.endswith(".mlir"):
                continue
            path = os.path.join(d, f)
            with open(path, encoding="utf-8", errors="replace") as fh:
                for line in fh:
                    if not PIPELINE_RUN.search(line):
                        continue
                    cmd = line.split("RUN:", 1)[1].split("|", 1)[0]
                    if "buffer-deallocation-pipeline" not in cmd:
                        continue
                    m = BUFFERIZE.search(cmd)
                    for tok in INPUT_TOKEN.findall(cmd):
                        src = (path if tok == "%s" else
                               os.path.normpath(tok.replace("%S", d)))
                        if paths.get(src) is None:
                            paths[src] = m.group(0).replace('"', "") if m else None
    out = []
    for path, bufferize in sorted(paths.items()):
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8", errors="replace") as fh:
            chunks = re.split(r"(?m)^// -----\s*$", fh.read())
        rel = os.path.relpath(path, REPO)
        for k, chunk in enumerate(chunks):
            if "func.func" in chunk:
                out.append((f"{rel}#{k}" if len(chunks) > 1 else rel, chunk,
                            bufferize))
    return out


DEFAULT_BUFFERIZE = "--one-shot-bufferize=bufferize-function-boundaries"


def file_sources(paths, bufferize):
    """(name, text, bufferize) of every `// -----` chunk with a function in
    the given files and directories (.mlir files below them, sorted);
    chunks with a tensor type are bufferized with `bufferize` first."""
    files = []
    for p in paths:
        if os.path.isdir(p):
            for d, _, names in os.walk(p):
                files += [os.path.join(d, n) for n in names if n.endswith(".mlir")]
        elif os.path.isfile(p):
            files.append(p)
        else:
            sys.exit(f"decisiveness: no such file or directory: {p}")
    out = []
    for path in sorted(files):
        with open(path, encoding="utf-8", errors="replace") as fh:
            chunks = re.split(r"(?m)^// -----\s*$", fh.read())
        for k, chunk in enumerate(chunks):
            if "func.func" in chunk:
                name = f"{path}#{k}" if len(chunks) > 1 else path
                out.append((name, chunk, bufferize if "tensor<" in chunk else None))
    return out


def fuzz_sources(seeds, count):
    from dealloc_harness.generate import program
    return [(f"s{s}-p{i}", program(s, i).text, None)
            for s in seeds for i in range(count)]


def run(cmd, stdin=None, timeout=600):
    try:
        p = subprocess.run(cmd, input=stdin, capture_output=True, text=True,
                           timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return None, "", f"timed out after {timeout} s"


def json_lines(text):
    return toolclient.json_lines(text)


def decided(vocab):
    """Answers that decide (SAFE or a violation, EQUIVALENT or DIFFERENT):
    exit code 0 or 1 in dealloc-verify's --describe."""
    return {v for v, code in vocab.exit_codes.items() if code in (0, 1)}


def reason_class(rec):
    """A reason with inputs, numbers, names and locations blanked."""
    msg = rec.get("message") or rec.get("reason") or ""
    if rec.get("op"):
        msg = f"{rec['op']}: {msg}"
    msg = re.sub(r'"[^"]*"', '"…"', msg)
    msg = re.sub(r"\binput \S+", "input X", msg)
    msg = re.sub(r"@[\w$.-]+", "@f", msg)
    msg = re.sub(r"#\d+", "#N", msg)
    msg = re.sub(r"\b\d+(\.\d+)?\b", "N", msg)
    msg = re.sub(r"[\w./-]+\.mlir:N:N", "LOC", msg)
    return f"{rec.get('verdict', '?')}: {msg}"[:160]


class Bench:
    def __init__(self, args):
        dirs = candidate_bin_dirs(args.tools)
        self.verify = find_tool("dealloc-verify", dirs)
        self.opt = find_tool("dealloc-opt", dirs)
        if not self.verify or not self.opt:
            sys.exit("decisiveness: dealloc-verify / dealloc-opt not built "
                     f"(looked in {', '.join(dirs)})")
        plugins = [f"--load-dialect-plugin={os.path.abspath(p)}"
                   for p in args.load_dialect_plugin or []]
        self.mlir_opt = [os.path.join(LLVM_BIN, "mlir-opt")] + plugins
        self.verify = [self.verify] + plugins
        self.extra = args.verify_arg or []
        self.tmp = tempfile.mkdtemp(prefix="decisiveness-")
        self.pipelines = {
            "upstream": self.mlir_opt + ["--buffer-deallocation-pipeline"],
            "reference": [self.opt] + plugins +
                         ["--reference-buffer-deallocation-pipeline"],
        }

    def one(self, key, name, text, bufferize):
        res = {"name": name, "pipelines": {}, "verify": {}, "equiv": []}
        if bufferize:
            rc, out, err = run(self.mlir_opt + [bufferize, "-"], stdin=text)
            if rc != 0:
                res["pipelines"]["bufferize"] = (err.strip().splitlines() or ["?"])[0][:200]
                return res
            text = out
        files = {}
        for pname, cmd in self.pipelines.items():
            rc, out, err = run(cmd + ["-"], stdin=text)
            if rc != 0:
                res["pipelines"][pname] = (err.strip().splitlines() or ["?"])[0][:200]
                continue
            res["pipelines"][pname] = "ok"
            path = os.path.join(self.tmp, f"{key}.{pname}.mlir")
            with open(path, "w") as fh:
                fh.write(out)
            files[pname] = path
            rc, out, err = run(self.verify + ["--json"] + self.extra + [path])
            recs = list(json_lines(out))
            if rc is None or (not recs and rc not in (0, 1, 2)):
                recs = [{"function": "*", "verdict": "TOOL_ERROR",
                         "message": (err.strip().splitlines() or ["?"])[-1][:200]}]
            res["verify"][pname] = recs
        if len(files) == 2:
            rc, out, err = run(self.verify + ["--equiv", "--json"] + self.extra +
                               [files["upstream"], files["reference"]])
            recs = list(json_lines(out))
            if rc is None or (not recs and rc not in (0, 1, 2)):
                recs = [{"function": "*", "verdict": "TOOL_ERROR",
                         "message": (err.strip().splitlines() or ["?"])[-1][:200]}]
            res["equiv"] = recs
        for path in files.values():
            os.unlink(path)
        return res


def summarise(title, results, vocab):
    DECIDED = decided(vocab)
    ver = collections.Counter()
    eq = collections.Counter()
    reasons = collections.defaultdict(collections.Counter)
    examples = {}
    rejected = collections.Counter()
    for r in results:
        for pname, status in r["pipelines"].items():
            if status != "ok":
                rejected[pname] += 1
        for pname, recs in r["verify"].items():
            for rec in recs:
                d = rec.get("verdict") in DECIDED
                ver[d] += 1
                if not d:
                    c = reason_class(rec)
                    reasons["verify"][c] += 1
                    examples.setdefault(("verify", c), f"{r['name']} ({pname}) @{rec.get('function')}")
        for rec in r["equiv"]:
            d = rec.get("verdict") in DECIDED
            eq[d] += 1
            if not d:
                c = reason_class(rec)
                reasons["equiv"][c] += 1
                examples.setdefault(("equiv", c), f"{r['name']} @{rec.get('function')}")

    def pct(c):
        n = c[True] + c[False]
        return f"{c[True]}/{n} = {100.0 * c[True] / n:.1f} %" if n else "0/0"

    lines = [f"## {title}: {len(results)} programs", "",
             f"- verify decided: {pct(ver)} of functions (both pipelines' outputs)",
             f"- equiv decided:  {pct(eq)} of functions",
             f"- pipeline rejected the program: upstream {rejected['upstream']}, "
             f"reference {rejected['reference']}", ""]
    for kind in ("verify", "equiv"):
        if reasons[kind]:
            lines.append(f"undecided by {kind}:")
            for c, n in sorted(reasons[kind].items(), key=lambda x: (-x[1], x[0])):
                lines.append(f"  {n:4d}  {c}   e.g. {examples[(kind, c)]}")
            lines.append("")
    return "\n".join(lines), {"verify": dict(ver), "equiv": dict(eq)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sets", default="corpus,fuzz",
                    help="comma-separated: corpus, fuzz, files (default: "
                         "corpus,fuzz)")
    ap.add_argument("--files", nargs="+", metavar="PATH",
                    help="files or directories of programs for the set 'files'")
    ap.add_argument("--bufferize", default=DEFAULT_BUFFERIZE,
                    help="mlir-opt option applied first to tensor-level programs "
                         f"of the set 'files' (default {DEFAULT_BUFFERIZE})")
    ap.add_argument("--seeds", default="0,1,2,3")
    ap.add_argument("--count", type=int, default=100,
                    help="programs per fuzz seed (default 100)")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--verify-arg", action="append",
                    help="extra dealloc-verify option (repeatable), e.g. "
                         "--verify-arg=--timeout=5000")
    ap.add_argument("--tools", help="directory of the project's tools")
    ap.add_argument("--load-dialect-plugin", action="append", metavar="LIB",
                    help="dialect plugin library for mlir-opt and every tool "
                         "(repeatable)")
    ap.add_argument("--out", help="directory for decisiveness.json")
    args = ap.parse_args()
    if args.count < 1 or args.jobs < 1:
        ap.error("--count and -j must be at least 1")
    for lib in args.load_dialect_plugin or []:
        if not os.path.isfile(lib):
            ap.error(f"--load-dialect-plugin: no such file: {lib}")
    bench = Bench(args)
    sets = [s.strip() for s in args.sets.split(",") if s.strip()]
    report, data = [], {}
    for s in sets:
        if s == "corpus":
            cases = corpus_sources()
        elif s == "fuzz":
            cases = fuzz_sources([int(x) for x in args.seeds.split(",")],
                                 args.count)
        elif s == "files":
            if not args.files:
                ap.error("the set 'files' needs --files PATH...")
            cases = file_sources(args.files, args.bufferize)
        else:
            ap.error(f"unknown set {s!r}")
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            results = list(pool.map(
                lambda kc: bench.one(f"{s}{kc[0]}", *kc[1]),
                enumerate(cases)))
        text, counts = summarise(s, results, toolclient.describe(bench.verify[0]))
        report.append(text)
        data[s] = {"counts": counts, "results": results}
    print("\n".join(report))
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        with open(os.path.join(args.out, "decisiveness.json"), "w") as fh:
            json.dump(data, fh, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
