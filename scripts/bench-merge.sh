#!/usr/bin/env bash
# Benchmarks the three-way merge of one document against git's: 300 pairs of concurrent edits to real
# prose, merged by `git merge-file` and by msx (`msx-bench merge`, release build). Printed: conflicts for each,
# pairs git merged cleanly where msx reports a conflict, pairs where msx lost a word both sides kept (goal: none),
# time per merge; then a 100,000-word chapter merged by each as a process, CPU time and ratio (goal: at most 10x).
#
#   make bench        (release build, then every bench script)
#
# Environment: SWIFT (swift), BENCH_PAIRS (300), BENCH_SEED (20261124). Results: bench/out/merge.txt.
set -euo pipefail

# shellcheck source=scripts/bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"
bench_init bench-merge.sh
# The same flags as `make release`, so the build products are shared.
"$SWIFT" build ${RELEASE_FLAGS:--c release} --product msx-bench >/dev/null
bench=$("$SWIFT" build -c release --show-bin-path)/msx-bench
mkdir -p "$repo/bench/out"
python3 "$repo/scripts/bench-merge.py" "$bench" --pairs "${BENCH_PAIRS:-300}" --seed "${BENCH_SEED:-20261124}" \
    --out "$repo/bench/out/merge.txt"
