"""Seeded bug: a lowering of bufferization.dealloc that merges the
conditions of aliasing operands with an i1 addition (exclusive or) instead
of a disjunction: one buffer reached through two operands with both
conditions true is never freed, and a retained value it aliases is not
owned after it (lowering_bug.py)."""
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lowering_bug import main  # noqa: E402

COUNTER = [0]


def fresh(stem):
    COUNTER[0] += 1
    return f"%{stem}_xor{COUNTER[0]}"


def xor_merged(d):
    """cond_i' = cond_i + sum over j != i of (base_i == base_j and cond_j);
    retained values and results are kept."""
    indent, conds = d.indent, d.conds
    lines, ptrs = [], []
    for o, t in zip(d.ops, d.types):
        ptrs.append(fresh("p"))
        lines.append(f"{indent}{ptrs[-1]} = memref.extract_aligned_pointer_as_index "
                     f"{o} : {t} -> index")
    merged = []
    for i, cond in enumerate(conds):
        acc = cond
        for j, other in enumerate(conds):
            if j == i:
                continue
            eq, both, nxt = fresh("eq"), fresh("and"), fresh("m")
            lines += [f"{indent}{eq} = arith.cmpi eq, {ptrs[i]}, {ptrs[j]} : index",
                      f"{indent}{both} = arith.andi {eq}, {other} : i1",
                      f"{indent}{nxt} = arith.addi {acc}, {both} : i1"]
            acc = nxt
        merged.append(acc)
    lines.append(d.text(conds=merged))
    return lines


main(xor_merged)
