#!/usr/bin/env python3
"""Benchmarks msx's three-way merge of a document against git's.

Real prose (the corpus fixtures and msx's own docs) is edited twice from the same base, as two writers would:
words replaced, added and deleted, sentences added and cut, paragraphs split, joined, moved and added, most edits
falling on a few paragraphs both writers work on. Each pair is merged by `git merge-file` (line-based) and by msx
(`msx-bench merge`, word-level). Printed: conflicts for each, pairs where msx has more conflicts than git (goal:
none), pairs where msx lost a word both writers kept (goal: none), and the time per merge (msx in process; git
including its process start, shown apart).

    scripts/bench-merge.py MSX_BENCH [--pairs N] [--seed S] [--out FILE] [--keep DIR] [--verbose]
"""
import argparse
import collections
import pathlib
import random
import resource
import re
import subprocess
import sys
import tempfile
import time

REPO = pathlib.Path(__file__).resolve().parent.parent
WORDS = ["quietly", "again", "at last", "grey", "old", "small", "bright", "never", "still", "somewhere", "the river",
         "a letter", "her brother", "the lamp", "that winter", "slowly", "without a word", "once more"]


def corpus():
    files = sorted((REPO / "Tests/MsxKitTests/Fixtures/corpus").glob("*.md")) + sorted((REPO / "docs").glob("*.md"))
    texts = []
    for path in files:
        text = path.read_text(encoding="utf-8")
        paragraphs = [p for p in re.split(r"\n\s*\n", text) if p.strip()]
        prose = [p for p in paragraphs if len(p.split()) >= 12 and not p.lstrip().startswith(("#", "|", "```", "    "))]
        if len(prose) >= 4:
            texts.append(paragraphs)
    return texts


def sentences(paragraph):
    return [s for s in re.split(r"(?<=[.!?])\s+", paragraph) if s]


def edit(paragraphs, rng, hot, count):
    paragraphs = list(paragraphs)
    for _ in range(count):
        if not paragraphs:
            break
        k = rng.choice(hot) if rng.random() < 0.7 else rng.randrange(len(paragraphs))
        k = min(k, len(paragraphs) - 1)
        words = paragraphs[k].split(" ")
        op = rng.randrange(9)
        if op == 0 and len(words) > 2:
            words[rng.randrange(len(words))] = rng.choice(WORDS)
            paragraphs[k] = " ".join(words)
        elif op == 1:
            words.insert(rng.randrange(len(words) + 1), rng.choice(WORDS))
            paragraphs[k] = " ".join(words)
        elif op == 2 and len(words) > 3:
            del words[rng.randrange(len(words))]
            paragraphs[k] = " ".join(words)
        elif op == 3 and len(sentences(paragraphs[k])) > 1:
            parts = sentences(paragraphs[k])
            del parts[rng.randrange(len(parts))]
            paragraphs[k] = " ".join(parts)
        elif op == 4:
            paragraphs[k] += " " + rng.choice(WORDS).capitalize() + " it was, " + rng.choice(WORDS) + "."
        elif op == 5 and len(sentences(paragraphs[k])) > 1:
            parts = sentences(paragraphs[k])
            cut = rng.randrange(1, len(parts))
            paragraphs[k:k + 1] = [" ".join(parts[:cut]), " ".join(parts[cut:])]
        elif op == 6 and k + 1 < len(paragraphs):
            paragraphs[k:k + 2] = [paragraphs[k] + " " + paragraphs[k + 1]]
        elif op == 7 and len(paragraphs) > 2:
            moved = paragraphs.pop(k)
            paragraphs.insert(rng.randrange(len(paragraphs) + 1), moved)
        else:
            paragraphs.insert(k + 1, "A new paragraph: " + " ".join(rng.choice(WORDS) for _ in range(8)) + ".")
    return paragraphs


def words(text):
    return collections.Counter(re.findall(r"[\w']+", text))


def cpu_seconds(command):
    """The CPU time (user and system) a command takes, process start included."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=False, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def large_merge(bench, texts, rng, work, target=100_000, runs=5):
    """A 100,000-word chapter, one paragraph a line, edited by two writers (1% of its words each, in different
    paragraphs), merged by `git merge-file` and by msx (`msx-bench merge`, a process each, start included): the
    median CPU time of each and their ratio (goal: msx at most 10x git)."""
    paragraphs = []
    while sum(len(p.split()) for p in paragraphs) < target:
        paragraphs += [" ".join(p.split()) for p in rng.choice(texts)]
    count = sum(len(p.split()) for p in paragraphs)
    sides = []
    for side in range(2):
        edited = list(paragraphs)
        for _ in range(count // 100):
            k = rng.randrange(side, len(edited), 2)
            words_ = edited[k].split(" ")
            words_[rng.randrange(len(words_))] = rng.choice(WORDS)
            edited[k] = " ".join(words_)
        sides.append(edited)
    folder = work / "large"
    folder.mkdir(exist_ok=True)
    for name, text in zip(["base", "ours", "theirs"], [paragraphs] + sides):
        (folder / f"chapter.{name}.md").write_text("\n\n".join(text) + "\n", encoding="utf-8")
    paths = [str(folder / f"chapter.{name}.md") for name in ["ours", "base", "theirs"]]
    git = sorted(cpu_seconds(["git", "merge-file", "-p", "--quiet"] + paths) for _ in range(runs))[runs // 2]
    msx = sorted(cpu_seconds([bench, "merge", str(folder)]) for _ in range(runs))[runs // 2]
    return [f"a {count:,}-word chapter, 1% of its words edited on each side: msx {msx * 1000:.1f} ms CPU, "
            f"git merge-file {git * 1000:.1f} ms CPU (each a process, start included; median of {runs}): "
            f"{msx / git:.1f}x (goal: at most 10x)"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bench")
    parser.add_argument("--pairs", type=int, default=300)
    parser.add_argument("--seed", type=int, default=20261124)
    parser.add_argument("--out")
    parser.add_argument("--keep", help="a folder to keep the pairs and merges in")
    parser.add_argument("--verbose", action="store_true", help="name the pairs that miss a goal")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    texts = corpus()
    with tempfile.TemporaryDirectory(prefix="msx-bench-merge-") as folder:
        work = pathlib.Path(args.keep or folder)
        work.mkdir(parents=True, exist_ok=True)
        for n in range(args.pairs):
            base = rng.choice(texts)
            hot = [rng.randrange(len(base)) for _ in range(2)]
            sides = [base, edit(base, rng, hot, rng.randint(1, 4)), edit(base, rng, hot, rng.randint(1, 4))]
            for name, paragraphs in zip(["base", "ours", "theirs"], sides):
                (work / f"{n:04}.{name}.md").write_text("\n\n".join(paragraphs) + "\n", encoding="utf-8")
        lines = subprocess.run([args.bench, "merge", str(work)], check=True, capture_output=True, text=True).stdout.split("\n")
        msx = {parts[0]: (int(parts[1]), float(parts[2])) for parts in (line.split() for line in lines) if len(parts) == 3}
        git_conflicts, msx_conflicts, more, lost, git_time, msx_time, clean = 0, 0, 0, 0, 0.0, 0.0, [0, 0]
        for n in range(args.pairs):
            stem = f"{n:04}"
            paths = [str(work / f"{stem}.{name}.md") for name in ["ours", "base", "theirs"]]
            start = time.perf_counter()
            result = subprocess.run(["git", "merge-file", "-p", "--quiet"] + paths, capture_output=True)
            git_time += time.perf_counter() - start
            conflicts = result.returncode if result.returncode < 128 else 0
            mine, took = msx[stem]
            git_conflicts += conflicts
            msx_conflicts += mine
            msx_time += took / 1000
            clean[0] += conflicts == 0
            clean[1] += mine == 0
            more += mine > 0 and conflicts == 0
            if args.verbose and mine > 0 and conflicts == 0:
                print(f"{stem}: msx {mine} conflicts, git none", file=sys.stderr)
            texts3 = [words((work / f"{stem}.{name}.md").read_text(encoding="utf-8")) for name in ["base", "ours", "theirs"]]
            # Of a word's occurrences in the base, at least (those ours kept) + (those theirs kept) - base are kept by
            # both sides; words a side added may wait in a conflict.
            base_words, ours_words, theirs_words = texts3
            merged = words((work / f"{stem}.msx.md").read_text(encoding="utf-8"))
            missing = [w for w, c in base_words.items() if merged[w] < min(c, ours_words[w]) + min(c, theirs_words[w]) - c]
            lost += bool(missing)
            if args.verbose and missing:
                print(f"{stem}: msx lost {missing}", file=sys.stderr)
        report = [
            f"# three-way merge of one document, {args.pairs} pairs of concurrent edits to real prose (seed {args.seed})",
            f"conflicts: git merge-file {git_conflicts}, msx {msx_conflicts}",
            f"merges without a conflict: git {clean[0]} of {args.pairs}, msx {clean[1]} of {args.pairs}",
            f"pairs git merged cleanly where msx reports a conflict: {more} (docs/merge.md rule 4: different new "
            f"paragraphs at one place, which git puts one after the other)",
            f"pairs where msx lost a word both sides kept: {lost} (goal: 0)",
            f"time per merge: msx {msx_time / args.pairs * 1000:.2f} ms (in process), "
            f"git merge-file {git_time / args.pairs * 1000:.2f} ms (with its process start)",
        ] + large_merge(args.bench, texts, rng, work)
    text = "\n".join(report)
    print(text)
    if args.out:
        pathlib.Path(args.out).write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
