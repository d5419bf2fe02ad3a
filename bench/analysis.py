"""Growth fits, tables and pass/fail targets for bench/run.py results.

Results layout (also what bench/results/*.json contains):
  {"shapes": {SHAPE: {"sizes": [N...], "rows": {N: {TOOL: outcome-json}}}},
   "startup": {TOOL: seconds}, "tools": {TOOL: path or null}, ...}
"""
import math

TOOLS = ["upstream", "upstream-obd", "ref-pass", "ref-pipeline", "run",
         "verify", "verify-ref"]
HEADERS = {
    "upstream": "upstream pipeline",
    "upstream-obd": "upstream OBD",
    "ref-pass": "ref pass",
    "ref-pipeline": "ref pipeline",
    "run": "dealloc-run",
    "verify": "verify(up)",
    "verify-ref": "verify(ref)",
}
# Thresholds of the targets (documented in docs/benchmarks.md).
POLY_MAX_EXPONENT = 3.0     # issue 3: "polynomial" = fitted exponent <= 3
LINEAR_MAX_EXPONENT = 1.3   # issue 4: "near-linear"
REF_MAX_RATIO = 3.0         # issue 4: <= 3x upstream where upstream finishes
IN_SECONDS = 10.0           # issue 4: "in seconds"
METRIC = "seconds"          # "seconds" (wall clock) or "cpu" (user + system)


def t_of(o):
    """The measured time of an outcome under METRIC (None if absent)."""
    return o.get(METRIC) if o and o.get("status") == "ok" else None


def _slope(points, logx=True):
    """Least-squares slope of log t against log n (against n if not logx)."""
    if len(points) < 2 or len({n for n, _ in points}) < 2:
        return None
    xs = [math.log(n) if logx else n for n, _ in points]
    ys = [math.log(t) for _, t in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx


def fit(shape_res, tool, startup):
    """Exponents for one tool on one shape.

    raw:       slope over every size that finished.
    tail:      slope over the three largest sizes that finished.
    corrected: slope of (t - start-up) over sizes where t >= 1.5 x start-up,
               so that process start-up does not flatten the fit.
    local:     slopes between consecutive finished sizes (super-polynomial
               growth shows as local slopes that keep rising).
    """
    pts = []
    for n in shape_res["sizes"]:
        t = t_of(shape_res["rows"][str(n)].get(tool))
        if t:
            pts.append((n, t))
    if METRIC == "cpu":
        t0 = (shape_res.get("startup_cpu") or {}).get(tool) or 0.0
    else:
        t0 = (shape_res.get("startup") or startup).get(tool) or 0.0
    corr = [(n, t - t0) for n, t in pts if t >= 1.5 * t0 and t - t0 > 0]
    local = [None if s is None else round(s, 2) for s in
             (_slope([a, b]) for a, b in zip(pts, pts[1:]))]
    raw = _slope(pts)
    cor = _slope(corr)
    # Exponential model t - t0 ~ b^n: slope of log(t - t0) against n.
    base = None
    if len(corr) >= 2:
        lin = _slope(corr, logx=False)
        base = None if lin is None else round(math.exp(lin), 3)
    tail = _slope(pts[-3:])
    return {"raw": None if raw is None else round(raw, 2), "base": base,
            "tail": None if tail is None else round(tail, 2),
            "corrected": None if cor is None else round(cor, 2),
            "corrected_points": len(corr), "local": local,
            "points": len(pts)}


def best_exponent(f):
    """The growth exponent the tables and targets use: the fit over the
    three largest sizes that finished ("tail").  Process start-up flattens
    fits over small sizes; the start-up-corrected fit is kept in the JSON
    but is unstable when times are close to the start-up time."""
    return f.get("tail")


def cell(o, base):
    if o is None:
        return "-"
    st = o["status"]
    if st == "ok":
        t, b = t_of(o), t_of(base)
        if t is None:
            return "n/a"
        s = f"{t:.3f}"
        if b:
            s += f" ({t / b:.2f}x)"
        v = o.get("verdict")
        if v and v != "SAFE":
            s += f" {v}"
        return s
    if st == "timeout":
        return f"DNF>{o['detail'].split()[-2]}s" if o.get("detail") else "DNF"
    if st == "error":
        return f"error rc={o['rc']}"
    return st


def table(shape, shape_res, startup, tools):
    cols = [t for t in TOOLS if t in tools]
    head = ["size"] + [HEADERS[t] for t in cols]
    lines = ["| " + " | ".join(head) + " |",
             "|" + "---|" * len(head)]
    for n in shape_res["sizes"]:
        row = shape_res["rows"][str(n)]
        base = row.get("upstream")
        lines.append("| " + " | ".join(
            [str(n)] + [cell(row.get(t), None if t == "upstream" else base)
                        for t in cols]) + " |")
    exps = []
    for t in cols:
        f = fit(shape_res, t, startup)
        e = best_exponent(f)
        exps.append("-" if e is None else f"{e:.2f}")
    lines.append("| exponent (3 largest) | " + " | ".join(exps) + " |")
    return "\n".join(lines)


def _ok(o):
    return o is not None and o["status"] == "ok"


def targets(shape, shape_res, startup):
    """List of (issue, name, verdict, explanation); verdict PASS/FAIL/N/A."""
    out = []
    rows = [(n, shape_res["rows"][str(n)]) for n in shape_res["sizes"]]

    # Issue 2: one dealloc-run input costs less than one upstream pipeline run.
    runs = [(n, r) for n, r in rows if r.get("run", {}).get("status") not in
            (None, "not built", "no input", "skipped")]
    if not runs:
        out.append(("2", "dealloc-run < upstream pipeline", "N/A",
                    "dealloc-run not built or no deallocated input"))
    else:
        bad = []
        for n, r in runs:
            if not _ok(r["run"]):
                bad.append(f"N={n}: dealloc-run {r['run']['status']}")
            elif _ok(r.get("upstream")) and t_of(r["run"]) >= t_of(r["upstream"]):
                bad.append(f"N={n}: {t_of(r['run']):.3f}s >= {t_of(r['upstream']):.3f}s")
        out.append(("2", "dealloc-run < upstream pipeline at every size",
                    "FAIL" if bad else "PASS", "; ".join(bad) or
                    f"{len(runs)} sizes"))

    # Issue 3: verification finishes, answers, and grows polynomially.
    for tool in ("verify", "verify-ref"):
        tried = [(n, r[tool]) for n, r in rows if tool in r and
                 r[tool]["status"] not in ("not built", "no input", "skipped")]
        if not tried:
            continue
        bad = [f"N={n}: {o['status']}" + (f" {o.get('verdict')}" if o.get("verdict") else "")
               for n, o in tried if not _ok(o) or o.get("verdict") == "UNKNOWN"]
        e = best_exponent(fit(shape_res, tool, startup))
        if e is not None and e > POLY_MAX_EXPONENT:
            bad.append(f"exponent {e:.2f} > {POLY_MAX_EXPONENT}")
        out.append(("3", f"{HEADERS[tool]} finishes, polynomial (exp {e})",
                    "FAIL" if bad else "PASS", "; ".join(bad) or f"{len(tried)} sizes"))

    # Issue 4: reference pass / pipeline near-linear and <= 3x upstream.
    for ref, up in (("ref-pass", "upstream-obd"), ("ref-pipeline", "upstream")):
        tried = [(n, r) for n, r in rows if r.get(ref, {}).get("status") not in
                 (None, "not built", "skipped")]
        if not tried:
            out.append(("4", f"{HEADERS[ref]} near-linear, <= 3x upstream", "N/A",
                        "not built"))
            continue
        bad = [f"N={n}: {r[ref]['status']}" for n, r in tried if not _ok(r[ref])]
        e = best_exponent(fit(shape_res, ref, startup))
        if e is not None and e > LINEAR_MAX_EXPONENT:
            bad.append(f"exponent {e:.2f} > {LINEAR_MAX_EXPONENT}")
        for n, r in tried:
            if _ok(r[ref]) and _ok(r.get(up)):
                ratio = t_of(r[ref]) / t_of(r[up])
                if ratio > REF_MAX_RATIO:
                    bad.append(f"N={n}: {ratio:.2f}x {HEADERS[up]}")
        big = {"diamonds": 1000, "straight": 10000}.get(shape)
        if big and str(big) in shape_res["rows"]:
            o = shape_res["rows"][str(big)].get(ref)
            if not (_ok(o) and t_of(o) <= IN_SECONDS):
                bad.append(f"N={big} not done in {IN_SECONDS:g} s")
        out.append(("4", f"{HEADERS[ref]} near-linear (exp {e}), <= 3x {HEADERS[up]}",
                    "FAIL" if bad else "PASS", "; ".join(bad) or f"{len(tried)} sizes"))
    return out
