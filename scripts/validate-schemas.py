#!/usr/bin/env python3
"""Validate Manuscript projects against docs/schema/*.schema.json.

Usage: scripts/validate-schemas.py [--lenient] [PROJECT_DIR ...]

With no PROJECT_DIR, checks every templates/*/ folder of this repository.
For each project it checks:
  - manuscript.json and every *.attrs.json under contents/ against the JSON Schemas
    (placeholders {{title}}, {{author}}, {{date}} are filled in first);
  - the JSON conventions of docs/format.md (UTF-8 without BOM, sorted keys, 2-space indent,
    integral numbers without ".0", one trailing newline);
  - binder consistency: unique ids, slug paths, document files present, every .md under
    contents/ in the binder, every sidecar next to a listed document, .gitignore lists .msx/.
By default unknown keys are errors (templates must not carry typos); --lenient allows them,
as msx itself does. Needs the Python package `jsonschema`. Exits 1 if anything fails.
"""
import copy
import datetime
import json
import os
import re
import sys
import unicodedata

try:
    import jsonschema
except ImportError:
    sys.exit("validate-schemas: the Python package 'jsonschema' is required (pip install jsonschema)")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMA_DIR = os.path.join(ROOT, "docs", "schema")
PLACEHOLDERS = {"{{title}}": "Sample Title", "{{author}}": "Sample Author",
                "{{date}}": datetime.date.today().isoformat()}

errors = []


def fail(where, message):
    errors.append(f"{where}: {message}")


def strict(schema):
    """Copy of a schema in which object schemas with listed properties reject unlisted ones."""
    if isinstance(schema, dict):
        out = {k: strict(v) for k, v in schema.items()}
        if out.get("type") == "object" and "properties" in out and "additionalProperties" not in out:
            out["unevaluatedProperties"] = False
        return out
    if isinstance(schema, list):
        return [strict(v) for v in schema]
    return schema


def load_validator(name, lenient):
    with open(os.path.join(SCHEMA_DIR, name), encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema if lenient else strict(schema))


def integral_floats(value, path="$"):
    if isinstance(value, float) and value.is_integer():
        yield path
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from integral_floats(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from integral_floats(v, f"{path}[{i}]")


def read_json(path, where):
    """Parse a JSON file and check the on-disk conventions. Returns the value or None."""
    with open(path, "rb") as f:
        raw = f.read()
    if raw.startswith(b"\xef\xbb\xbf"):
        fail(where, "starts with a byte order mark")
    try:
        text = raw.decode("utf-8")
        value = json.loads(text)
    except (UnicodeDecodeError, ValueError) as e:
        fail(where, f"not valid UTF-8 JSON: {e}")
        return None
    for p in integral_floats(value):
        fail(where, f"{p}: integral number written with a fraction")
    if text != json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False) + "\n":
        fail(where, "not in canonical form (sorted keys, 2-space indent, trailing newline)")
    return value


def fill_placeholders(value):
    if isinstance(value, str):
        for k, v in PLACEHOLDERS.items():
            value = value.replace(k, v)
        return value
    if isinstance(value, dict):
        return {k: fill_placeholders(v) for k, v in value.items()}
    if isinstance(value, list):
        return [fill_placeholders(v) for v in value]
    return value


def schema_errors(validator, value, where):
    for e in sorted(validator.iter_errors(value), key=lambda e: list(e.absolute_path)):
        loc = "/".join(str(p) for p in e.absolute_path) or "(root)"
        fail(where, f"{loc}: {e.message}")


SPECIAL = {"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ð": "d", "þ": "th", "ł": "l", "ı": "i"}


def slug(title):
    s = "".join(SPECIAL.get(c, c) for c in title.lower())
    s = unicodedata.normalize("NFKD", s)
    s = "".join(c for c in s if not unicodedata.combining(c))
    s = s.replace("'", "").replace("\u2019", "")
    s = re.sub(r"[^a-z0-9]+", "-", s).strip("-")
    return s or "untitled"


def utf16_len(s):
    return len(s.encode("utf-16-le")) // 2


def check_sidecar(path, where, validator):
    value = read_json(path, where)
    if value is None:
        return
    schema_errors(validator, value, where)
    last = -1
    for p in value.get("paragraphs", []):
        index = p.get("index", -1)
        if isinstance(index, int) and index <= last:
            fail(where, f"paragraph {index}: indexes must be unique and ascending")
        last = index if isinstance(index, int) else last
        end_prev = 0
        for r in p.get("runs", []):
            start, end, text = r.get("start"), r.get("end"), r.get("text", "")
            if not (isinstance(start, int) and isinstance(end, int)):
                continue
            if start < end_prev:
                fail(where, f"paragraph {index}: runs overlap or are not sorted by start")
            if end - start != utf16_len(text):
                fail(where, f"paragraph {index}: run {text!r}: end - start != UTF-16 length of text")
            for k in ("before", "after"):
                if utf16_len(r.get(k, "")) > 16:
                    fail(where, f"paragraph {index}: run {text!r}: {k} longer than 16 UTF-16 units")
            end_prev = end


def check_project(project, validators):
    name = os.path.relpath(project, ROOT) if project.startswith(ROOT) else project
    manifest_path = os.path.join(project, "manuscript.json")
    if not os.path.isfile(manifest_path):
        fail(name, "no manuscript.json")
        return
    manifest = read_json(manifest_path, f"{name}/manuscript.json")
    if manifest is None:
        return
    schema_errors(validators["manuscript"], fill_placeholders(manifest), f"{name}/manuscript.json")

    gitignore = os.path.join(project, ".gitignore")
    if not os.path.isfile(gitignore) or ".msx/" not in open(gitignore, encoding="utf-8").read().split():
        fail(name, ".gitignore does not list .msx/")

    ids = {}
    documents = set()
    labels, statuses = set(manifest.get("labels", [])), set(manifest.get("statuses", []))

    def walk(nodes, parent):
        siblings = set()
        for n in nodes:
            if not isinstance(n, dict):
                continue
            nid, title, path, kind = n.get("id"), n.get("title", ""), n.get("path", ""), n.get("kind")
            where = f"{name}: node {nid} ({title!r})"
            if nid in ids:
                fail(where, "duplicate node id")
            ids[nid] = path
            base = path.rsplit("/", 1)[-1]
            if kind == "document":
                base = base[:-3] if base.endswith(".md") else base
            expected = slug(title)
            if path.rsplit("/", 1)[0] != parent:
                fail(where, f"path {path!r} is not inside its parent {parent!r}")
            if not (base == expected or re.fullmatch(re.escape(expected) + r"-([2-9]|[1-9][0-9]+)", base)):
                fail(where, f"path {path!r} does not end in the slug {expected!r} of the title")
            if base in siblings:
                fail(where, f"slug {base!r} is not unique in its folder")
            siblings.add(base)
            if n.get("label") and n["label"] not in labels:
                fail(where, f"label {n['label']!r} is not in the manifest's labels")
            if n.get("status") and n["status"] not in statuses:
                fail(where, f"status {n['status']!r} is not in the manifest's statuses")
            full = os.path.join(project, *path.split("/"))
            if kind == "document":
                documents.add(path)
                if not os.path.isfile(full):
                    fail(where, f"document file {path} is missing")
            elif kind == "folder":
                if os.path.exists(full) and not os.path.isdir(full):
                    fail(where, f"folder path {path} is not a directory")
                walk(n.get("children", []), path)

    walk(manifest.get("binder", []), "contents")
    if manifest.get("id") in ids:
        fail(name, "project id is also used as a node id")

    contents = os.path.join(project, "contents")
    for dirpath, _, files in os.walk(contents):
        for f in sorted(files):
            rel = os.path.relpath(os.path.join(dirpath, f), project).replace(os.sep, "/")
            if f.endswith(".attrs.json"):
                md = rel[: -len(".attrs.json")] + ".md"
                if md not in documents:
                    fail(name, f"sidecar {rel} has no document {md} in the binder")
                check_sidecar(os.path.join(dirpath, f), f"{name}/{rel}", validators["sidecar"])
            elif f.endswith(".md"):
                if rel not in documents:
                    fail(name, f"{rel} is not in the binder")
                with open(os.path.join(dirpath, f), "rb") as fh:
                    try:
                        fh.read().decode("utf-8")
                    except UnicodeDecodeError:
                        fail(name, f"{rel} is not valid UTF-8")


def main(argv):
    lenient = "--lenient" in argv
    args = [a for a in argv if a != "--lenient"]
    if any(a.startswith("-") for a in args):
        print(__doc__.strip(), file=sys.stderr)
        return 64
    validators = {
        "manuscript": load_validator("manuscript.schema.json", lenient),
        "sidecar": load_validator("sidecar.schema.json", lenient),
    }
    load_validator("document.schema.json", lenient)  # checks the schema itself
    if args:
        projects = [os.path.abspath(a) for a in args]
    else:
        base = os.path.join(ROOT, "templates")
        projects = sorted(os.path.join(base, d) for d in os.listdir(base)
                          if os.path.isdir(os.path.join(base, d)))
        if not projects:
            fail("templates", "no templates found")
    for p in projects:
        check_project(p, validators)
    for e in errors:
        print(e, file=sys.stderr)
    if errors:
        print(f"validate-schemas: {len(errors)} problem(s)", file=sys.stderr)
        return 1
    print(f"validate-schemas: {len(projects)} project(s) OK")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
