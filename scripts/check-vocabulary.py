#!/usr/bin/env python3
"""Checks that msx's vocabulary is spelled once: every attribute name, error code, check finding code and the
`schemaVersion` key appears as a string literal in Sources/ only where it is declared.

  scripts/check-vocabulary.py      exits 1 and lists each stray literal, or prints a one-line summary

A word that is also part of another vocabulary (an RTF control word, a CSS value, a field of the manifest) is allowed where that vocabulary is declared, listed in OTHER_VOCABULARIES with the reason.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCES = ROOT / "Sources"
ATTRIBUTES = SOURCES / "MsxModel/Document/Attributes.swift"
ERRORS = SOURCES / "MsxModel/Support/MsxError.swift"
CHECKER = SOURCES / "MsxProject/Project/ProjectChecker.swift"
ENVELOPE = SOURCES / "MsxModel/JSON/JSONEnvelope.swift"

# (literal, file relative to Sources/, why that file may spell it)
OTHER_VOCABULARIES = {
    ("footnote", "MsxConvert/Import/RTFKeyword.swift"): "RTF's \\footnote control word",
    ("annotation", "MsxConvert/Import/RTFKeyword.swift"): "RTF's \\annotation destination (a Word comment)",
    ("kind", "MsxModel/Binder/BinderNode.swift"): "the manifest's node field",
    ("kind", "MsxModel/Binder/ManifestMerge.swift"): "the manifest's node field (a place field the merge only notes)",
    ("kind", "MsxActions/Binder/BinderNodeReport.swift"): "the JSON node's field in its schema (docs/cli-json.md 4.1)",
    ("kind", "MsxActions/Binder/TreeJSON.swift"): "the JSON node's field, written in order (docs/cli-json.md 4.1)",
    ("kind", "MsxModel/Render/DocumentJSON.swift"): "the document model's paragraph field",
    ("kind", "MsxActions/Rendering/DiffJSON.swift"): "the diff's structure change field",
    ("kind", "MsxConvert/Import/ImportedDocument.swift"): "an import warning's field in the reader's JSON view",
    ("kind", "MsxModel/Merge/ConflictResolution.swift"): "a merge conflict's field (docs/cli-json.md 5.28)",
    ("kind", "MsxActions/Review/ConflictActions.swift"): "a merge conflict's field in its schema (docs/cli-json.md 5.28)",
    ("code", "MsxActions/History/CheckAction.swift"): "the finding's JSON field",
    ("code", "MsxModel/JSON/JSONEnvelope.swift"): "the error object's JSON field",
    ("error", "MsxModel/JSON/JSONEnvelope.swift"): "the error object's JSON key",
    ("error", "MsxCLI/Commands/CheckCommand.swift"): "the word printed before an error finding",
    ("style", "MsxCLI/Commands/FormatCommand.swift"): "the value name of --underline in its help",
    ("image", "MsxConvert/Compile/DocxWriter.swift"): "OPC's image relationship type",
    ("pageBreakBefore", "MsxConvert/Import/Docx/DocxFormats.swift"): "WordprocessingML's w:pageBreakBefore element",
    ("footnote", "MsxConvert/Import/Docx/DocxReader.swift"): "WordprocessingML's w:footnote element",
    ("smallCaps", "MsxConvert/Import/Docx/DocxFormats.swift"): "WordprocessingML's w:smallCaps element",
    ("style", "MsxConvert/Import/Docx/DocxStyleTable.swift"): "WordprocessingML's w:style element",
    ("bold", "MsxConvert/Compile/FontFile.swift"): "a font's style name in its name table (\"Bold Italic\")",
    ("italic", "MsxConvert/Compile/FontFile.swift"): "a font's style name in its name table (\"Bold Italic\")",
}

LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')


def literals(path):
    """(line number, literal) for each string literal outside comments."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        code = line.split("//", 1)[0] if not line.lstrip().startswith("\"") else line
        for match in LITERAL.finditer(code):
            yield number, match.group(1)


def declared(path, pattern):
    return set(re.findall(pattern, path.read_text(encoding="utf-8")))


def enum_raw_values(path, enum_name):
    """The raw values of a String enum's cases: explicit ones, else the case name."""
    text = path.read_text(encoding="utf-8")
    start = text.index(f"enum {enum_name}")
    body = text[start:text.index("\n    }\n", start) if f"    public enum {enum_name}" in text else len(text)]
    values = set()
    for line in body.splitlines():
        line = line.strip()
        if not line.startswith("case ") or "(" in line.split("=")[0]:
            continue
        for part in line[5:].split(","):
            part = part.strip()
            if not part or part.startswith("."):
                continue
            name, _, raw = part.partition("=")
            raw = raw.strip()
            values.add(raw.strip('"') if raw else name.strip())
    return values


def main():
    vocabularies = [
        ("attribute name", declared(ATTRIBUTES, r'AttributeKey\(rawValue: "(\w+)"\)'), {ATTRIBUTES}),
        ("error code", enum_raw_values(ERRORS, "Code"), {ERRORS}),
        ("finding code", enum_raw_values(CHECKER, "Problem"), {CHECKER}),
        ("JSON envelope key", {"schemaVersion"}, {ENVELOPE}),
    ]
    problems = []
    used_exceptions = set()
    seen_in_declaration = {}
    for path in sorted(SOURCES.rglob("*.swift")):
        relative = str(path.relative_to(SOURCES))
        for number, literal in literals(path):
            for kind, words, homes in vocabularies:
                if literal not in words:
                    continue
                if path in homes:
                    key = (kind, literal)
                    seen_in_declaration[key] = seen_in_declaration.get(key, 0) + 1
                    if seen_in_declaration[key] > 1:
                        problems.append(f"{relative}:{number}: {kind} \"{literal}\" spelled twice in its declaration")
                elif (literal, relative) in OTHER_VOCABULARIES:
                    used_exceptions.add((literal, relative))
                else:
                    problems.append(f"{relative}:{number}: {kind} \"{literal}\" spelled outside its declaration")
    for path in sorted(SOURCES.rglob("*.swift")):
        if path != ATTRIBUTES and "AttributeKey(rawValue: \"" in path.read_text(encoding="utf-8"):
            problems.append(f"{path.relative_to(SOURCES)}: declares an attribute name outside Attributes.swift")
    for literal, relative in sorted(set(OTHER_VOCABULARIES) - used_exceptions):
        problems.append(f"{relative}: OTHER_VOCABULARIES lists \"{literal}\", which it no longer spells: remove the entry")
    if problems:
        print("\n".join(problems), flush=True)
        print(f"check-vocabulary: {len(problems)} stray literal(s); use the declared constant instead", file=sys.stderr)
        return 1
    counts = ", ".join(f"{len(words)} {kind}s" for kind, words, _ in vocabularies)
    print(f"check-vocabulary: each spelled once ({counts})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
