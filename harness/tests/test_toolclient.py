"""toolclient.py, the one Python client of the tools: the verdict
vocabulary comes from `TOOL --describe` (cached per tool path and binary),
never from a Python copy; JSON and text verdict lines; per-function worst
answers; exit codes. A fake tool stands in for the C++ ones where their
answers must be controlled."""
import json
import os

import pytest

from harness_helpers import TOOLS
from dealloc_harness import toolclient

# A made-up vocabulary: the client must take whatever the tool describes.
FAKE = {"tool": "fake-verify", "schema": 1,
        "verdicts": [{"name": "OK", "violation": False, "exit_code": 0, "clause": "clause-ok"},
                     {"name": "BAD", "violation": True, "exit_code": 1, "clause": "clause-bad"},
                     {"name": "WORSE", "violation": True, "exit_code": 1, "clause": "clause-w"},
                     {"name": "DUNNO", "violation": False, "exit_code": 2, "clause": "clause-d"}],
        "equiv_verdicts": [{"name": "SAME", "exit_code": 0}, {"name": "OTHER", "exit_code": 1}],
        "exit_codes": {"0": "ok", "1": "bad", "2": "dunno", "3": "input"},
        "stop_kinds": [{"name": "loop-bound", "class": "limit"}]}


def fake_tool(tmp_path, describe, output="", code=0):
    """A tool that prints `describe` for --describe (counting the calls in
    calls.txt) and `output` with exit `code` otherwise."""
    path = tmp_path / "fake-verify"
    (tmp_path / "describe.json").write_text(describe)
    (tmp_path / "output.txt").write_text(output)
    path.write_text(f"""#!/usr/bin/python3
import sys
d = {str(tmp_path)!r}
if sys.argv[1:] == ["--describe"]:
    open(d + "/calls.txt", "a").write("x")
    sys.stdout.write(open(d + "/describe.json").read())
    sys.exit(0 if open(d + "/describe.json").read() else 3)
sys.stdout.write(open(d + "/output.txt").read())
sys.exit({code})
""")
    path.chmod(0o755)
    return str(path)


def test_the_vocabulary_is_the_tools_and_is_asked_once(tmp_path):
    tool = fake_tool(tmp_path, json.dumps(FAKE))
    vocab = toolclient.describe(tool)
    assert vocab.verdicts == ("OK", "BAD", "WORSE", "DUNNO")
    assert vocab.violations == {"BAD", "WORSE"} and vocab.unsure == {"DUNNO"}
    assert vocab.safe == {"OK"} and vocab.equiv == ("SAME", "OTHER")
    assert vocab.clauses["BAD"] == "clause-bad" and vocab.stop_kinds == {"loop-bound": "limit"}
    assert vocab.expected_exit(["OK", "DUNNO"]) == 2
    assert vocab.expected_exit(["DUNNO", "BAD"]) == 1 and vocab.expected_exit([]) == 0
    assert toolclient.describe(tool) is vocab
    assert (tmp_path / "calls.txt").read_text() == "x"


def test_a_rebuilt_tool_is_asked_again(tmp_path):
    tool = fake_tool(tmp_path, json.dumps(FAKE))
    toolclient.describe(tool)
    changed = dict(FAKE, verdicts=FAKE["verdicts"][:2])
    (tmp_path / "describe.json").write_text(json.dumps(changed))
    with open(tool, "a") as f:
        f.write("# rebuilt\n")
    assert toolclient.describe(tool).verdicts == ("OK", "BAD")


@pytest.mark.parametrize("describe,why", [
    ("", "--describe: exit code 3"),
    ("not json", "not JSON"),
    (json.dumps(dict(FAKE, schema=2)), "schema 2"),
    (json.dumps({"schema": 1, "verdicts": [{"name": "X"}]}), "not the --describe shape"),
])
def test_a_tool_without_a_usable_describe_is_a_contract_error(tmp_path, describe, why):
    tool = fake_tool(tmp_path, describe)
    with pytest.raises(toolclient.ContractError, match=why):
        toolclient.describe(tool)


def test_verdict_lines_json_or_text_worst_per_function(tmp_path):
    out = "\n".join(['{"function": "f", "verdict": "OK"}', "noise",
                     '{"function": "f", "verdict": "DUNNO", "message": "m"}',
                     '{"function": "g", "verdict": "BAD", "input": "0"}',
                     '{"function": "g", "verdict": "WORSE"}',
                     '{"function": "h", "verdict": "NOT_A_VERDICT"}', ""])
    tool = fake_tool(tmp_path, json.dumps(FAKE), out, code=1)
    res = toolclient.results([tool, "--json"])
    assert {f: r["verdict"] for f, r in res.items()} == {"f": "DUNNO", "g": "BAD"}
    vocab = toolclient.describe(tool)
    assert toolclient.records("@f: BAD leaks\n@g: OK\n@h: SAME\n", vocab) == [
        {"function": "f", "verdict": "BAD", "message": "leaks"},
        {"function": "g", "verdict": "OK", "message": ""}]
    assert [r["verdict"] for r in toolclient.records("@f: SAME\n", vocab, equiv=True)] == ["SAME"]


def test_a_run_without_an_answer_raises(tmp_path):
    tool = fake_tool(tmp_path, json.dumps(FAKE), "nothing\n", code=0)
    with pytest.raises(toolclient.ToolFailed, match="0 verdicts"):
        toolclient.results([tool])


@pytest.mark.skipif(not all(TOOLS[t] for t in ("dealloc-run", "dealloc-verify",
                                               "dealloc-check")),
                    reason="the tools are not built")
def test_the_tools_describe_one_vocabulary():
    """dealloc-run, dealloc-verify and dealloc-check answer with the same
    verdicts (the harness reads them from any of the three)."""
    vocabs = [toolclient.describe(TOOLS[t]) for t in
              ("dealloc-run", "dealloc-verify", "dealloc-check")]
    first = vocabs[0]
    assert all((v.verdicts, v.violations, v.exit_codes, v.equiv) ==
               (first.verdicts, first.violations, first.exit_codes, first.equiv)
               for v in vocabs)
    assert first.violations and first.unsure and first.safe
    assert not first.violations & first.unsure
    assert set(first.meanings) == {"0", "1", "2", "3"}
    assert os.path.isabs(toolclient.find("dealloc-verify"))
