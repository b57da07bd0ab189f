#!/usr/bin/python3
"""LibreOffice as an editor: opens a .docx, makes edits through UNO with changes tracked (as an editor with
Track Changes on would), and saves it as Word 2007-365 .docx.

    libreoffice-edit.py IN.docx OUT.docx EDITS.json PROFILE_DIR

EDITS.json is a list of edits, each an object with "op":
  replace            {"find", "with"}          the first occurrence of `find` replaced by `with`
  bold               {"find"}                   the first occurrence of `find` made bold
  delete-paragraph   {"text"}                   the paragraph whose text is `text`, with its mark
  delete-with-mark-before {"text"}              the paragraph's text and the mark before it (how a writer deletes
                                                the last paragraph of a scene: from the end of the one above)
  delete-paragraphs  {"from", "to"}             every paragraph from `from` to `to`, with their marks
  delete-table-row   {"cell"}                   the table row holding a cell whose text is `cell`
  split-paragraph    {"after"}                  a paragraph break typed after the words `after`
  join-paragraphs    {"text"}                   the mark after the paragraph `text` deleted (joined with the next)
  restyle            {"keepProperties"?}        untracked: every paragraph set to the default paragraph style and
                                                its direct formatting cleared, the file's custom properties removed
                                                unless asked to keep them (what some editors' tools do)
  track              {"on": bool}               track changes from here on, or not
"""
import json
import os
import subprocess
import sys
import time

import uno
from com.sun.star.beans import PropertyValue


def prop(name, value):
    p = PropertyValue()
    p.Name, p.Value = name, value
    return p


def connect(profile):
    pipe = "msxtest%d" % os.getpid()
    office = subprocess.Popen(["/usr/bin/soffice", "--headless", "--invisible", "--norestore", "--nologo",
                               "-env:UserInstallation=file://" + profile,
                               "--accept=pipe,name=%s;urp;StarOffice.ComponentContext" % pipe],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    for _ in range(600):
        try:
            context = resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe)
            return office, context
        except Exception:
            if office.poll() is not None:
                raise SystemExit("LibreOffice exited before it could be reached")
            time.sleep(0.1)
    office.kill()
    raise SystemExit("LibreOffice could not be reached")


def body_paragraphs(document):
    """The body's paragraphs (tables skipped), in order."""
    result = []
    enumeration = document.Text.createEnumeration()
    while enumeration.hasMoreElements():
        element = enumeration.nextElement()
        if element.supportsService("com.sun.star.text.Paragraph"):
            result.append(element)
    return result


def paragraph(document, text):
    for p in body_paragraphs(document):
        if p.getString() == text:
            return p
    raise SystemExit("no paragraph reads %r" % text)


def select_whole(document, first, last):
    """A cursor from the start of `first` to the start of the paragraph after `last`."""
    cursor = document.Text.createTextCursorByRange(first.getStart())
    cursor.gotoRange(last.getEnd(), True)
    cursor.goRight(1, True)
    return cursor


def find(document, text):
    search = document.createSearchDescriptor()
    search.SearchString = text
    found = document.findFirst(search)
    if found is None:
        raise SystemExit("no text %r" % text)
    return found


def dispatch(document, command):
    helper = CONTEXT.ServiceManager.createInstanceWithContext("com.sun.star.frame.DispatchHelper", CONTEXT)
    helper.executeDispatch(document.CurrentController.Frame, command, "", 0, ())


def edit(document, step):
    op = step["op"]
    if op == "replace":
        find(document, step["find"]).setString(step["with"])
    elif op == "bold":
        find(document, step["find"]).CharWeight = 150.0  # com.sun.star.awt.FontWeight.BOLD
    elif op == "delete-paragraph":
        p = paragraph(document, step["text"])
        select_whole(document, p, p).setString("")
    elif op == "delete-with-mark-before":
        p = paragraph(document, step["text"])
        cursor = document.Text.createTextCursorByRange(p.getStart())
        cursor.goLeft(1, False)
        cursor.gotoRange(p.getEnd(), True)
        cursor.setString("")
    elif op == "delete-paragraphs":
        select_whole(document, paragraph(document, step["from"]), paragraph(document, step["to"])).setString("")
    elif op == "delete-table-row":
        tables = document.TextTables
        for index in range(tables.getCount()):
            table = tables.getByIndex(index)
            for name in table.getCellNames():
                cell = table.getCellByName(name)
                if cell.getString() == step["cell"]:
                    # As an editor does it (Table > Delete > Rows), so that the deletion is tracked.
                    controller = document.CurrentController
                    controller.select(cell.createTextCursor())
                    dispatch(document, ".uno:DeleteRows")
                    return
        raise SystemExit("no cell reads %r" % step["cell"])
    elif op == "split-paragraph":
        document.Text.insertControlCharacter(find(document, step["after"]).getEnd(), 0, False)  # PARAGRAPH_BREAK
    elif op == "join-paragraphs":
        p = paragraph(document, step["text"])
        cursor = document.Text.createTextCursorByRange(p.getEnd())
        cursor.goRight(1, True)
        cursor.setString("")
    elif op == "restyle":
        document.RecordChanges = False
        for p in body_paragraphs(document):
            p.ParaStyleName = "Standard"
            cursor = document.Text.createTextCursorByRange(p)
            cursor.setAllPropertiesToDefault()
        properties = document.DocumentProperties.UserDefinedProperties
        for info in ([] if step.get("keepProperties") else properties.PropertySetInfo.Properties):
            try:
                properties.removeProperty(info.Name)
            except Exception:
                pass
    elif op == "track":
        document.RecordChanges = step["on"]
    else:
        raise SystemExit("unknown edit %r" % op)


def main():
    source, target, edits, profile = sys.argv[1:5]
    global CONTEXT
    office, context = connect(profile)
    CONTEXT = context
    try:
        desktop = context.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", context)
        document = desktop.loadComponentFromURL(uno.systemPathToFileUrl(os.path.abspath(source)), "_blank", 0,
                                                (prop("Hidden", True),))
        document.RecordChanges = True
        with open(edits) as f:
            for step in json.load(f):
                edit(document, step)
        document.storeToURL(uno.systemPathToFileUrl(os.path.abspath(target)), (prop("FilterName", "MS Word 2007 XML"),))
        document.close(True)
    finally:
        try:
            desktop.terminate()
        except Exception:
            pass
        try:
            office.wait(timeout=30)
        except subprocess.TimeoutExpired:
            office.kill()


if __name__ == "__main__":
    main()
