#!/usr/bin/env bash
# Times `msx init --from`, the two ways a writer comes with their history, next to git doing the nearest job:
#
#   Scrivener import   msx init --from Bench.scriv (2,000 texts, 1,000 snapshots)   (no peer: nothing else reads it)
#   git import         msx init --from novel (2,000 commits of Markdown chapters)  git clone --no-local novel
#
# Inputs are written by scripts/bench_imports.py. Environment: MSX (default: the release build), SWIFT (swift),
# BENCH_RUNS (3), BENCH_KEEP=1 keeps the files, BENCH_NO_INSTALL=1 never installs hyperfine with apt.
# Results: bench/out/import.txt.
set -euo pipefail

# shellcheck source=scripts/bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"
bench_init bench-import.sh
runs=${BENCH_RUNS:-3}

bench_require python3 hyperfine git

bench_workdir msx-bench-import
echo "bench-import.sh: $(python3 "$repo/scripts/bench_imports.py" scrivener "$work" 2000 1000)"
echo "bench-import.sh: $(python3 "$repo/scripts/bench_imports.py" git "$work" 2000)"
git -C "$work" init -q -b main novel
git -C "$work/novel" fast-import --quiet < "$work/history.fi"
git -C "$work/novel" checkout -q main

hyperfine -N --runs "$runs" --style basic --export-json "$work/hyperfine.json" \
    --prepare "rm -rf $(q "$work/from-scrivener") $(q "$work/from-git") $(q "$work/clone")" \
    -n "msx init --from Bench.scriv" "$MSX init $(q "$work/from-scrivener") --from $(q "$work/Bench.scriv")" \
    -n "msx init --from novel" "$MSX init $(q "$work/from-git") --from $(q "$work/novel")" \
    -n "git clone --no-local novel" "git clone -q --no-local $(q "$work/novel") $(q "$work/clone")" >&2

mkdir -p "$repo/bench/out"
python3 - "$work/hyperfine.json" > "$repo/bench/out/import.txt" <<'PY'
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
def median(name): return results[name]["median"]
print("%-60s %11s %12s  %s" % ("job", "msx median", "peer median", "ratio"))
print("%-60s %9.2f s %12s" % ("import a Scrivener 3 project (2,000 texts, 1,000 snapshots)", median("msx init --from Bench.scriv"), "(none)"))
m, g = median("msx init --from novel"), median("git clone --no-local novel")
print("%-60s %9.2f s %10.2f s  %.0fx (git clone copies the objects; msx records each commit again)"
      % ("import a 2,000-commit Markdown repository", m, g, m / g))
PY
cat "$repo/bench/out/import.txt"
