#!/usr/bin/env python3
"""Writes the inputs of scripts/bench-import.sh, as the programs they come from write them:

  bench_imports.py scrivener DIR DOCS SNAPSHOTS   a Scrivener 3 project DIR/Bench.scriv: DOCS texts in ten
                                                   folders of the draft, SNAPSHOTS snapshots spread over them
  bench_imports.py git DIR COMMITS                 a git fast-import stream DIR/history.fi: a book of Markdown
                                                   chapters written over COMMITS commits (edits, new chapters,
                                                   renames), by two authors over two years

Prints one line saying what it wrote. Seeded: the same arguments write the same files.
"""
import os
import random
import sys

WORDS = ("storm harbour lamp keeper tide night boat quay gull rope salt wind grey bay light tower stair "
         "window door bell wave rock shore mist rain cold fire coat bread letter").split()


def prose(rng, count):
    words = [rng.choice(WORDS) for _ in range(count)]
    return " ".join(words).capitalize() + "."


def rtf(paragraphs):
    body = "\\\n".join(p.replace("\\", "\\\\").replace("{", "\\{").replace("}", "\\}") for p in paragraphs)
    return ("{\\rtf1\\ansi\\ansicpg1252\\cocoartf2761\n{\\fonttbl\\f0\\fnil\\fcharset0 Palatino-Roman;}\n"
            "\\pard\\fi360\\sl264\\slmult1\\pardirnatural\n\\f0\\fs26 " + body + "}")


def scrivener(folder, docs, snapshots):
    rng = random.Random(7)
    root = os.path.join(folder, "Bench.scriv")
    uid = lambda n: "B%07d-0000-0000-0000-%012d" % (n // 1000, n)
    items, texts = [], []
    for f in range(10):
        children = []
        for d in range(docs // 10):
            n = 1000 + f * (docs // 10) + d
            children.append('<BinderItem UUID="%s" Type="Text"><Title>Scene %d</Title><MetaData><IncludeInCompile>Yes</IncludeInCompile></MetaData></BinderItem>' % (uid(n), n))
            texts.append(n)
        items.append('<BinderItem UUID="%s" Type="Folder"><Title>Part %d</Title><Children>%s</Children></BinderItem>' % (uid(f + 1), f + 1, "".join(children)))
    binder = ('<BinderItem UUID="%s" Type="DraftFolder"><Title>Manuscript</Title><Children>%s</Children></BinderItem>' % (uid(0), "".join(items))
              + '<BinderItem UUID="%s" Type="ResearchFolder"><Title>Research</Title></BinderItem>' % uid(900)
              + '<BinderItem UUID="%s" Type="TrashFolder"><Title>Trash</Title></BinderItem>' % uid(901))
    os.makedirs(root, exist_ok=True)
    with open(os.path.join(root, "Bench.scrivx"), "w") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n<ScrivenerProject Version="2.0" Creator="SCRMAC-3.3.6"><Binder>%s</Binder></ScrivenerProject>\n' % binder)
    words = 0
    for n in texts:
        data = os.path.join(root, "Files", "Data", uid(n))
        os.makedirs(data, exist_ok=True)
        paragraphs = [prose(rng, rng.randint(40, 120)) for _ in range(rng.randint(3, 8))]
        words += sum(len(p.split()) for p in paragraphs)
        with open(os.path.join(data, "content.rtf"), "w") as out:
            out.write(rtf(paragraphs))
    for s in range(snapshots):
        n = rng.choice(texts)
        folder = os.path.join(root, "Snapshots", uid(n) + ".snapshots")
        os.makedirs(folder, exist_ok=True)
        day = 1 + s % 28
        name = "2024-%02d-%02d-%02d-%02d-00+0100" % (1 + s * 12 // snapshots, day, 8 + s % 12, s % 60)
        with open(os.path.join(folder, name + ".rtf"), "w") as out:
            out.write(rtf([prose(rng, rng.randint(40, 120)) for _ in range(rng.randint(2, 6))]))
    print("Scrivener 3 project %s: %d texts (%d words), %d snapshots" % (root, len(texts), words, snapshots))


def git(folder, commits):
    rng = random.Random(11)
    chapters = {"chapters/%03d-chapter.md" % n: [prose(rng, 80) for _ in range(6)] for n in range(1, 21)}
    time = 1_704_067_200
    out = []

    def text(paragraphs):
        return "---\ntitle: A chapter\nstatus: Draft\n---\n\n" + "\n\n".join(paragraphs) + "\n"

    def put(path, data):
        out.append("M 100644 inline %s\ndata %d\n%s\n" % (path, len(data.encode()), data))

    for index in range(commits):
        time += rng.randint(10_000, 60_000)
        author = rng.choice(["Ada Writer <ada@example.com>", "Bo Editor <bo@example.com>"])
        message = "Work %d\n" % index
        out.append("commit refs/heads/main\nauthor %s %d +0100\ncommitter %s %d +0100\ndata %d\n%s"
                   % (author, time, author, time, len(message.encode()), message))
        if index == 0:
            for path, paragraphs in chapters.items():
                put(path, text(paragraphs))
            continue
        action = rng.randint(0, 49)
        if action == 0:
            path = "chapters/%03d-chapter.md" % (len(chapters) + 1 + index)
            chapters[path] = [prose(rng, 80) for _ in range(4)]
            put(path, text(chapters[path]))
        elif action == 1:
            old = rng.choice(sorted(chapters))
            new = "chapters/renamed-%d.md" % index
            chapters[new] = chapters.pop(old)
            out.append("D %s\n" % old)
            put(new, text(chapters[new]))
        else:
            path = rng.choice(sorted(chapters))
            paragraphs = chapters[path]
            k = rng.randrange(len(paragraphs))
            paragraphs[k] = prose(rng, rng.randint(40, 120))
            put(path, text(paragraphs))
        out.append("\n")
    os.makedirs(folder, exist_ok=True)
    stream = os.path.join(folder, "history.fi")
    with open(stream, "w") as f:
        f.write("".join(out))
    print("git fast-import stream %s: %d commits, %d chapters at the end" % (stream, commits, len(chapters)))


if __name__ == "__main__":
    if sys.argv[1] == "scrivener":
        scrivener(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    else:
        git(sys.argv[2], int(sys.argv[3]))
