#!/usr/bin/env python3
"""Moves the EXAMPLES and ENVIRONMENT parts of each generated manual page into sections of their own.

    scripts/man-sections.py PAGE...      rewrites each mdoc page in place (called by scripts/man.sh)

swift-argument-parser puts a command's whole discussion into DESCRIPTION. msx's discussions end with
"EXAMPLES" and "ENVIRONMENT" parts (see Sources/MsxCLI/Manual/ManualText.swift): an example is a line
"  $ COMMAND" followed by an indented line saying what it does; an environment entry is a line
"  NAME" followed by an indented line. This script cuts those parts out of DESCRIPTION and writes them
as mdoc sections, in the order mdoc(7) gives: ENVIRONMENT and EXAMPLES before SEE ALSO and AUTHORS.
"""
import sys

SECTIONS = ("ENVIRONMENT", "EXAMPLES")
LATER = (".Sh SEE ALSO", ".Sh AUTHORS")


def escape(text):
    """Text as mdoc prints it literally: backslashes doubled, a leading dot or quote guarded."""
    text = text.replace("\\", "\\e")
    return "\\&" + text if text.startswith((".", "'")) else text


def entries(lines):
    """(head, body) pairs: an entry's first line, then its indented description."""
    pairs = []
    for line in lines:
        if not line.strip():
            continue
        if line.startswith("      ") and pairs:
            pairs[-1][1].append(line.strip())
        else:
            pairs.append((line.strip(), []))
    return pairs


def render(name, lines):
    out = [".Sh " + name]
    if name == "EXAMPLES":
        for command, meaning in entries(lines):
            out += [".Pp", escape(" ".join(meaning)), ".Bd -literal -offset indent",
                    escape(command[2:] if command.startswith("$ ") else command), ".Ed"]
    else:
        out.append(".Bl -tag -width Ds")
        for names, meaning in entries(lines):
            out += [".It Ev " + " , ".join(n.strip() for n in names.split(",")), escape(" ".join(meaning))]
        out.append(".El")
    return out


def rewrite(page):
    lines = open(page, encoding="utf-8").read().split("\n")
    found = {}
    kept = []
    current = None
    for line in lines:
        if line in SECTIONS:
            current = line
            found[current] = []
            continue
        if current and (line.startswith(".") and not line.startswith(".\\\"")):
            current = None
        if current:
            found[current].append(line)
        else:
            kept.append(line)
    if not found:
        return
    sections = [line for name in SECTIONS if name in found for line in render(name, found[name])]
    at = next((i for i, line in enumerate(kept) if line.startswith(LATER)), len(kept))
    result = kept[:at] + sections + kept[at:]
    # The blank lines that separated the description from the parts go; a macro line follows them now.
    cleaned = []
    for i, line in enumerate(result):
        if line == "" and i + 1 < len(result) and result[i + 1].startswith(".") and cleaned and cleaned[-1] != "":
            continue
        cleaned.append(line)
    with open(page, "w", encoding="utf-8") as f:
        f.write("\n".join(cleaned).rstrip("\n") + "\n")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: scripts/man-sections.py PAGE...")
    for path in sys.argv[1:]:
        rewrite(path)
