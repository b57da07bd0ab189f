#!/usr/bin/env python3
"""The performance goals, each job measured with msx and its peer in one run (scripts/bench-goals.sh sets up the
projects and calls this): instructions counted by callgrind (one run each: they repeat exactly), CPU time (user +
system, the median of several runs) and, for a small command, minor page faults; then the release binary's size.

    bench_goals.py MSX WORK OUT

WORK holds `bench` (the 1,001-document project with its history), `pair` (A.md, B.md), `all.md` (the manuscript
compiled to Markdown) and `change.sh` (puts back the base version with one changed document)."""
import os
import re
import resource
import statistics
import subprocess
import sys
import time

msx, work, out = sys.argv[1:4]
runs = int(os.environ.get("BENCH_RUNS", "5"))
project = os.path.join(work, "bench")
pair = os.path.join(work, "pair")
quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}


def instructions(argv, cwd):
    """Instructions callgrind counts for one run of argv."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + argv, cwd=cwd,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if not found:
        sys.exit("bench_goals.py: callgrind gave no count for %s:\n%s" % (" ".join(argv), done.stderr[-2000:]))
    return int(found.group(1))


def cpu_ms(argv, cwd, prepare=None):
    """The median CPU time (user + system) of `runs` runs of argv, after one warm-up."""
    samples = []
    for _ in range(runs + 1):
        if prepare:
            subprocess.run(prepare, cwd=cwd, check=True, **quiet)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(argv, cwd=cwd, **quiet)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        samples.append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000.0)
    return statistics.median(samples[1:])


def wall_ms(argv, cwd, prepare=None):
    """The median wall time of `runs` runs of argv, after one warm-up."""
    samples = []
    for _ in range(runs + 1):
        if prepare:
            subprocess.run(prepare, cwd=cwd, check=True, **quiet)
        start = time.monotonic()
        subprocess.run(argv, cwd=cwd, **quiet)
        samples.append((time.monotonic() - start) * 1000.0)
    return statistics.median(samples[1:])


def minor_faults(argv, cwd):
    """The median count of minor page faults of a run of argv."""
    samples = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_minflt
        subprocess.run(argv, cwd=cwd, **quiet)
        samples.append(resource.getrusage(resource.RUSAGE_CHILDREN).ru_minflt - before)
    return statistics.median(samples)


def git(*args):
    return subprocess.run(["git"] + list(args), cwd=project, check=True, capture_output=True, text=True).stdout.strip()


change = ["sh", os.path.join(work, "change.sh")]
subprocess.run(change, check=True, **quiet)
hot_path = subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "bench_project.py"), "document", project,
                           "Chapter 7.3"], check=True, capture_output=True, text=True).stdout.split("\t")[1].strip()
rev = git("log", "--format=%H", "--", hot_path).splitlines()[50]
# Caches every command keeps (the version index, word counts) are made once, as a writer's first command would.
subprocess.run([msx, "log", "-n", "1"], cwd=project, **quiet)

# job, msx argv, peer label, peer argv, folder, goal ratio, what the goal is on ("instructions" or "CPU")
jobs = [
    ("search --history", [msx, "search", "--history", "déjà"], "git log -S", ["git", "log", "-S", "déjà", "--format=%H"],
     project, 2.0, "instructions"),
    ("status", [msx, "status"], "git status --porcelain", ["git", "status", "--porcelain"], project, 2.0, "CPU"),
    ("show DOC@~50 --as markdown", [msx, "show", "Chapter 7.3@~50", "--as", "markdown"], "git show REV:PATH",
     ["git", "show", "%s:%s" % (rev, hot_path)], project, 3.0, "CPU"),
    ("tree --json", [msx, "tree", "--json"], "git ls-files -s", ["git", "ls-files", "-s", "--", "contents"], project, 2.0, "CPU"),
    ("word diff, 100k words, 1% edited", [msx, "diff", "--files", "A.md", "B.md", "--json"], "git diff --word-diff",
     ["git", "diff", "--no-index", "--word-diff=porcelain", "A.md", "B.md"], pair, 3.0, "instructions"),
    ("compile to HTML (1.1M words)", [msx, "compile", "--format", "html", "--out", os.path.join(work, "all.html")], "cmark-gfm",
     ["cmark-gfm", "-e", "table", "-e", "strikethrough", "-e", "tasklist", "-e", "autolink", "--smart", os.path.join(work, "all.md")],
     project, 3.0, "CPU"),
]

rows = []
for name, mine, peer_name, peer, cwd, goal, on in jobs:
    print("bench-goals.sh: %s ..." % name, file=sys.stderr)
    # CPU first: its warm-up run makes the caches a writer's earlier commands would have made.
    mc, pc = cpu_ms(mine, cwd), cpu_ms(peer, cwd)
    mi, pi = instructions(mine, cwd), instructions(peer, cwd)
    ratio = mi / pi if on == "instructions" else mc / pc
    rows.append((name, peer_name, "%.1fM" % (mi / 1e6), "%.1fM" % (pi / 1e6), "%.1fx" % (mi / pi),
                 "%.1f" % mc, "%.1f" % pc, "%.1fx" % (mc / pc), "%gx %s" % (goal, on), "met" if ratio <= goal else "NOT MET"))

# A snapshot of one changed document on top of the indexed history, and the same after `git reset --hard` took the
# branch back a version (the version index then describes a version that is no longer HEAD's ancestor's tip).
print("bench-goals.sh: snapshot, steady and after git reset --hard ...", file=sys.stderr)
snapshot = [msx, "snapshot", "Chapter 12.34", "--author", "Bench Writer <bench@example.invalid>"]
subprocess.run(change, check=True, **quiet)
subprocess.run([msx, "log", "-n", "1"], cwd=project, **quiet)
steady = instructions(snapshot, project)
subprocess.run(change, check=True, **quiet)
after_reset = instructions(snapshot, project)
subprocess.run(change, check=True, **quiet)
rows.append(("snapshot after git reset --hard", "the same, steady", "%.1fM" % (after_reset / 1e6), "%.1fM" % (steady / 1e6),
             "%.1fx" % (after_reset / steady), "", "", "", "no full rebuild (1.5x)", "met" if after_reset <= 1.5 * steady else "NOT MET"))

print("bench-goals.sh: page faults ...", file=sys.stderr)
mf, gf = minor_faults([msx, "status"], project), minor_faults(["git", "status", "--porcelain"], project)
rows.append(("minor page faults of status", "git status --porcelain", "%d" % mf, "%d" % gf, "%.1fx" % (mf / gf), "", "", "",
             "2x", "met" if mf <= 2 * gf else "NOT MET"))

# Waits a writer notices, with no goal of their own, in wall time (msx reads documents on all cores): the whole
# history compared with the working copy, and today's text searched for a word.
first = git("rev-list", "--max-parents=0", "HEAD").splitlines()[0]
waits = [
    ("whole history against the working copy", "msx diff --from FIRST", [msx, "diff", "--from", first],
     "git diff --word-diff FIRST", ["git", "diff", "--word-diff", first]),
    ("today's text searched", "msx search déjà", [msx, "search", "déjà"], "git grep déjà", ["git", "grep", "déjà"]),
]
wait_lines = []
for what, mine_name, mine, peer_name, peer in waits:
    print("bench-goals.sh: %s ..." % what, file=sys.stderr)
    wm, wc, gw = wall_ms(mine, project), cpu_ms(mine, project), wall_ms(peer, project)
    wait_lines.append("%s: %s %.0f ms wall (%.0f ms CPU), %s %.0f ms wall: %.1fx" % (what, mine_name, wm, wc, peer_name, gw, wm / gw))

# Search keeps each document's paragraph texts (.msx/cache/texts); the first search after a clone, or after every
# document changed, reads and records them all.
print("bench-goals.sh: a first search, no paragraph texts kept ...", file=sys.stderr)
forget_texts = ["rm", "-rf", os.path.join(project, ".msx", "cache", "texts")]
wait_lines.append("a first search, no paragraph texts kept: msx search déjà %.0f ms wall" % wall_ms([msx, "search", "déjà"], project, forget_texts))

# What every command pays before its work: the floor under the CPU and page-fault rows above.
print("bench-goals.sh: start-up alone ...", file=sys.stderr)
version = [msx, "--version"], ["git", "--version"]
wait_lines.append("start-up alone (below every row's msx figure): msx --version %.1f ms CPU, %d page faults; git --version %.1f ms CPU, %d page faults" % (
    cpu_ms(version[0], project), minor_faults(version[0], project), cpu_ms(version[1], project), minor_faults(version[1], project)))

size = os.path.getsize(msx)
sections = subprocess.run(["size", "-A", msx], capture_output=True, text=True).stdout
debug = sum(int(line.split()[1]) for line in sections.splitlines() if line.startswith(".debug"))
# ICU's data, one table per copy of ICU linked in (icudtNN_dat).
symbols = subprocess.run(["nm", "-S", msx], capture_output=True, text=True).stdout.splitlines()
icu = ["%s %.1f MB" % (f[3], int(f[1], 16) / 1e6) for f in (line.split() for line in symbols)
       if len(f) == 4 and re.fullmatch(r"icudt\d+_dat", f[3])]

header = ("job", "peer", "msx instr", "peer instr", "ratio", "msx CPU ms", "peer CPU ms", "ratio", "goal", "")
table = [header] + rows
widths = [max(len(r[i]) for r in table) for i in range(len(header))]
lines = []
for k, r in enumerate(table):
    lines.append("  ".join(c.rjust(w) if 2 <= i <= 7 else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip())
    if k == 0:
        lines.append("  ".join("-" * w for w in widths))
lines += [""] + wait_lines + [
    "release binary: %.1f MB (%s), of which %.1f MB debug information; ICU data: %s" % (
        size / 1e6, msx, debug / 1e6, ", ".join(icu) or "none named (stripped)"),
    "Instructions: callgrind, one run each. CPU: user + system, median of %d runs after a warm-up." % runs,
    "Project: 1,001 documents, ~1,100,000 words, %s versions; one changed document in every timed state." % git("rev-list", "--count", "HEAD"),
]
text = "\n".join(lines)
print()
print(text)
with open(out, "w") as f:
    f.write(text + "\n")
