#!/usr/bin/env bash
# Benchmarks re-anchoring (issue 11): a 100,000-word chapter with 1,000 formatted phrases, edited outside msx
# (1% of its words replaced, inserted or deleted, as scripts/bench-diff.sh's pair), against reading and parsing
# the chapter, which every command that opens it pays anyway. Goal: re-anchoring costs less (ratio under 1).
#
#   read+parse   reading B.md and parsing it into paragraphs
#   re-anchor    reading the stale sidecar and its base text, and carrying 1,000 runs from A's text to B's
#
# Both are timed in one process by `msx-bench anchoring` (Sources/msx-bench), median of BENCH_RUNS rounds.
#
#   make bench        (release build, then every bench script)
#
# Environment: SWIFT (swift), BENCH_RUNS (7, at least 3), BENCH_KEEP=1 keeps the files.
# Results: bench/out/anchoring.txt.
set -euo pipefail

# shellcheck source=scripts/bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"
bench_init bench-anchoring.sh
runs=${BENCH_RUNS:-7}
# The same flags as `make release`, so the build products are shared.
"$SWIFT" build ${RELEASE_FLAGS:--c release} --product msx-bench >/dev/null
bench=$("$SWIFT" build -c release --show-bin-path)/msx-bench
bench_workdir msx-bench-anchoring

echo "bench-anchoring.sh: generating the 100,000-word pair in $work ..."
python3 "$repo/scripts/bench_project.py" diff-pair "$work" --seed 20261123 >"$work/pair.json"
echo "bench-anchoring.sh: $(cat "$work/pair.json")"
mkdir -p "$repo/bench/out"
{
    echo "# re-anchoring a stale 100,000-word chapter with 1,000 runs after a 1% edit ($(uname -m), $(nproc) cores)"
    "$bench" anchoring "$work/A.md" "$work/B.md" --runs 1000 --rounds "$runs"
} | tee "$repo/bench/out/anchoring.txt"
