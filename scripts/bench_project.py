#!/usr/bin/env python3
"""Benchmark projects for scripts/bench.sh and scripts/bench-history.sh.

    bench_project.py generate ROOT
        Writes a 1,001-document, ~1,100,000-word project to ROOT (which must not
        exist) in msx's format: manuscript.json, contents/**/*.md and
        .attrs.json sidecars. Draft holds 20 part folders x 50 chapters of
        ~1,000 words, plus a 100,000-word "Long Chapter". Sidecar textHash
        values are real. The output is the same on every run (fixed seed).

    bench_project.py history ROOT --msx MSX [--commits N] --hot TITLE [--hot-every K] [--with-msx]
        Gives the project at ROOT (no repository yet) a linear history of N
        versions: `msx snapshot` of everything first (which creates the git
        repository), then N-1 versions that each append a paragraph to one
        document. Every K-th edits the document titled TITLE (so it has about
        N/K versions, enough for REF@~50); the others pick a document at random.
        Those N-1 versions are written with `git fast-import` in the form
        `msx snapshot ID` gives them (same paths, tree and message), because
        msx takes about a second per snapshot on this project; --with-msx makes
        them with `msx snapshot` itself instead (same trees, ~30 minutes).

    bench_project.py scaling ROOT --msx MSX [--commits N] [--documents D]
        A D-document project (about 300 words each) with a linear history of N
        versions, each rewriting one document in turn, for scripts/bench-scaling.sh.

    bench_project.py document ROOT TITLE
        Prints the id and path of the document titled TITLE, tab-separated.

    bench_project.py diff-pair DIR [--chapters N] [--words W] [--seed S]
        Writes DIR/A.md, N chapters of W words (paragraphs as in the project's
        Long Chapter, joined by a blank line), and DIR/B.md, the same with each
        chapter edited: 1% of its words (replaced, inserted after or deleted, a
        third each, at scattered places, never next to each other) and 50
        formatting changes (** put around 25 plain words, the emphasis taken
        off 25 words). No sidecars. Prints a JSON summary: words, edits made,
        and the words those edits change (a replacement counts 2: one out, one
        in). Used by scripts/bench-diff.sh.
"""
import argparse, json, os, random, re, subprocess, sys, time

rng = random.Random(20261122)

VOCAB = """
the a an and but or of to in on at by with from over under into across beyond
sea tide shore cliff rock harbour island lantern lamp light beam tower keeper
storm wind rain fog salt spray wave swell current reef gull boat rope anchor
night morning evening dusk dawn hour minute season winter summer year
she he they we it her his their our its who which that this those
walked climbed waited watched listened counted turned opened closed carried
remembered forgot wrote read spoke whispered called answered slept woke
old new cold warm dark bright grey white black silent loud slow quick
long short deep shallow narrow wide heavy light steady broken quiet
door window stair step gallery rail lens glass brass iron stone wood
letter book log page ink candle fire kettle table chair bed coat boots
mother father sister brother child friend stranger village town road path
because although while after before until when where whenever since
almost always never often sometimes already still again only even
café naïve façade déjà rôle
""".split()

def u16(s):
    return len(s.encode("utf-16-le")) // 2

def fnv1a64(s):
    h = 0xcbf29ce484222325
    for b in s.encode("utf-8"):
        h ^= b
        h = (h * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h

def paragraph(nwords):
    """Returns (markdown, plain_text, plain_words) for one paragraph."""
    md, plain = [], []
    sentence_left = 0
    for i in range(nwords):
        w = rng.choice(VOCAB)
        if sentence_left == 0:
            w = w[0].upper() + w[1:]
            sentence_left = rng.randint(8, 20)
        sentence_left -= 1
        end_of_sentence = sentence_left == 0 or i == nwords - 1
        punct = "." if end_of_sentence else ("," if rng.random() < 0.06 else "")
        r = rng.random()
        if r < 0.03:
            md.append("*%s*%s" % (w, punct))
        elif r < 0.04:
            md.append("**%s**%s" % (w, punct))
        else:
            md.append(w + punct)
        plain.append(w + punct)
    return md, " ".join(plain), plain

def wrap(tokens, width=78):
    lines, cur = [], ""
    for t in tokens:
        if cur and len(cur) + 1 + len(t) > width:
            lines.append(cur)
            cur = t
        else:
            cur = t if not cur else cur + " " + t
    if cur:
        lines.append(cur)
    return "\n".join(lines)

used_ids = set()
def new_id():
    while True:
        i = "%012x" % rng.getrandbits(48)
        if i not in used_ids:
            used_ids.add(i)
            return i

RUN_ATTRS = [
    {"underline": "single"},
    {"underline": "double", "foregroundColor": "#8B0000"},
    {"backgroundColor": "#FFF59D"},
    {"fontFamily": "Courier", "fontSize": 12},
]

def write_json(path, obj):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(json.dumps(obj, sort_keys=True, indent=2, ensure_ascii=False) + "\n")

def write_document(path, target_words, hard_wrap):
    paras, words = [], 0
    while words < target_words:
        n = min(rng.randint(80, 150), max(target_words - words, 20))
        paras.append(paragraph(n))
        words += n
    body = "\n\n".join(wrap(md) if hard_wrap else " ".join(md) for md, _, _ in paras) + "\n"
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(body)
    # Sidecar: 2-3 runs on distinct paragraphs, sometimes a centred first paragraph.
    entries = {}
    for idx in sorted(rng.sample(range(len(paras)), min(len(paras), rng.randint(2, 3)))):
        _, text, plain_words = paras[idx]
        k = rng.randrange(len(plain_words))
        word = plain_words[k].rstrip(".,")
        start_chars = len(" ".join(plain_words[:k])) + (1 if k else 0)
        before = text[:start_chars][-16:]
        after = text[start_chars + len(word):][:16]
        start = u16(text[:start_chars])
        entries[idx] = {
            "index": idx,
            "runs": [{
                "after": after,
                "attributes": rng.choice(RUN_ATTRS),
                "before": before,
                "end": start + u16(word),
                "start": start,
                "text": word,
            }],
            "textHash": fnv1a64(text),
        }
    if rng.random() < 0.2:
        e = entries.setdefault(0, {"index": 0, "runs": [], "textHash": fnv1a64(paras[0][1])})
        e["attributes"] = {"alignment": "center"}
        if not e["runs"]:
            del e["runs"]
    sidecar = path[:-3] + ".attrs.json"
    write_json(sidecar, {"formatVersion": 1, "paragraphs": [entries[i] for i in sorted(entries)]})
    return words


def generate(root):
    """Writes the project; returns (documents, words)."""
    os.makedirs(root)
    draft_children = []
    total_words = 0
    ndocs = 0
    for p in range(1, 21):
        part_path = "contents/draft/part-%d" % p
        os.makedirs(os.path.join(root, part_path))
        chapters = []
        for c in range(1, 51):
            doc_path = "%s/chapter-%d-%d.md" % (part_path, p, c)
            total_words += write_document(os.path.join(root, doc_path), rng.randint(950, 1050), hard_wrap=(c % 2 == 0))
            ndocs += 1
            node = {"id": new_id(), "kind": "document", "label": "Chapter", "path": doc_path,
                    "status": rng.choice(["To Do", "First Draft", "Revised"]), "title": "Chapter %d.%d" % (p, c)}
            if c % 5 == 1:
                node["synopsis"] = "Part %d, chapter %d: the keeper keeps watch." % (p, c)
            chapters.append(node)
        draft_children.append({"children": chapters, "id": new_id(), "kind": "folder",
                               "path": part_path, "title": "Part %d" % p})

    long_path = "contents/draft/long-chapter.md"
    total_words += write_document(os.path.join(root, long_path), 100000, hard_wrap=False)
    ndocs += 1
    draft_children.append({"id": new_id(), "kind": "document", "label": "Chapter", "path": long_path,
                           "title": "Long Chapter"})

    binder = [{"children": draft_children, "id": new_id(), "kind": "folder", "path": "contents/draft",
               "role": "draft", "title": "Draft"}]
    for role, title in (("research", "Research"), ("notes", "Notes"), ("trash", "Trash")):
        os.makedirs(os.path.join(root, "contents", role))
        binder.append({"id": new_id(), "kind": "folder", "path": "contents/" + role, "role": role, "title": title})

    write_json(os.path.join(root, "manuscript.json"), {
        "author": {"name": "Bench Writer"},
        "binder": binder,
        "created": "2026-11-22",
        "formatVersion": 1,
        "id": new_id(),
        "labels": ["Chapter", "Scene", "Idea"],
        "statuses": ["To Do", "First Draft", "Revised", "Final"],
        "target": {"words": 1000000},
        "title": "Benchmark",
    })
    with open(os.path.join(root, ".gitignore"), "w") as f:
        f.write(".msx/\n")
    return ndocs, total_words


def new_paragraph(words):
    """A paragraph of `words` generated words, as text to append to a document ("\n...\n")."""
    md, _, _ = paragraph(words)
    return "\n" + " ".join(md) + "\n"


def documents(root):
    """(id, title, path) of every document in the binder, in binder order."""
    with open(os.path.join(root, "manuscript.json"), encoding="utf-8") as f:
        manifest = json.load(f)
    found = []

    def walk(nodes):
        for node in nodes:
            if node.get("kind") == "document":
                found.append((node["id"], node["title"], node["path"]))
            walk(node.get("children", []))
    walk(manifest["binder"])
    return found


def write_manifest_as_msx_does(root):
    """Rewrites manuscript.json with "children": [] on empty folders, as msx serializes it. Otherwise the
    manifest of a partial snapshot (which msx serializes itself) differs from the file on disk, and git sees
    manuscript.json as changed in every version after the first."""
    path = os.path.join(root, "manuscript.json")
    with open(path, encoding="utf-8") as f:
        manifest = json.load(f)

    def walk(nodes):
        for node in nodes:
            if node.get("kind") == "folder":
                node.setdefault("children", [])
                walk(node["children"])
    walk(manifest["binder"])
    write_json(path, manifest)


def run(argv, cwd, what):
    p = subprocess.run(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode != 0:
        sys.exit("bench_project.py: %s exited %d: %s" % (what, p.returncode, p.stderr.decode("utf-8", "replace").strip()))
    return p.stdout.decode("utf-8").strip()


def fast_import(root, versions):
    """Writes `versions` after HEAD with `git fast-import`, each (seconds since 1970, author, message, path, bytes):
    a commit changing that one file. Then the work tree and index go to the last version, and the repository to one
    pack, as msx's own packing (libgit2's packbuilder) leaves it."""
    base = run(["git", "rev-parse", "HEAD"], root, "git rev-parse")
    importer = subprocess.Popen(["git", "fast-import", "--quiet", "--done"], cwd=root, stdin=subprocess.PIPE)
    out = importer.stdin
    for n, (when, author, message, path, content) in enumerate(versions):
        ident = ("%s %d +0000\n" % (author, when)).encode("utf-8")
        message = message.encode("utf-8")
        out.write(b"commit refs/heads/main\nauthor " + ident + b"committer " + ident)
        out.write(b"data %d\n" % len(message) + message)
        if n == 0:
            out.write(b"from %s\n" % base.encode("ascii"))
        out.write(b"M 100644 inline %s\ndata %d\n" % (path.encode("utf-8"), len(content)))
        out.write(content + b"\n")
    out.write(b"done\n")
    out.close()
    if importer.wait() != 0:
        sys.exit("bench_project.py: git fast-import failed")
    run(["git", "reset", "-q", "--hard", "HEAD"], root, "git reset")
    run(["git", "repack", "-a", "-d", "-q"], root, "git repack")


def history(root, msx, commits, hot_title, hot_every, author, with_msx):
    """Makes `commits` versions; returns the seconds taken."""
    docs = documents(root)
    hot = [d for d in docs if d[1] == hot_title]
    if not hot:
        sys.exit("bench_project.py: no document titled %r" % hot_title)
    hot = hot[0]
    started = time.perf_counter()
    write_manifest_as_msx_does(root)
    run([msx, "snapshot", "-m", "First draft", "--author", author], root, "msx snapshot")

    def rounds():
        """(document, paragraph) for each version after the first."""
        for n in range(1, commits):
            doc = hot if n % hot_every == 0 else rng.choice(docs)
            yield n, doc, new_paragraph(rng.randint(20, 80))

    def progress(n):
        if n % 250 == 0:
            elapsed = time.perf_counter() - started
            print("  %d/%d versions (%.1f ms each)" % (n + 1, commits, 1000.0 * elapsed / (n + 1)), file=sys.stderr)

    if with_msx:
        # What a writer does: edit, then `msx snapshot` that document (about 1 s per version on 1,001 documents).
        for n, doc, text in rounds():
            with open(os.path.join(root, doc[2]), "a", encoding="utf-8", newline="\n") as f:
                f.write(text)
            run([msx, "snapshot", doc[0], "--author", author], root, "msx snapshot %s" % doc[0])
            progress(n)
        return time.perf_counter() - started

    # The same versions through `git fast-import`: each commit changes the one document's .md as
    # `msx snapshot ID` would (same tree: its sidecar still fits, since existing paragraphs are kept, and the
    # manifest is unchanged) with msx's message ("Snapshot: TITLE", blank line, "Msx-Document: ID +N -0 text").
    # Commits share the first version's time (the history is linear, so order does not depend on it).
    when = int(run(["git", "show", "-s", "--format=%ct", "HEAD"], root, "git show"))
    contents = {}

    def versions():
        for n, doc, text in rounds():
            path = doc[2]
            if path not in contents:
                with open(os.path.join(root, path), "rb") as f:
                    contents[path] = f.read()
            contents[path] += text.encode("utf-8")
            # As msx writes the trailer: id, words added and removed, what changed (emphasis in the new
            # paragraph is a formatting change too).
            added = len([t for t in text.split() if any(c.isalnum() for c in t)])
            kinds = "text,formatting" if "*" in text else "text"
            yield when, author, "Snapshot: %s\n\nMsx-Document: %s +%d -0 %s\n" % (doc[1], doc[0], added, kinds), path, contents[path]
    fast_import(root, versions())
    return time.perf_counter() - started


def scaling(root, msx, commits, documents_count, author):
    """A small project (`documents_count` documents of about 300 words) with a linear history of `commits`
    versions: `msx snapshot` first, then commits that each rewrite one document in turn (document k in every
    documents_count-th), written with `git fast-import` as msx writes them, one second apart. Every document
    keeps its size, so only the length of the history changes from one scale to the next."""
    run([msx, "init", root, "--title", "Scaling", "--author", "Bench Writer"], ".", "msx init")
    for k in range(1, documents_count + 1):
        text = "".join(new_paragraph(40) for _ in range(8)).lstrip("\n")
        p = subprocess.run([msx, "new", "Doc %d" % k, "--from", "-"], cwd=root, input=text.encode("utf-8"),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if p.returncode != 0:
            sys.exit("bench_project.py: msx new failed: %s" % p.stderr.decode("utf-8", "replace"))
    run([msx, "snapshot", "-m", "First draft", "--author", author], root, "msx snapshot")
    docs = [d for d in documents(root) if d[1].startswith("Doc ")]
    when = int(run(["git", "show", "-s", "--format=%ct", "HEAD"], root, "git show"))

    def versions():
        for n in range(1, commits):
            doc = docs[n % len(docs)]
            text = "".join(new_paragraph(40) for _ in range(8)).lstrip("\n").encode("utf-8")
            yield when + n, author, "Snapshot: %s\n\nMsx-Document: %s +40 -40 text\n" % (doc[1], doc[0]), doc[2], text
    fast_import(root, versions())

TOKEN = re.compile(r"^(\*{0,2})([^*.,]+)(\*{0,2})([.,]?)$")


def chapter_tokens(target_words):
    """A chapter as paragraphs of markdown tokens (one word each, with its emphasis and punctuation)."""
    paras, words = [], 0
    while words < target_words:
        n = min(rng.randint(80, 150), max(target_words - words, 20))
        paras.append(paragraph(n)[0])
        words += n
    return paras, words


def edit_chapter(paras, share=0.01, bold_added=25, emphasis_removed=25):
    """Edits a copy of `paras` (see diff-pair above); returns (new paragraphs, counts)."""
    flat = [(p, i) for p, tokens in enumerate(paras) for i in range(len(tokens))]
    first = [0]  # index in flat of each paragraph's first token
    for tokens in paras[:-1]:
        first.append(first[-1] + len(tokens))
    n_edits = round(len(flat) * share)
    used = set()

    def pick(want, accept):
        """`want` token positions (indices into flat) that accept() and touch no position picked before."""
        picked = []
        while len(picked) < want:
            k = rng.randrange(len(flat))
            if k in used or k - 1 in used or k + 1 in used or not accept(paras[flat[k][0]][flat[k][1]]):
                continue
            used.add(k)
            picked.append(k)
        return picked

    plain = lambda t: "*" not in t
    emphasised = lambda t: "*" in t
    # Formatting first (fewer candidates for the emphasis removals), then the word edits anywhere else.
    actions = {k: "bold" for k in pick(bold_added, plain)}
    actions.update({k: "unemphasise" for k in pick(emphasis_removed, emphasised)})
    for j, k in enumerate(pick(n_edits, lambda t: True)):
        actions[k] = ("replace", "insert", "delete")[j % 3]

    counts = dict.fromkeys(("replace", "insert", "delete", "bold", "unemphasise"), 0)
    new = []
    for p, tokens in enumerate(paras):
        out = []
        for i, token in enumerate(tokens):
            action = actions.get(first[p] + i)
            if action is None:
                out.append(token)
                continue
            counts[action] += 1
            m = TOKEN.match(token)
            assert m, token
            before, word, after, punct = m.groups()
            if action == "bold":
                out.append("**%s**%s" % (word, punct))
            elif action == "unemphasise":
                out.append(word + punct)
            elif action == "replace":
                other = word
                while other.lower() == word.lower():
                    other = rng.choice(VOCAB)
                if word[0].isupper():
                    other = other[0].upper() + other[1:]
                out.append(before + other + after + punct)
            elif action == "insert":
                out += [token, rng.choice(VOCAB)]
            # delete: the token goes, with its emphasis and punctuation
        new.append(out)
    return new, counts


def diff_pair(root, chapters, words):
    """Writes root/A.md and root/B.md; returns a summary."""
    old_text, new_text = [], []
    total = dict(words=0, replace=0, insert=0, delete=0, bold=0, unemphasise=0)
    for _ in range(chapters):
        paras, n = chapter_tokens(words)
        edited, counts = edit_chapter(paras)
        old_text += [" ".join(t) for t in paras]
        new_text += [" ".join(t) for t in edited]
        total["words"] += n
        for key, value in counts.items():
            total[key] += value
    os.makedirs(root, exist_ok=True)
    for name, paras in (("A.md", old_text), ("B.md", new_text)):
        with open(os.path.join(root, name), "w", encoding="utf-8", newline="\n") as f:
            f.write("\n\n".join(paras) + "\n")
    total["changedWords"] = 2 * total["replace"] + total["insert"] + total["delete"]
    total["bytes"] = [os.path.getsize(os.path.join(root, name)) for name in ("A.md", "B.md")]
    return total


def main():
    parser = argparse.ArgumentParser(description="Benchmark projects for msx.")
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate", help="write the 1,001-document project")
    g.add_argument("root")
    h = sub.add_parser("history", help="give the project a history of N versions")
    h.add_argument("root")
    h.add_argument("--msx", required=True)
    h.add_argument("--commits", type=int, default=2000)
    h.add_argument("--hot", required=True, help="title of the document edited every K-th round")
    h.add_argument("--hot-every", type=int, default=10)
    h.add_argument("--author", default="Bench Writer <bench@example.invalid>")
    h.add_argument("--with-msx", action="store_true", help="make every version with msx snapshot (slow)")
    c = sub.add_parser("scaling", help="a small project with a history of N versions, for scripts/bench-scaling.sh")
    c.add_argument("root")
    c.add_argument("--msx", required=True)
    c.add_argument("--commits", type=int, default=2000)
    c.add_argument("--documents", type=int, default=20)
    c.add_argument("--author", default="Bench Writer <bench@example.invalid>")
    d = sub.add_parser("document", help="print a document's id and path (tab-separated)")
    d.add_argument("root")
    d.add_argument("title")
    p = sub.add_parser("diff-pair", help="write A.md and B.md (B: A edited) for scripts/bench-diff.sh")
    p.add_argument("root")
    p.add_argument("--chapters", type=int, default=1)
    p.add_argument("--words", type=int, default=100000, help="words per chapter")
    p.add_argument("--seed", type=int, default=20261123)
    args = parser.parse_args()

    if args.command == "generate":
        ndocs, words = generate(args.root)
        print("%d documents, %d words" % (ndocs, words))
    elif args.command == "diff-pair":
        rng.seed(args.seed)
        print(json.dumps(diff_pair(args.root, args.chapters, args.words), sort_keys=True))
    elif args.command == "scaling":
        rng.seed(args.commits)
        scaling(args.root, args.msx, args.commits, args.documents, args.author)
    elif args.command == "document":
        found = [d for d in documents(args.root) if d[1] == args.title]
        if not found:
            sys.exit("bench_project.py: no document titled %r" % args.title)
        print("%s\t%s" % (found[0][0], found[0][2]))
    else:
        rng.seed(args.commits)
        seconds = history(args.root, args.msx, args.commits, args.hot, args.hot_every, args.author, args.with_msx)
        print("%d versions in %.1f s (%s)" % (args.commits, seconds, "msx snapshot" if args.with_msx else "git fast-import"))


if __name__ == "__main__":
    main()
