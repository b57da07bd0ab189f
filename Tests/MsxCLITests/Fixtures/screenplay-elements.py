#!/usr/bin/env python3
"""Prints a script's elements as JSON, read by readers that are not msx's: a list of [type, text] pairs, text as
HTML (<strong>, <em>, <u> for bold, italic, underline), dialogue as Final Draft spells it (a Character, then its
Parenthetical and Dialogue entries).

  screenplay-elements.py fountain FILE   screenplain's Fountain parser
  screenplay-elements.py fdx FILE        Python's XML parser on a Final Draft file (its Content's paragraphs)
  screenplay-elements.py to-fdx FILE     screenplain's Final Draft export of a Fountain file, read as above
  screenplay-elements.py title FILE      screenplain's reading of a Fountain file's title page
"""
import io
import json
import sys
import xml.etree.ElementTree as ET
from xml.sax.saxutils import escape

from screenplain.parsers import fountain
from screenplain.types import Action, Dialog, DualDialog, PageBreak, Section, Slug, Transition


def html(rich_lines):
    return "\n".join(line.to_html() for line in rich_lines)


def dialog(d):
    out = [["Character", d.character.to_html()]]
    for parenthetical, line in d.blocks:
        out.append(["Parenthetical" if parenthetical else "Dialogue", line.to_html()])
    return out


def from_fountain(path):
    with open(path, encoding="utf-8") as f:
        script = fountain.parse(io.StringIO(f.read()))
    out = []
    for para in script:
        if isinstance(para, Slug):
            out.append(["Scene Heading", html(para.lines)])
        elif isinstance(para, Action):
            out.append(["Centered" if para.centered else "Action", html(para.lines)])
        elif isinstance(para, Dialog):
            out += dialog(para)
        elif isinstance(para, DualDialog):
            out += dialog(para.left) + dialog(para.right)
        elif isinstance(para, Transition):
            out.append(["Transition", html(para.lines)])
        elif isinstance(para, Section):
            out.append(["Section", para.text.to_html()])
        elif isinstance(para, PageBreak):
            out.append(["Page Break", ""])
    return out, script.title_page


def from_fdx(data):
    root = ET.fromstring(data)
    out = []
    paragraphs = []
    for para in root.find("Content"):
        dual = para.find("DualDialogue")
        paragraphs += list(dual) if dual is not None else [para]
    for para in paragraphs:
        text = ""
        for piece in para.findall("Text"):
            styles = (piece.get("Style") or "").split("+")
            chunk = escape(piece.text or "")
            # screenplain's HTML nests as <strong><em><u>.
            if "Underline" in styles:
                chunk = "<u>" + chunk + "</u>"
            if "Italic" in styles:
                chunk = "<em>" + chunk + "</em>"
            if "Bold" in styles:
                chunk = "<strong>" + chunk + "</strong>"
            text += chunk
        kind = para.get("Type")
        if para.get("StartsNewPage") == "Yes":
            out.append(["Page Break", ""])
        if kind == "Action" and para.get("Alignment") == "Center":
            kind = "Centered"
        out.append([kind, text.replace("\n", "\n")])
    return out


def main():
    mode, path = sys.argv[1], sys.argv[2]
    if mode == "fountain":
        print(json.dumps(from_fountain(path)[0]))
    elif mode == "title":
        print(json.dumps(from_fountain(path)[1]))
    elif mode == "fdx":
        with open(path, "rb") as f:
            print(json.dumps(from_fdx(f.read())))
    elif mode == "to-fdx":
        from screenplain.export.fdx import to_fdx
        with open(path, encoding="utf-8") as f:
            script = fountain.parse(io.StringIO(f.read()))
        out = io.StringIO()
        to_fdx(script, out)
        print(json.dumps(from_fdx(out.getvalue().encode("utf-8"))))


if __name__ == "__main__":
    main()
