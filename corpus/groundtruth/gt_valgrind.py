"""Runs one driver case under valgrind memcheck and maps the log to a verdict.

The mapping table (docs/groundtruth.md, "Reading valgrind") — the FIRST
report in the log decides, as the first violation ends a dealloc-run run:

| phase   | valgrind report                                   | verdict        |
|---------|---------------------------------------------------|----------------|
| call    | Invalid free(), address inside a block free'd     | DOUBLE_FREE    |
| call    | Invalid free(), any other address (stack, global, | INVALID_FREE   |
|         | inside a live argument block, not malloc'd)       |                |
| call    | Invalid read/write, address inside a block free'd | USE_AFTER_FREE |
| results | Invalid free() of a result's allocated pointer    | ABI_VIOLATION  |
| args    | Invalid free() of an argument block (the callee   | INVALID_FREE   |
|         | freed it)                                         |                |
| exit    | no report, heap blocks still in use at exit       | LEAK           |
| exit    | no report, nothing in use at exit                 | SAFE           |
| any     | other reports (out-of-bounds access, uninitialised| UNKNOWN (the   |
|         | value, fatal signal, driver exit code != 0)       | test fails)    |

"Source and destination overlap in memcpy" is not a memory-safety event of
the model (memref.copy between aliasing arguments): it is recorded as a note
and otherwise ignored.
"""
import re
import subprocess

VALGRIND = ["valgrind", "--tool=memcheck", "--leak-check=full",
            "--show-leak-kinds=all", "--errors-for-leak-kinds=none",
            "--log-fd=2", "--error-exitcode=0", "--num-callers=8"]

_VG = re.compile(r"^==\d+== ?(.*)$")
_ERROR_HEAD = re.compile(
    r"^(Invalid free\(\)|Invalid read of size|Invalid write of size|"
    r"Conditional jump or move depends|Use of uninitialised value|"
    r"Syscall param|Mismatched free|Process terminating with default action|"
    r"Source and destination overlap|Argument '.*' of function .* has a fishy|"
    r"Jump to the invalid address|Invalid (.*) of size)")
_IN_USE = re.compile(r"in use at exit: ([\d,]+) bytes in ([\d,]+) blocks")
_LOSS = re.compile(r"^([\d,]+) bytes in ([\d,]+) blocks are (.*) in loss record")


class Observation:
    def __init__(self, verdict, detail, log):
        self.verdict, self.detail, self.log = verdict, detail, log

    def __repr__(self):
        return f"{self.verdict} ({self.detail})"


def _address_kind(lines):
    for line in lines:
        if re.search(r"Address 0x[0-9A-Fa-f]+ is", line):
            if "not stack'd, malloc'd or (recently) free'd" in line:
                return "not-heap"  # e.g. 0xdeadbeef, a get_global's
            if "inside a block" in line and "free'd" in line:
                return "freed"
            if "alloc'd" in line and "inside" in line:
                return "live-block"
            if "after a block" in line or "before a block" in line:
                return "out-of-bounds"
            if "stack" in line:
                return "stack"
            if "data symbol" in line or "segment" in line or "mapped file" in line:
                return "global"
            return "unknown"
    return "no-address"


def _program_frame(line, executable):
    return f"(in {executable})" in line or "driver.c:" in line


def classify(log, exit_code, executable):
    """Maps one valgrind log (driver stderr included) to an Observation.

    Heap blocks still in use at exit count as leaked only when their
    allocation stack passes through the program or the driver: shared
    libraries (libLLVM, pulled in by libmlir_c_runner_utils) keep their own
    static allocations until exit."""
    phase = None
    leaked_blocks = 0
    events = []  # (phase, head, following valgrind lines)
    in_use_blocks = None
    lines = log.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("GT-PHASE "):
            phase = line.split()[1]
            i += 1
            continue
        m = _VG.match(line)
        if m:
            text = m.group(1)
            u = _IN_USE.search(text)
            if u:
                in_use_blocks = int(u.group(2).replace(",", ""))
            loss = _LOSS.match(text)
            if loss:
                j = i + 1
                while j < len(lines) and _VG.match(lines[j]) and \
                        _VG.match(lines[j]).group(1).strip():
                    if _program_frame(lines[j], executable):
                        leaked_blocks += int(loss.group(2).replace(",", ""))
                        break
                    j += 1
            if _ERROR_HEAD.match(text):
                body = []
                j = i + 1
                while j < len(lines):
                    mm = _VG.match(lines[j])
                    if not mm or not mm.group(1).strip():
                        break
                    body.append(mm.group(1))
                    j += 1
                events.append((phase, text, body))
                i = j
                continue
        i += 1
    notes = []
    for ph, head, body in events:
        where = _address_kind(body)
        desc = f"{head} [{where}] in phase {ph}"
        if head.startswith("Source and destination overlap"):
            notes.append(desc)
            continue
        if head.startswith("Invalid free()"):
            if ph == "call":
                return Observation("DOUBLE_FREE" if where == "freed"
                                   else "INVALID_FREE", desc, log)
            if ph == "results":
                return Observation("ABI_VIOLATION", desc, log)
            if ph == "args":
                return Observation("INVALID_FREE", desc, log)
        if (head.startswith("Invalid read") or head.startswith("Invalid write")) \
                and ph == "call" and where == "freed":
            return Observation("USE_AFTER_FREE", desc, log)
        return Observation("UNKNOWN", "unmapped report: " + desc, log)
    if exit_code != 0:
        return Observation("UNKNOWN", f"driver exit code {exit_code}", log)
    if phase != "end":
        return Observation("UNKNOWN", f"driver stopped in phase {phase}", log)
    if in_use_blocks is None:
        return Observation("UNKNOWN", "no valgrind heap summary", log)
    extra = ("; notes: " + "; ".join(notes)) if notes else ""
    if leaked_blocks:
        return Observation("LEAK", f"{leaked_blocks} blocks allocated by the "
                           "program in use at exit" + extra, log)
    return Observation("SAFE", "no report, nothing in use at exit" + extra, log)


def run_case(executable, case, timeout=60):
    try:
        p = subprocess.run(VALGRIND + [executable, str(case)],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return Observation("UNKNOWN", f"timeout after {timeout}s", "")
    return classify(p.stdout, p.returncode, executable)
