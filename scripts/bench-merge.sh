#!/usr/bin/env bash
# Benchmarks the three-way merge of one document against git's (issue 13): 300 pairs of concurrent edits to real
# prose, merged by `git merge-file` and by msx (`msx-bench merge`, release build). Printed: conflicts for each,
# pairs where msx has more conflicts than git or lost a word both sides kept (goal: none), time per merge.
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
