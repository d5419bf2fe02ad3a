#!/usr/bin/env python3
"""Spec traceability: every clause has a corpus test; every cited clause exists.

A clause is *defined* in spec/*.md by a line that starts with ``**[id]**``,
followed by its normative statement, a paragraph starting ``Rationale:`` and a
line starting ``Test:`` (or ``Tests:``) naming corpus files. Its stable anchor
is a line ``<a id="id"></a>`` right above the definition (``--write`` adds the
missing ones), so ``chapter.md#id`` links work on a git forge.

The design documents of DESIGN (docs/verifier-design.md, ...) define clauses
the same way: how one implementation works, kept out of the normative spec but
under stable IDs that code and tests cite. Their index is docs/design-index.md,
not spec/index.md, so that spec/ lists only normative statements.

A clause is *cited* wherever its ``[id]`` appears: corpus tests (which count
as its tests), code under reference/ and harness/, the spec chapters and the
hand-written docs/ pages; every citation must name a defined clause.

  traceability.py --check      exit 1 on errors: a clause without a citing
                               corpus test, a citation of an undefined clause,
                               a duplicate definition, a stale generated file
                               (spec/index.md, docs/design-index.md,
                               docs/traceability.md). Prints
                               warnings (clause without rationale, Test: line
                               or anchor; a Test: path that does not exist;
                               a clause whose first sentence does not state
                               its rule, by rule_problem();
                               a spec chapter over MAX_FILE_LINES lines or a
                               spec clause over MAX_CLAUSE_LINES lines)
  traceability.py --check --strict   the same, warnings count as errors
  traceability.py --markdown   print docs/traceability.md (clause -> tests)
  traceability.py --index      print spec/index.md (clauses by chapter)
  traceability.py --write      add missing anchors to spec chapters,
                               rewrite spec/index.md, docs/design-index.md
                               and docs/traceability.md,
                               and end every spec page and design document
                               with link reference definitions for the
                               clauses it cites (LINKS_MARK), so that a bare
                               [id] renders as a link to its clause

Exit codes: 0 clean (warnings allowed), 1 errors, 2 usage.
"""
import argparse
import difflib
import io
import os
import re
import sys
import tokenize

CLAUSE = r"\[[a-z][a-z0-9_-]*(?:\.[a-z0-9][a-z0-9_-]*)+\]"
DEFINITION = re.compile(r"^\s*(?:[-*]\s*)?\*\*(" + CLAUSE + r")\*\*")
# A citation is not preceded by an identifier character or a closing bracket,
# so indexing expressions such as `args[args.command]` are not citations.
CITATION = re.compile(r"(?<![A-Za-z0-9_)\]}])" + CLAUSE)
# In Markdown, `[file.md](file.md)` is a link, not a citation.
MD_CITATION = re.compile(r"(?<![A-Za-z0-9_)\]}])" + CLAUSE + r"(?!\()")
ANCHOR = re.compile(r'^<a id="([^"]+)"></a>\s*$')
HEADING = re.compile(r"^#{1,6}\s")
# A line that starts a list, a table or a code block ends a clause's first
# paragraph: the statement is the prose before it.
LIST_ITEM = re.compile(r"^\s*(?:[-*+] |\d+\. |\||```)")

CODE_SUFFIXES = (".cpp", ".h", ".py", ".td", ".txt", ".sh")
TEST_SUFFIXES = (".mlir", ".test", ".py")
CORPUS_PATH = re.compile(r"corpus/[A-Za-z0-9_./-]+[A-Za-z0-9_]")

# Documents outside spec/ that define clauses: the verifier's design. Not
# normative; indexed in DESIGN_INDEX, not in spec/index.md.
DESIGN = ("docs/verifier-design.md", "docs/verifier-proofs.md")
# A spec chapter a reader can take in, a clause that states one rule.
MAX_FILE_LINES = 700
MAX_CLAUSE_LINES = 60

# What makes a clause's first sentence a *rule* (a sentence a reader citing
# "[id]" can quote as the clause), checked by rule_problem():
# 1. It does not open as a non-normative sentence does: a note, an example, a
#    pointer elsewhere, history, a restatement of another clause ("Spec
#    ([x]): ..."), a question, or a test file as its subject.
NON_RULE_OPENERS = re.compile(
    r"^(?:notes?\b|for example\b|for instance\b|e\.g\.|example\b|background\b|"
    r"see\b|cf\.|historically\b|history\b|formerly\b|previously\b|replaced\b|"
    r"used to\b|spec\b\s*[(:]|psa\b|upstream's question\b|this (?:clause|section|"
    r"chapter|entry)\b|in short\b|corpus/)", re.I)
# 2. Its main clause (the words before its first `;` or `:` outside
#    parentheses, code spans and link targets removed) has a finite verb of this closed list: a modal, a
#    copula, or one of the verbs the spec states behaviour with. A fragment
#    ("Integer, index and float constants; ...") or a heading with a full stop
#    has none. A new rule that needs another verb adds it here, in review.
FINITE = """
    must shall may can cannot is are iff means has have do does
    accepts adds allocates answers applies appends asks asserts becomes binds
    builds calls carries checks combines compares computes continues copies
    counts creates decides denotes differs documents encodes ends
    evaluates excludes executes expands fails fits folds follows forms frees
    gets gives handles inherits inserts keeps lets lists lowers makes marks
    matches needs orders passes prints propagates proves reads receives
    refines rejects releases replaces reports requires retains returns runs
    says skips starts stops takes tracks treats turns uses views visits walks
    writes yields bounds nests promises judges extends truncates converts
    contains emits accesses
"""


def base_forms(verbs):
    """Each verb with its plural-subject form: frees/free, copies/copy,
    passes/pass (the modals and copulas stay as they are)."""
    out = set(verbs)
    for v in verbs:
        if v in ("is", "has", "does", "means", "iff"):
            continue
        if v.endswith("ies"):
            out.add(v[:-3] + "y")
        elif v.endswith(("sses", "shes", "ches", "xes")):
            out.add(v[:-2])
        elif v.endswith("s") and not v.endswith("ss"):
            out.add(v[:-1])
    return frozenset(out)


RULE_VERBS = base_forms(FINITE.split())
# 3. It is not its heading restated: some word of it (outside code spans)
#    is not a word of the section heading it sits under.
STOPWORDS = frozenset("a an the of in on to and or for by with its it this that".split())

# The generated tail of a page: one link reference definition per clause the
# page cites, so that every bare `[id]` in it renders as a link.
LINKS_MARK = ("<!-- Clause links, generated by spec/tools/traceability.py --write: "
              "every [id] on this page links to its clause. -->")
REFDEF = re.compile(r"^\[[^\]]+\]: \S*\.md#\S+$")

INDEX = "spec/index.md"
# The index of the design documents' clauses: in docs/, so that spec/ lists
# only normative statements (a design clause may state a budget or a count).
DESIGN_INDEX = "docs/design-index.md"
TABLE = "docs/traceability.md"
GENERATED = (INDEX, DESIGN_INDEX, TABLE)
REGENERATE = "/usr/bin/python3 spec/tools/traceability.py --write"


def walk(root, suffixes):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith((".", "__")))
        for name in sorted(filenames):
            if name.endswith(suffixes):
                yield os.path.join(dirpath, name)


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read().splitlines()


def own_lines(path):
    """The lines of a page before its generated clause links."""
    lines = read(path)
    if LINKS_MARK in lines:
        # Drop the block (the mark and the definitions after it); keep text
        # someone added after it.
        i = lines.index(LINKS_MARK)
        j = i + 1
        while j < len(lines) and (REFDEF.match(lines[j]) or not lines[j].strip()):
            j += 1
        lines = lines[:i] + lines[j:]
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def python_text(path):
    """The comments and string literals of a Python file, one per line: in
    Python code `[a.b]` is a list, so only comments and strings cite clauses.
    Falls back to the whole file if it does not tokenize."""
    with open(path, encoding="utf-8", errors="replace") as f:
        source = f.read()
    try:
        tokens = tokenize.generate_tokens(io.StringIO(source).readline)
        return [t.string for t in tokens if t.type in (tokenize.COMMENT, tokenize.STRING)]
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return source.splitlines()


def chapters(repo):
    """Spec chapters (relative paths) in the order of the links in the table
    rows (lines starting with `|`) of spec/README.md, then any other chapter
    alphabetically. README.md and index.md define no
    clauses."""
    spec = os.path.join(repo, "spec")
    present = sorted(os.path.relpath(p, repo) for p in walk(spec, (".md",))
                     if os.path.dirname(p) == spec)
    order = []
    readme = os.path.join(spec, "README.md")
    if os.path.exists(readme):
        for line in read(readme):
            if not line.startswith("|"):
                continue
            for name in re.findall(r"\]\(([a-z0-9_-]+\.md)\)", line):
                rel = "spec/" + name
                if rel in present and rel not in order:
                    order.append(rel)
    rest = [p for p in present if p not in order]
    return [p for p in order + rest if p not in ("spec/README.md", INDEX)]


def defining_files(repo):
    """The spec chapters, then the design documents that exist."""
    return chapters(repo) + [d for d in DESIGN if os.path.exists(os.path.join(repo, d))]


def first_sentence(text):
    """The statement up to its first full stop that ends a sentence."""
    text = " ".join(text.split())
    m = re.search(r"(?<!\be\.g)(?<!\bi\.e)(?<!\betc)(?<!\.\.)\.(?=\s|$)", text)
    return text[:m.end()] if m else text


def prose_words(text):
    """The lower-case words of text outside code spans and link targets."""
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    text = re.sub(CLAUSE, " ", text)
    return re.findall(r"[a-z][a-z'-]*", text.lower())


def main_clause(text):
    """The text before its first `;` or `:` outside parentheses."""
    depth = 0
    for i, ch in enumerate(text):
        if ch in "([":
            depth += 1
        elif ch in ")]" and depth:
            depth -= 1
        elif ch in ";:" and not depth:
            return text[:i]
    return text


def rule_problem(statement, heading=""):
    """Why the first sentence of a clause does not state a rule (the three
    tests above), or None when it does."""
    text = statement.strip().lstrip("*_ ").strip()
    if not text:
        return "it is empty"
    if NON_RULE_OPENERS.match(text):
        return f"it opens with {text.split()[0]!r}, not with the rule"
    if text.rstrip("*_ ").endswith("?"):
        return "it is a question"
    head = main_clause(re.sub(r"`[^`]*`", "CODE", text))
    if not RULE_VERBS.intersection(w for word in prose_words(head) for w in word.split("-")):
        return "its main clause has no verb of RULE_VERBS (a fragment, not a rule)"
    words = set(prose_words(text)) - STOPWORDS
    if heading and words and words <= set(prose_words(heading)) | STOPWORDS:
        return "it restates its heading"
    return None


class Clause:
    def __init__(self, cid, path, line, body, anchored, heading=""):
        self.id, self.path, self.line, self.anchored = cid, path, line, anchored
        self.heading = heading
        kept = list(body)
        while kept and (not kept[-1].strip() or ANCHOR.match(kept[-1])):
            kept.pop()
        self.length = len(kept)
        self.key = cid[1:-1]
        first = DEFINITION.match(body[0])
        paragraph = [body[0][first.end():]]
        for text in body[1:]:
            if not text.strip() or LIST_ITEM.match(text):
                break
            paragraph.append(text)
        self.statement = first_sentence(" ".join(paragraph))
        self.has_rationale = any(t.lstrip().startswith("Rationale:") for t in body)
        test_lines, in_test = [], False
        for text in body:
            if re.match(r"^\s*Tests?:", text):
                in_test = True
            elif not text.strip():
                in_test = False
            if in_test:
                test_lines.append(text)
        self.has_test_line = bool(test_lines)
        self.test_paths = sorted(set(CORPUS_PATH.findall(" ".join(test_lines))))


def definitions(repo):
    """Returns (clauses by id, duplicates)."""
    defs, duplicates = {}, []
    for rel in defining_files(repo):
        lines = own_lines(os.path.join(repo, rel))
        starts = [i for i, t in enumerate(lines) if DEFINITION.match(t)]
        for k, i in enumerate(starts):
            end = starts[k + 1] if k + 1 < len(starts) else len(lines)
            for j in range(i + 1, end):
                if HEADING.match(lines[j]):
                    end = j
                    break
            cid = DEFINITION.match(lines[i]).group(1)
            prev = ANCHOR.match(lines[i - 1]) if i > 0 else None
            heading = next((lines[j].lstrip("#").strip() for j in range(i - 1, -1, -1)
                            if HEADING.match(lines[j])), "")
            clause = Clause(cid, rel, i + 1, lines[i:end],
                            bool(prev and prev.group(1) == cid[1:-1]), heading)
            if cid in defs:
                duplicates.append((cid, defs[cid].path, rel))
            defs[cid] = clause
    return defs, duplicates


def citations(repo, folder, suffixes, pattern=CITATION, skip=(), top_only=False):
    """Maps clause id -> sorted list of files under folder citing it
    (top_only: files directly in folder, not in its subfolders)."""
    cites = {}
    base = os.path.join(repo, folder)
    if not os.path.isdir(base):
        return cites
    for path in walk(base, suffixes):
        if top_only and os.path.dirname(path) != base:
            continue
        rel = os.path.relpath(path, repo)
        if rel in skip:
            continue
        for line in python_text(path) if path.endswith(".py") else read(path):
            if REFDEF.match(line):
                continue
            for cid in pattern.findall(line):
                cites.setdefault(cid, set()).add(rel)
    return {k: sorted(v) for k, v in cites.items()}


def analyse(repo):
    """Returns (defs, tests, errors, warnings)."""
    defs, duplicates = definitions(repo)
    tests = citations(repo, "corpus", TEST_SUFFIXES)
    others = {}
    # spec/tools/testdata holds the checker's own test fixture: only the
    # chapters themselves count.
    for folder, suffixes, pattern, top in (("reference", CODE_SUFFIXES, CITATION, False),
                                           ("harness", CODE_SUFFIXES, CITATION, False),
                                           ("spec", (".md",), MD_CITATION, True),
                                           ("docs", (".md",), MD_CITATION, False)):
        for cid, files in citations(repo, folder, suffixes, pattern, GENERATED, top).items():
            others.setdefault(cid, []).extend(files)
    errors, warnings = [], []
    for cid, first, second in duplicates:
        errors.append(f"{second}: clause {cid} is defined twice (also in {first})")
    for cid, c in sorted(defs.items()):
        where = f"{c.path}:{c.line}"
        if cid not in tests:
            errors.append(f"{where}: clause {cid} has no corpus test citing it")
        if not c.has_rationale:
            warnings.append(f"{where}: clause {cid} has no 'Rationale:' paragraph")
        if not c.has_test_line:
            warnings.append(f"{where}: clause {cid} has no 'Test:' line")
        for t in c.test_paths:
            if not os.path.exists(os.path.join(repo, t)):
                warnings.append(f"{where}: clause {cid} names {t} under 'Test:', which does not exist")
            elif t in tests.get(cid, []) or not t.endswith(TEST_SUFFIXES):
                continue
            elif os.path.isfile(os.path.join(repo, t)):
                warnings.append(f"{where}: clause {cid} names {t} under 'Test:', which does not cite it")
        problem = rule_problem(c.statement, c.heading)
        if problem:
            warnings.append(f"{where}: clause {cid}'s first sentence does not state its rule: "
                            f"{problem}: \"{c.statement[:100]}\"")
        if c.path.startswith("spec/") and c.length > MAX_CLAUSE_LINES:
            warnings.append(f"{where}: clause {cid} has {c.length} lines, more than "
                            f"{MAX_CLAUSE_LINES}: split it or move detail out of spec/")
        if not c.anchored:
            warnings.append(f"{where}: clause {cid} has no anchor line "
                            f'<a id="{c.key}"></a> (run {REGENERATE})')
    for rel in chapters(repo):
        n = len(own_lines(os.path.join(repo, rel)))
        if n > MAX_FILE_LINES:
            warnings.append(f"{rel}: {n} lines, more than {MAX_FILE_LINES}: split the chapter")
    seen = set()
    for cid, files in sorted(list(tests.items()) + list(others.items())):
        if cid not in defs and (cid, files[0]) not in seen:
            seen.add((cid, files[0]))
            errors.append(f"{files[0]}: cites {cid}, which no spec chapter defines")
    for rel in linked_pages(repo):
        path = os.path.join(repo, rel)
        if open(path, encoding="utf-8").read() != with_links(repo, rel, defs):
            errors.append(f"{rel}: stale clause links; regenerate with `{REGENERATE}`")
    for rel, text in generated(repo, defs, tests):
        path = os.path.join(repo, rel)
        current = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if current != text:
            diff = list(difflib.unified_diff((current or "").splitlines(), text.splitlines(),
                                             "committed", "regenerated", n=0, lineterm=""))
            body = [d[:160] for d in diff[2:] if not d.startswith("@@")]
            shown, more = body[:4], " ..." if len(body) > 4 else ""
            errors.append(f"{rel}: stale generated file; regenerate with `{REGENERATE}`"
                          + "".join(f"\n    {d}" for d in shown) + more)
    return defs, tests, errors, warnings


def link(clause, from_dir):
    """A link to the clause's anchor, relative to from_dir (repo-relative)."""
    target = os.path.relpath(clause.path, from_dir)
    return f"{target}#{clause.key}"


def test_links(files, from_dir):
    return ", ".join(f"[{os.path.relpath(t, 'corpus')}]({os.path.relpath(t, from_dir)})"
                     for t in files)


def cell(text):
    return text.replace("|", "\\|")


def relink(text, path, from_dir):
    """Rewrites the relative links of text, written in the file path, to be
    relative to from_dir (both repo-relative)."""
    def fix(m):
        target = m.group(1)
        if re.match(r"^[a-z]+:", target):
            return m.group(0)
        if target.startswith("#"):
            target = os.path.basename(path) + target
        frag = ""
        if "#" in target:
            target, frag = target.split("#", 1)
            frag = "#" + frag
        resolved = os.path.normpath(os.path.join(os.path.dirname(path), target))
        return "](" + os.path.relpath(resolved, from_dir) + frag + ")"
    return re.sub(r"\]\(([^)\s]+)\)", fix, text)


def markdown(repo, defs=None, tests=None):
    if defs is None:
        defs, _ = definitions(repo)
        tests = citations(repo, "corpus", TEST_SUFFIXES)
    out = ["# Traceability: spec clause -> corpus tests", "",
           f"Generated by `{REGENERATE}` (or `--markdown`); checked by",
           "`corpus/spec/traceability.test` (part of the test suite). The",
           "clauses grouped by chapter, with their statements, are in",
           "[spec/index.md](../spec/index.md)" + (
               ", those of the verifier's design documents in\n"
               "[design-index.md](design-index.md)." if design_index(repo, defs, tests)
               else "."), "",
           f"{len(defs)} clauses.", "",
           "| clause | chapter | tests |", "|---|---|---|"]
    for cid, c in sorted(defs.items()):
        links = test_links(tests.get(cid, []), "docs")
        out.append(f"| [`{cid}`](../{c.path}#{c.key}) | {os.path.basename(c.path)} "
                   f"| {links or '**none**'} |")
    return "\n".join(out) + "\n"


def title(repo, rel):
    for line in read(os.path.join(repo, rel)):
        if line.startswith("# "):
            return line[2:].strip()
    return os.path.basename(rel)


def index_sections(repo, files, by_chapter, tests, from_dir):
    """One table per file of files: each clause's ID (a link), the first
    sentence of its statement and the corpus tests citing it."""
    out = []
    for rel in files:
        base = os.path.basename(rel)
        out += ["", f'<a id="{os.path.splitext(base)[0]}"></a>',
                f"## {base}: {title(repo, rel)}", "",
                "| clause | statement | tests |", "|---|---|---|"]
        for c in sorted(by_chapter[rel], key=lambda c: c.line):
            links = test_links(tests.get(c.id, []), from_dir)
            out.append(f"| [`{c.id}`]({link(c, from_dir)}) "
                       f"| {cell(relink(c.statement, c.path, from_dir))} "
                       f"| {links or '**none**'} |")
    return out


def contents(repo, files, by_chapter):
    return [f"- [{title(repo, rel)}](#{os.path.splitext(os.path.basename(rel))[0]})"
            f" — {len(by_chapter[rel])} clauses" for rel in files]


def by_file(repo, defs, tests, design):
    """(defs, tests, the files of DESIGN or of spec/ that define clauses,
    their clauses by file)."""
    if defs is None:
        defs, _ = definitions(repo)
        tests = citations(repo, "corpus", TEST_SUFFIXES)
    by_chapter = {}
    for c in defs.values():
        by_chapter.setdefault(c.path, []).append(c)
    files = [p for p in defining_files(repo)
             if p in by_chapter and p.startswith("spec/") != design]
    return defs, tests, files, by_chapter


def index(repo, defs=None, tests=None):
    """spec/index.md: the clauses of the spec chapters."""
    defs, tests, order, by_chapter = by_file(repo, defs, tests, design=False)
    n = sum(len(by_chapter[rel]) for rel in order)
    out = ["# Clause index", "",
           f"Every clause of the specification ({n} clauses), grouped by",
           "chapter in the order of [README.md](README.md): its ID (a link to its",
           "definition), the first sentence of its normative statement (the rule",
           "a citation of the ID refers to), and the corpus tests that cite it.",
           f"Generated by `{REGENERATE}`; `corpus/spec/traceability.test` fails",
           "when this page is stale. Read the chapter for the full statement, the",
           "rationale and the exact test cases." + (
               " The clauses of `dealloc-verify`'s\ndesign documents, which are not"
               f" normative, have their own index in\n[{DESIGN_INDEX}](../{DESIGN_INDEX})."
               if design_index(repo, defs, tests) else ""), ""]
    out += contents(repo, order, by_chapter)
    out += index_sections(repo, order, by_chapter, tests, "spec")
    return "\n".join(out) + "\n"


def design_index(repo, defs=None, tests=None):
    """docs/design-index.md: the clauses of the design documents, or None
    when there are none."""
    defs, tests, order, by_chapter = by_file(repo, defs, tests, design=True)
    if not order:
        return None
    n = sum(len(by_chapter[rel]) for rel in order)
    out = ["# Design clause index: dealloc-verify, not normative", "",
           f"Every clause of the design documents of `dealloc-verify` ({n} clauses):",
           "how the reference verifier encodes and proves, under IDs that code and",
           "tests cite. These pages describe one implementation; what its answers",
           "promise is specified in [spec/verification.md](../spec/verification.md),",
           "and the specification's own clauses are indexed in",
           f"[spec/index.md](../{INDEX}). Each row: the ID (a link to its",
           "definition), the first sentence of its statement and the corpus tests",
           f"that cite it. Generated by `{REGENERATE}`;",
           "`corpus/spec/traceability.test` fails when this page is stale.", ""]
    out += contents(repo, order, by_chapter)
    out += index_sections(repo, order, by_chapter, tests, "docs")
    return "\n".join(out) + "\n"


def generated(repo, defs, tests):
    """(path, text) of each generated page, with its clause links."""
    pages = []
    for rel, produce in ((INDEX, index), (DESIGN_INDEX, design_index)):
        text = produce(repo, defs, tests)
        if text is not None:
            pages.append((rel, with_links(repo, rel, defs, text.rstrip("\n").split("\n"))))
    pages.append((TABLE, markdown(repo, defs, tests)))
    return pages


def linked_pages(repo):
    """The pages that get clause links: every spec page (chapters, README,
    the index) and the design documents."""
    spec = os.path.join(repo, "spec")
    pages = sorted(os.path.relpath(p, repo) for p in walk(spec, (".md",))
                   if os.path.dirname(p) == spec)
    return pages + [d for d in DESIGN if os.path.exists(os.path.join(repo, d))]


def link_block(lines, rel, defs):
    """The link reference definitions for the clauses `lines` cite."""
    fence, cited = False, set()
    for line in lines:
        if line.lstrip().startswith("```"):
            fence = not fence
        if not fence:
            cited.update(c for c in MD_CITATION.findall(line) if c in defs)
    return [f"{cid}: {link(defs[cid], os.path.dirname(rel))}" for cid in sorted(cited)]


def with_links(repo, rel, defs, lines=None):
    """The page's text with its generated clause links."""
    if lines is None:
        lines = own_lines(os.path.join(repo, rel))
    block = link_block(lines, rel, defs)
    if not block:
        return "\n".join(lines) + "\n"
    return "\n".join(lines + ["", LINKS_MARK] + block) + "\n"


def add_anchors(repo, defs):
    """Inserts the anchor line above each definition that lacks one."""
    changed = []
    for rel in sorted({c.path for c in defs.values() if not c.anchored}):
        path = os.path.join(repo, rel)
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        out = []
        for i, text in enumerate(lines):
            m = DEFINITION.match(text)
            if m:
                key = m.group(1)[1:-1]
                prev = ANCHOR.match(out[-1]) if out else None
                if not (prev and prev.group(1) == key):
                    out.append(f'<a id="{key}"></a>')
            out.append(text)
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(out))
        changed.append(rel)
    return changed


def write(repo):
    defs, _ = definitions(repo)
    changed = add_anchors(repo, defs)
    defs, _ = definitions(repo)
    tests = citations(repo, "corpus", TEST_SUFFIXES)
    for rel, text in generated(repo, defs, tests):
        path = os.path.join(repo, rel)
        old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if old != text:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            changed.append(rel)
    for rel in linked_pages(repo):
        if rel == INDEX:
            continue
        path = os.path.join(repo, rel)
        text = with_links(repo, rel, defs)
        if open(path, encoding="utf-8").read() != text:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            if rel not in changed:
                changed.append(rel)
    for rel in changed:
        print(f"wrote {rel}")
    print(f"traceability: {len(changed)} files updated")


def repo_arguments(doc, add=None):
    """The arguments of a spec tool whose docstring is `doc`: `--repo`
    (default: this checkout) and those `add(parser)` adds; None, after the
    message, when the repository has no spec/ folder (the tool exits 2)."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--repo", default=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    if add:
        add(ap)
    args = ap.parse_args()
    if not os.path.isdir(os.path.join(args.repo, "spec")):
        print(f"error: {args.repo}: no spec/ folder (use --repo REPO_ROOT)", file=sys.stderr)
        return None
    return args


def report(problems, summary):
    """Prints each problem as `error: PROBLEM`, then the summary line; the
    exit code (1 when there is a problem)."""
    for p in problems:
        print(f"error: {p}")
    print(summary)
    return 1 if problems else 0


def _modes(ap):
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--check", action="store_true")
    g.add_argument("--markdown", action="store_true")
    g.add_argument("--index", action="store_true")
    g.add_argument("--write", action="store_true")
    ap.add_argument("--strict", action="store_true",
                    help="with --check: warnings count as errors")


def main():
    args = repo_arguments(__doc__, _modes)
    if args is None:
        return 2
    if args.markdown:
        sys.stdout.write(markdown(args.repo))
        return 0
    if args.index:
        sys.stdout.write(index(args.repo))
        return 0
    if args.write:
        write(args.repo)
        return 0
    defs, tests, errors, warnings = analyse(args.repo)
    for p in errors:
        print(f"error: {p}")
    for p in warnings:
        print(f"warning: {p}")
    print(f"traceability: {len(defs)} clauses, {sum(1 for c in defs if c in tests)} with tests, "
          f"{len(errors)} problems, {len(warnings)} warnings")
    return 1 if errors or (args.strict and warnings) or not defs else 0


if __name__ == "__main__":
    sys.exit(main())
