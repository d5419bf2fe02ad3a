#!/usr/bin/python3
"""Plot bench/run.py results: one log-log time-vs-size chart per shape.

    /usr/bin/python3 bench/plot.py bench/results/full.json [--out docs/img]
    /usr/bin/python3 bench/plot.py bench/results/verify.json --prefix bench-verify-

Writes OUT/PREFIX<shape>.png (PREFIX defaults to "bench-").  Sizes where a
tool did not finish are drawn as an upward triangle at the timeout, labelled
"DNF".  Needs matplotlib (Debian: python3-matplotlib; docs/benchmarks.md,
"Prerequisites").
"""
import argparse
import json
import os
import sys

try:
    import matplotlib
except ImportError:
    sys.stderr.write(
        "error: bench/plot.py needs matplotlib, which this python3 lacks; "
        "install it with `apt-get install -y python3-matplotlib` (as root; "
        "docs/benchmarks.md, Prerequisites)\n")
    sys.exit(3)

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import analysis  # noqa: E402

STYLE = {
    "upstream": ("tab:red", "o-"),
    "upstream-obd": ("tab:orange", "s--"),
    "ref-pass": ("tab:green", "^--"),
    "ref-pipeline": ("tab:olive", "v-"),
    "run": ("tab:blue", "D-"),
    "verify": ("tab:purple", "P-"),
    "verify-ref": ("tab:pink", "X--"),
}


def plot_shape(shape, res, results, out_dir, prefix="bench-"):
    fig, ax = plt.subplots(figsize=(7, 4.5))
    timeout = results["max_time"]
    drawn = False
    for tool in analysis.TOOLS:
        xs, ys, dnf = [], [], []
        for n in res["sizes"]:
            o = res["rows"][str(n)].get(tool)
            if not o:
                continue
            if o["status"] == "ok" and o["seconds"]:
                xs.append(n)
                ys.append(o["seconds"])
            elif o["status"] == "timeout":
                dnf.append(n)
        if not xs and not dnf:
            continue
        color, fmt = STYLE[tool]
        f = analysis.fit(res, tool, res.get("startup") or results["startup"])
        e = analysis.best_exponent(f)
        label = analysis.HEADERS[tool] + ("" if e is None else f" (exp {e:.2f})")
        if xs:
            ax.plot(xs, ys, fmt, color=color, label=label, markersize=4)
            drawn = True
        if dnf:
            ax.plot(dnf, [timeout] * len(dnf), "^", color=color,
                    markersize=9, markerfacecolor="none",
                    label=None if xs else label + " DNF")
            for n in dnf:
                ax.annotate("DNF", (n, timeout), textcoords="offset points",
                            xytext=(0, 6), ha="center", fontsize=7, color=color)
            drawn = True
    if not drawn:
        plt.close(fig)
        return None
    ax.axhline(timeout, color="grey", linewidth=0.6, linestyle=":")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("size N")
    ax.set_ylabel("wall-clock seconds (best of %d)" % results["repeat"])
    ax.set_title(f"{shape}: time vs size (timeout {timeout:g} s)")
    ax.grid(True, which="both", linewidth=0.3)
    ax.legend(fontsize=7, loc="upper left")
    fig.tight_layout()
    path = os.path.join(out_dir, f"{prefix}{shape}.png")
    fig.savefig(path, dpi=100, metadata={"Software": None})
    plt.close(fig)
    return path


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("results")
    ap.add_argument("--out", default=os.path.join(analysis.__file__.rsplit("/bench/", 1)[0],
                                                  "docs", "img"))
    ap.add_argument("--prefix", default="bench-",
                    help="file name prefix (bench-verify- for verify.json)")
    args = ap.parse_args(argv)
    with open(args.results) as f:
        results = json.load(f)
    os.makedirs(args.out, exist_ok=True)
    for shape, res in results["shapes"].items():
        p = plot_shape(shape, res, results, args.out, args.prefix)
        if p:
            print(p)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
