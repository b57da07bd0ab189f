#!/usr/bin/env bash
# The performance goals of the last round, each job timed with msx and its peer in the same run (instructions
# from callgrind, CPU time, page faults), with the goal beside it, and the release binary's size:
#
#   search --history      git log -S                       status             git status --porcelain
#   show DOC@~50          git show REV:PATH                tree --json        git ls-files -s
#   word diff (100k)      git diff --no-index --word-diff  compile to HTML    cmark-gfm on the same manuscript
#   snapshot after `git reset --hard`, against the same snapshot on an indexed history
#   minor page faults of `msx status` against `git status --porcelain`
#
# On the 1,001-document, ~1,100,000-word project of scripts/bench.sh with the 2,000-version history of
# scripts/bench-history.sh, and the 100,000-word pair of scripts/bench-diff.sh. Results: bench/out/goals.txt.
#
# Environment: MSX (default: the release build), SWIFT (swift), BENCH_RUNS (5), BENCH_KEEP=1 keeps the files.
set -euo pipefail

# shellcheck source=scripts/bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"
bench_init bench-goals.sh
command -v valgrind >/dev/null 2>&1 || try_install valgrind || true
command -v cmark-gfm >/dev/null 2>&1 || try_install cmark-gfm || true
bench_require python3 git valgrind cmark-gfm

bench_workdir msx-bench-goals
project="$work/bench"
echo "bench-goals.sh: generating the project, its history and the diff pair in $work ..."
python3 "$repo/scripts/bench_project.py" generate "$project" >/dev/null
python3 "$repo/scripts/bench_project.py" history "$project" --msx "$MSX" --hot "Chapter 7.3" >/dev/null
python3 "$repo/scripts/bench_project.py" diff-pair "$work/pair" --seed 20261123 >/dev/null
git -C "$project" config user.name "Bench Writer"
git -C "$project" config user.email "bench@example.invalid"
"$MSX" -C "$project" compile --format md --out "$work/all.md" 2>/dev/null
changed_path=$(python3 "$repo/scripts/bench_project.py" document "$project" "Chapter 12.34" | cut -f2)
cat >"$work/change.sh" <<SH
#!/bin/sh
set -e
cd $(q "$project")
git reset -q --hard $(git -C "$project" rev-parse HEAD)
printf '\nOne more paragraph, written while the benchmark ran.\n' >> $(q "$changed_path")
SH

mkdir -p "$repo/bench/out"
python3 "$repo/scripts/bench_goals.py" "$MSX" "$work" "$repo/bench/out/goals.txt"
echo
echo "bench-goals.sh: results saved to bench/out/goals.txt"
