#!/usr/bin/env python3
"""Relative links in the Markdown pages of the repository resolve.

Checks every link `[text](target)` outside fenced code blocks in README.md,
spec/*.md and docs/*.md: the target file must exist, and a `#fragment` into
a Markdown page must name an anchor of that page — an explicit
`<a id="...">`, the GitHub slug of a heading, or the ID of a clause defined
in it (whose `<a id>` line `traceability.py --write` adds). External links
(`http:`, `mailto:` ...) are not checked.

  doclinks.py [--repo DIR]     exit 0 all links resolve, 1 broken links
                               (one line each: file:line: message), 2 usage
"""
import os
import re
import sys

from traceability import DEFINITION, report, repo_arguments

LINK = re.compile(r"\]\(([^)\s]+)\)")
# A link reference definition, `[label]: target` (traceability.py's clause links).
REFDEF = re.compile(r"^\[[^\]]+\]: (\S*\.md(?:#\S*)?|#\S+)$")
ANCHOR = re.compile(r'<a id="([^"]+)"></a>')
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")


def slug(heading):
    """GitHub's heading anchor: lowercase, punctuation dropped, spaces -> '-'."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(path):
    found, seen = set(), {}
    for line in open(path, encoding="utf-8", errors="replace"):
        found.update(ANCHOR.findall(line))
        m = DEFINITION.match(line)
        if m:
            found.add(m.group(1)[1:-1])
        m = HEADING.match(line)
        if m:
            s = slug(m.group(1))
            n = seen.get(s, 0)
            seen[s] = n + 1
            found.add(s if n == 0 else f"{s}-{n}")
    return found


def pages(repo):
    out = [os.path.join(repo, "README.md")]
    for folder in ("spec", "docs"):
        base = os.path.join(repo, folder)
        if os.path.isdir(base):
            out += sorted(os.path.join(base, f) for f in os.listdir(base) if f.endswith(".md"))
    return [p for p in out if os.path.isfile(p)]


def check(repo):
    problems, cache = [], {}
    for page in pages(repo):
        rel = os.path.relpath(page, repo)
        fence = False
        for no, line in enumerate(open(page, encoding="utf-8", errors="replace"), 1):
            if line.lstrip().startswith("```"):
                fence = not fence
            if fence:
                continue
            line = re.sub(r"`[^`]*`", "", line)
            for target in LINK.findall(line) + REFDEF.findall(line):
                if re.match(r"[a-z][a-z0-9+.-]*:", target):
                    continue
                path, _, frag = target.partition("#")
                dest = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
                if not os.path.exists(dest):
                    problems.append(f"{rel}:{no}: link to {target}: no such file")
                    continue
                if frag and dest.endswith(".md"):
                    if dest not in cache:
                        cache[dest] = anchors(dest)
                    if frag not in cache[dest]:
                        problems.append(f"{rel}:{no}: link to {target}: no anchor '{frag}' in "
                                        f"{os.path.relpath(dest, repo)}")
    return problems


def main():
    args = repo_arguments(__doc__)
    if args is None:
        return 2
    problems = check(args.repo)
    return report(problems, f"doclinks: {len(pages(args.repo))} pages, {len(problems)} broken links")


if __name__ == "__main__":
    sys.exit(main())
