#!/usr/bin/env python3
"""Writes the man pages shishi(6) and shishi-match(6) from what the binaries print.

    python3 scripts/man.py SHISHI SHISHI_MATCH OUTDIR [CHANGELOG.md]

Every command, usage line and option comes from the binaries' own tables: `shishi help` and
`shishi COMMAND --help` (each command the help lists), the engine options as `usi` lists them,
`shishi rules`, `shishi-match --help` (its groups and option lines, cutechess-cli's spellings)
and `--version`. Only the framing (name line, files, see also) is written here, so a new
command or option reaches the pages when they are made again (the ctest man_pages does, and
fails when the checked-in pages differ). The date is that of the version's CHANGELOG.md entry,
so the pages do not change with the day they are made.
"""
import os
import re
import subprocess
import sys

# Option maxima the engine takes from the machine it runs on (protocol/engine.cpp): the page
# says what they follow instead of this machine's numbers.
MACHINE_MAXIMA = {
    "USI_Hash": "half the physical memory, in MB",
    "Threads": "the number of hardware threads",
}


def run(*argv, stdin="", usage_error=False, may_fail=False):
    """The program's standard output; usage_error: a usage text printed on standard error with
    exit status 2 (as `shishi-match merge` answers a bare --help)."""
    r = subprocess.run(argv, input=stdin, capture_output=True, text=True, timeout=60)
    if usage_error and r.returncode == 2 and r.stderr.startswith("usage:"):
        return r.stderr
    if r.returncode != 0 and may_fail:
        print(f"man.py: {' '.join(argv)} exited {r.returncode}; the help list's line is used", file=sys.stderr)
        return None
    if r.returncode != 0:
        sys.exit(f"man.py: {' '.join(argv)} exited {r.returncode}: {r.stderr.strip()}")
    return r.stdout


def esc(text):
    """Text for roff: backslashes, hyphens as minus signs (options copy and paste right),
    a line never starting with a control character, non-ASCII as named glyphs."""
    out = text.replace("\\", "\\e").replace("-", "\\-")
    out = "".join(c if ord(c) < 128 else f"\\[u{ord(c):04X}]" for c in out)
    return out


def line(text):
    t = esc(text)
    return "\\&" + t if t[:1] in (".", "'") else t


def split_entry(text):
    """'left   description' (two or more spaces between) -> (left, description)."""
    m = re.match(r"^(\S.*?)\s{2,}(\S.*)$", text)
    return (m.group(1), m.group(2)) if m else (text, "")


def indented_entries(lines, column=False):
    """Option or command lines: an entry starts at the least indentation, deeper lines
    continue its description. Returns [(left, description)]. column=False: the left part ends
    at two spaces or more (shishi's hand-aligned help). column=True: descriptions start at one
    column, the indentation of the continuation lines (shishi-match's printer pads the left
    part to it with one space at least, and puts a longer left part on a line of its own)."""
    entries = []
    indents = [len(l) - len(l.lstrip()) for l in lines if l.strip()]
    base = min(indents)
    deeper = [i for i in indents if i > base]
    col = max(set(deeper), key=deeper.count) if deeper else None
    for l in lines:
        if not l.strip():
            continue
        indent = len(l) - len(l.lstrip())
        if indent > base:
            entries[-1][1] = (entries[-1][1] + " " + l.strip()).strip()
        elif column and col and len(l) > col and l[col - 1] == " " and l[col] != " ":
            entries.append([l[:col].strip(), l[col:].strip()])
        elif column:
            entries.append([l.strip(), ""])
        else:
            entries.append(list(split_entry(l.strip())))
    return [tuple(e) for e in entries]


def usage_lines(text, prog):
    """The leading 'usage:' block: one synopsis per line starting with the program name,
    deeper-indented lines continuing the one before; it ends at the first other line.
    Returns ([usage], index of the first line after the block)."""
    out = []
    lines = text.splitlines()
    for k, l in enumerate(lines):
        s = l.strip()
        if s.startswith("usage:"):
            s = s[len("usage:"):].strip()
        elif not l.startswith(" ") or not s:
            return out, k
        if s.startswith(prog + " ") or s == prog:
            out.append(s)
        else:
            out[-1] += " " + s
    return out, len(lines)


def synopsis(usages, prog):
    """Each usage as a hanging paragraph; a description after it (two spaces or more) is left
    for the DESCRIPTION section."""
    parts = []
    for u in usages:
        rest = split_entry(u)[0][len(prog):].strip()
        parts += [".HP", f"\\fB{esc(prog)}\\fR {esc(rest)}".rstrip(), ".br"]
    return parts[:-1] if parts else parts


def usage_notes(usages, prog):
    """The descriptions written after usage lines: 'prog ARGS: description'."""
    return [f"{split_entry(u)[0]}: {split_entry(u)[1]}" for u in usages if split_entry(u)[1]]


def tp(left, desc):
    return [".TP", f"\\fB{esc(left)}\\fR", line(desc) if desc else "\\&"]


def header(name, version, date):
    return [
        f'.\\" Made by scripts/man.py from the output of {name} {version}: do not edit, make it again.',
        '.TH %s 6 "%s" "Shishi %s" "Games"' % (esc(name.upper()), date, version),
    ]


def engine_options(usi_text):
    """`option name N type T default D [min A max B] [var V]...` lines of the USI session."""
    opts = []
    for l in usi_text.splitlines():
        m = re.match(r"^option name (.+?) type (\w+)(.*)$", l)
        if not m:
            continue
        name, kind, rest = m.groups()
        fields = re.findall(r"\b(default|min|max|var) (\S+(?: (?!default |min |max |var )\S+)*)", rest)
        d = {"var": []}
        for k, v in fields:
            if k == "var":
                d["var"].append(v)
            else:
                d[k] = v
        if name in MACHINE_MAXIMA:
            d["max"] = MACHINE_MAXIMA[name]
        if kind == "spin":
            what = f"a number from {d.get('min')} to {d.get('max')}, default {d.get('default')}"
        elif kind == "check":
            what = f"true or false, default {d.get('default')}"
        elif kind == "combo":
            what = f"one of {', '.join(d['var'])}; default {d.get('default')}"
        else:
            what = f"{kind}" + (f", default {d['default']}" if "default" in d else "")
        opts.append((name, kind, what))
    missing = [n for n in MACHINE_MAXIMA if n not in [o[0] for o in opts]]
    if missing:
        sys.exit(f"man.py: MACHINE_MAXIMA names options the engine no longer lists: {missing}")
    return opts


def xboard_only_options(xboard_text, usi_names):
    """`feature option="NAME -TYPE ..."` lines of XBoard's protover 2 whose NAME USI does not
    list: [(name, kind, what)]."""
    opts = []
    for spec in re.findall(r'option="([^"]+)"', xboard_text):
        m = re.match(r"^(.+?) -(\w+)(?: (.*))?$", spec)
        if not m or m.group(1) in usi_names:
            continue
        name, kind, rest = m.group(1), m.group(2), (m.group(3) or "")
        if kind == "check":
            what = f"true or false, default {'true' if rest.strip() == '1' else 'false'}"
        elif kind in ("spin", "slider"):
            d, lo, hi = (rest.split() + ["", "", ""])[:3]
            what = f"a number from {lo} to {hi}, default {d}"
        elif kind == "combo":
            choices = [c.strip() for c in rest.split("///")]
            default = next((c[1:] for c in choices if c.startswith("*")), choices[0])
            what = f"one of {', '.join(c.lstrip('*') for c in choices)}; default {default}"
        else:
            what = kind + (f", default {rest}" if rest else "")
        opts.append((name, kind, what))
    return opts


def rule_rows(text):
    """`shishi rules` prints a Markdown table: | key | option | values | what | presets... |"""
    rows = [[c.strip().strip("`").replace("`", "") for c in l.strip().strip("|").split("|")]
            for l in text.splitlines() if l.startswith("|")]
    head, body = rows[0], [r for r in rows[2:]]
    return head, body


def shishi_page(exe, version, date):
    helptext = run(exe, "help")
    lines = helptext.splitlines()
    usages, i = usage_lines(helptext, "shishi")
    j = next(k for k, l in enumerate(lines) if l.strip() == "commands:")
    description = " ".join(l.strip() for l in lines[i:j] if l.strip())
    k = j + 1
    cmd_lines = []
    while k < len(lines) and lines[k].startswith(" "):
        cmd_lines.append(lines[k])
        k += 1
    after = " ".join(l.strip() for l in lines[k:] if l.strip())
    commands = []
    for left, desc in indented_entries(cmd_lines):
        words = left.split()
        if len(words) < 2 or words[0] != "shishi":
            sys.exit(f"man.py: unexpected command line in `shishi help`: {left}")
        name = words[1]
        if name.startswith("-") or name == "help":
            commands.append((left, desc))
            continue
        # The command's own --help has its complete usage (it may say more than the list).
        own = run(exe, name, "--help", may_fail=True)
        if own is None:
            commands.append((left, desc))
            continue
        own_usage, _ = usage_lines(own, "shishi")
        own_entries = indented_entries([l.replace("usage: ", "       ", 1) for l in own.splitlines() if l.strip()])
        full_desc = own_entries[0][1] if own_entries and own_entries[0][1] else desc
        for u in own_usage[:1]:
            u_left, _ = split_entry(u)
            commands.append((u_left, full_desc))
        for extra in own_usage[1:]:
            commands.append(split_entry(extra))
    usi = run(exe, stdin="usi\nquit\n")
    xboard = run(exe, stdin="xboard\nprotover 2\nquit\n")
    name_line = next(l for l in usi.splitlines() if l.startswith("id name "))
    rhead, rrows = rule_rows(run(exe, "rules"))

    out = header("shishi", version, date)
    out += [".SH NAME", "shishi \\- Chu Shogi engine for XBoard, WinBoard and USI hosts"]
    out += [".SH SYNOPSIS"] + synopsis(usages, "shishi")
    out += [".SH DESCRIPTION",
            line("Shishi plays Chu Shogi, the 12x12 historical Japanese chess with the Lion. "
                 "It speaks the XBoard protocol (CECP v2) and USI with lishogi's Chu Shogi notation, "
                 "and has command-line tools for perft, benchmarks, tuning and game records."),
            ".PP"] + [line(n) + "\n.br" for n in usage_notes(usages, "shishi")] + [line(description)]
    out += [".SH COMMANDS"]
    for left, desc in commands:
        out += tp(left, desc)
    if after:
        out += [".PP", line(after)]
    out += [".SH ENGINE OPTIONS",
            line("The options the engine offers, as USI lists them (XBoard offers them too, as "
                 "feature option=..., but for those XBoard sets itself: hash, threads, ponder). "
                 "Each may also be given on the command line, before the protocol starts: "
                 "--Name=value or --Name value, where case, spaces, '_' and '-' in the name do "
                 "not matter. Under XBoard the rule options start from the xboard rule set.")]
    usi_opts = engine_options(usi)
    for name, kind, what in usi_opts:
        out += tp(name, f"({kind}) {what}")
    xb_opts = xboard_only_options(xboard, {o[0] for o in usi_opts})
    if xb_opts:
        out += [".SS XBoard only"]
        for name, kind, what in xb_opts:
            out += tp(name, f"({kind}) {what}")
    out += [".SH RULES",
            line("The rule fields, each an engine option and a key of --rules (a preset, then "
                 "KEY=VALUE pairs, as in shishi-match). Presets book, xboard and lishogi set them as "
                 "shown.")]
    presets = rhead[4:]
    for r in rrows:
        key, option, values, what = r[:4]
        sets = ", ".join(f"{p} {v}" for p, v in zip(presets, r[4:]))
        out += [".TP", f"\\fB{esc(key)}\\fR (option \\fI{esc(option)}\\fR; {esc(values)})",
                line(f"{what}. Presets: {sets}.")]
    out += [".SH FILES",
            ".TP", "\\fI/usr/share/games/plugins/xboard/shishi.eng\\fR",
            line("XBoard's engine entry (in its Engine menu, Load New Engine), with the logo in "
                 "/usr/share/games/plugins/logos/shishi.png."),
            ".TP", "\\fI/usr/share/doc/shishi/\\fR",
            line("the documentation: protocols, rules, analysis, match runner.")]
    out += [".SH EXAMPLES",
            ".nf", esc("xboard -variant chu -fcp shishi"), esc("shishi perft 5"),
            esc("shishi analyze game.kif --depth 8 --out annotated.kif --svg graph.svg"),
            esc("shishi --Threads=2 --Skill_Level=10"), ".fi"]
    out += [".SH SEE ALSO", "\\fBshishi\\-match\\fR(6), \\fBxboard\\fR(6), \\fBhachu\\fR(6)"]
    out += [".SH VERSION", line(f"This page describes {name_line[len('id name '):]}.")]
    return "\n".join(out) + "\n"


def match_page(exe, version, date):
    helptext = run(exe, "--help")
    lines = helptext.splitlines()
    usages, _ = usage_lines(helptext, "shishi-match")
    merge_help = run(exe, "merge", "--help", usage_error=True)
    merge_usages, _ = usage_lines(merge_help, "shishi-match")
    groups = []  # (title, [lines])
    k = next(i for i, l in enumerate(lines) if not l.strip())
    for l in lines[k:]:
        if not l.strip():
            continue
        if not l.startswith(" "):
            groups.append((l.strip().rstrip(":"), []))
        else:
            groups[-1][1].append(l)
    version_line = run(exe, "--version").strip()

    out = header("shishi-match", version, date)
    out += [".SH NAME", "shishi\\-match \\- play matches and tournaments between Chu Shogi engines"]
    out += [".SH SYNOPSIS"] + synopsis(usages, "shishi-match")
    out += [".SH DESCRIPTION",
            line("shishi-match plays games between XBoard and USI Chu Shogi engines, keeping the "
                 "clocks and judging every move with Shishi's rules, and reports scores, Elo and "
                 "SPRT results; it writes the games as PGN that XBoard reads. It also reads "
                 "cutechess-cli's command line.")]
    out += [".SS merge"]
    for u in merge_usages:
        out += tp(*split_entry(u))
    for title, glines in groups:
        # "Engines (each command runs through /bin/sh -c)": the heading, then what is in brackets.
        m = re.match(r"^(.*?)(?: \((.*)\))?$", title)
        head, note = m.group(1), m.group(2)
        if "cutechess" in title:
            head, note = "cutechess-cli options", title
        out += [".SH " + esc(head.upper())]
        if note:
            out += [line(note.rstrip(":") + ("" if note.endswith(".") else "."))]
        for left, desc in indented_entries(glines, column=True):
            out += tp(left, desc)
    out += [".SH SEE ALSO", "\\fBshishi\\fR(6), \\fBxboard\\fR(6), \\fBcutechess\\-cli\\fR(6)"]
    out += [".SH VERSION", line(f"This page describes {version_line}.")]
    return "\n".join(out) + "\n"


def release_date(changelog, version):
    if changelog and os.path.exists(changelog):
        for l in open(changelog, encoding="utf-8"):
            m = re.match(r"^## \[" + re.escape(version) + r"\] - (\d{4}-\d{2}-\d{2})", l)
            if m:
                return m.group(1)
    sys.exit(f"man.py: no '## [{version}] - YYYY-MM-DD' entry in {changelog}")


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    shishi, match, outdir = sys.argv[1:4]
    changelog = sys.argv[4] if len(sys.argv) == 5 else os.path.join(os.path.dirname(__file__), "..", "CHANGELOG.md")
    version = run(shishi, "--version").split()[-1]
    date = release_date(changelog, version)
    os.makedirs(outdir, exist_ok=True)
    for name, text in (("shishi.6", shishi_page(shishi, version, date)),
                       ("shishi-match.6", match_page(match, version, date))):
        with open(os.path.join(outdir, name), "w", encoding="ascii", newline="\n") as f:
            f.write(text)


if __name__ == "__main__":
    main()
