#!/usr/bin/env python3
"""Prints debian/changelog for VERSION from CHANGELOG.md (Keep a Changelog) and the maintainer
in debian/control: one entry per released version, newest first, from VERSION down.

    python3 scripts/debian_changelog.py CHANGELOG.md debian/control VERSION
"""
import email.utils
import datetime
import re
import sys
import textwrap


def releases(changelog):
    """[(version, date, [item text])] in the file's order (newest first)."""
    out = []
    for l in open(changelog, encoding="utf-8"):
        m = re.match(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})\s*$", l)
        if m:
            out.append((m.group(1), m.group(2), []))
        elif re.match(r"^## ", l):
            out.append((None, None, []))  # [Unreleased]: not in a package
        elif out and l.startswith("- "):
            out[-1][2].append(l[2:].strip())
        elif out and l.startswith("  ") and out[-1][2]:
            out[-1][2][-1] += " " + l.strip()
    return [r for r in out if r[0]]


def plain(text):
    """Markdown to plain text: [a](b) -> a, `code` -> code."""
    text = re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", text)
    return text.replace("`", "")


def main():
    changelog, control, version = sys.argv[1:4]
    maintainer = next(l.split(":", 1)[1].strip() for l in open(control, encoding="utf-8")
                      if l.startswith("Maintainer:"))
    entries = releases(changelog)
    versions = [v for v, _, _ in entries]
    if version not in versions:
        sys.exit(f"debian_changelog.py: CHANGELOG.md has no '## [{version}] - DATE' entry")
    for v, date, items in entries[versions.index(version):]:
        print(f"shishi ({v}) unstable; urgency=medium\n")
        for item in items:
            print(textwrap.fill(plain(item), width=78, break_on_hyphens=False, break_long_words=False, initial_indent="  * ", subsequent_indent="    "))
        when = datetime.datetime.strptime(date, "%Y-%m-%d").replace(hour=12, tzinfo=datetime.timezone.utc)
        print(f"\n -- {maintainer}  {email.utils.format_datetime(when)}\n")


if __name__ == "__main__":
    main()
