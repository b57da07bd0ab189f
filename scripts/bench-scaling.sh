#!/usr/bin/env bash
# How msx's cost grows with the length of the history, next to git's (issue 16): on a 10-document project whose
# history is 200, 2,000 and 20,000 versions long (each version rewrites one document in turn, written with
# `git fast-import` as msx writes versions), times
#
#   msx show 'Doc 1@~10' --as markdown     git show REV:PATH (REV: the 10th version of PATH before its last)
#   msx log 'Doc 1' | head -20             git log --oneline -- PATH | head -20
#
# and prints each median, then how much each grew from the shortest history to the longest. The goal: msx grows
# no more than git does. Wall times on a shared 2-core machine move by 10% from run to run, so where valgrind is
# installed the same four commands are also counted in instructions (callgrind, one run each, pipes included:
# `head` and `sh` too), which do not move: the second table.
#
# Environment: MSX (default: the release build), BENCH_RUNS (10), BENCH_SCALES ("200 2000 20000"), BENCH_KEEP=1.
# Results: bench/out/scaling.txt.
set -euo pipefail

# shellcheck source=scripts/bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"
bench_init bench-scaling.sh
runs=${BENCH_RUNS:-10}
scales=${BENCH_SCALES:-200 2000 20000}
for tool in python3 git hyperfine; do
    command -v "$tool" >/dev/null 2>&1 || { echo "bench-scaling.sh: needs $tool" >&2; exit 1; }
done
bench_workdir msx-bench-scaling
export GIT_CONFIG_NOSYSTEM=1 HOME="$work" GIT_AUTHOR_NAME="Bench Writer" GIT_AUTHOR_EMAIL=bench@example.invalid
mkdir -p bench/out
results="$work/results.tsv"
: >"$results"
for n in $scales; do
    root="$work/history-$n"
    echo "bench-scaling.sh: a history of $n versions..." >&2
    python3 scripts/bench_project.py scaling "$root" --msx "$MSX" --commits "$n" --documents 10 >/dev/null
    path=$(python3 scripts/bench_project.py document "$root" "Doc 1" | cut -f2)
    rev=$(git -C "$root" log --format=%H -- "$path" | sed -n 11p)
    (cd "$root" && hyperfine -N --warmup 2 --runs "$runs" --export-json "$work/$n.json" \
        -n "msx show" "$MSX show 'Doc 1@~10' --as markdown" \
        -n "git show" "git show $rev:$path" \
        -n "msx log | head" "sh -c \"$(q "$MSX") log 'Doc 1' | head -20\"" \
        -n "git log | head" "sh -c \"git log --oneline -- $(q "$path") | head -20\"" >/dev/null)
    # The two views must agree on the version: msx's 'Doc 1@~10' is git's 10th version of the file before its last.
    [ "$(cd "$root" && "$MSX" show 'Doc 1@~10' --as markdown)" = "$(git -C "$root" show "$rev:$path")" ] \
        || { echo "bench-scaling.sh: msx and git disagree on Doc 1's 10th version before its last ($n versions)" >&2; exit 1; }
    python3 - "$work/$n.json" "$n" >>"$results" <<'PY'
import json, sys
data = json.load(open(sys.argv[1]))
for r in data["results"]:
    print("%s\t%s\t%.2f" % (sys.argv[2], r["command"], 1000 * r["median"]))
PY
    if command -v valgrind >/dev/null 2>&1; then
        names=("msx show" "git show" "msx log | head" "git log | head")
        lines=("$(q "$MSX") show 'Doc 1@~10' --as markdown" "git show $rev:$path"
            "$(q "$MSX") log 'Doc 1' | head -20" "git log --oneline -- $(q "$path") | head -20")
        for i in 0 1 2 3; do
            name=${names[$i]}
            rm -f "$work"/callgrind.*
            (cd "$root" && valgrind --tool=callgrind --trace-children=yes --callgrind-out-file="$work/callgrind.%p" \
                sh -c "${lines[$i]}" >/dev/null 2>&1)
            total=$(cat "$work"/callgrind.* | awk '/^totals:/ { sum += $2 } END { print sum }')
            printf '%s\t%s\t%s\n' "$n" "$name" "$total" >>"$work/instructions.tsv"
        done
    fi
done
python3 - "$results" "$work/instructions.tsv" <<'PY' | tee bench/out/scaling.txt
import os, sys
commands = ["msx show", "git show", "msx log | head", "git log | head"]

def report(path, unit, scale, fmt, tolerance):
    rows = [line.rstrip("\n").split("\t") for line in open(path) if line.strip()]
    scales = sorted({int(r[0]) for r in rows})
    value = {(int(r[0]), r[1]): float(r[2]) / scale for r in rows}
    print("%-16s" % unit + "".join("%16s" % ("%d versions" % s) for s in scales) + "%14s" % "grew")
    for c in commands:
        grew = value[(scales[-1], c)] / value[(scales[0], c)]
        print("%-16s" % c + "".join(fmt % value[(s, c)] for s in scales) + "%13.2fx" % grew)
    for m, g in (("msx show", "git show"), ("msx log | head", "git log | head")):
        a = value[(scales[-1], m)] / value[(scales[0], m)]
        b = value[(scales[-1], g)] / value[(scales[0], g)]
        print("%s grew %.2fx from %d to %d versions, %s %.2fx: %s" % (m, a, scales[0], scales[-1], g, b,
              "no more than git" if a <= b * tolerance else "more than git"))

report(sys.argv[1], "median ms", 1, "%16.1f", 1.1)
if os.path.exists(sys.argv[2]):
    print()
    report(sys.argv[2], "M instructions", 1e6, "%16.2f", 1.0)
PY
