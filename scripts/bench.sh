#!/usr/bin/env bash
# Benchmarks msx on a generated 1,000-document, ~1,000,000-word project and
# compares it with git status and pandoc on the same files.
#
#   make bench        (release build, then this script)
#
# The project is written straight to disk in msx's format by
# scripts/bench_project.py (manuscript.json, contents/**/*.md, .attrs.json
# sidecars): Draft holds 20 part folders x 50 chapters of ~1,000 words, plus a
# 100,000-word "Long Chapter". Sidecar textHash values are real, but stale
# sidecars would be legal too. scripts/bench-history.sh times the history
# commands on the same project.
#
# Timing: hyperfine (5 runs, 1 warm-up) if installed, else a python3 loop
# (1 warm-up + 5 runs, median). Results also go to bench/out/.
#
# Environment: MSX (default: the release build), SWIFT (default: swift),
# BENCH_RUNS (5), BENCH_KEEP=1 keeps the generated project,
# BENCH_NO_INSTALL=1 never installs hyperfine/pandoc with apt.
set -euo pipefail

# shellcheck source=scripts/bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"
bench_init bench.sh
runs=${BENCH_RUNS:-5}

if ! command -v python3 >/dev/null 2>&1; then
    echo "bench.sh: needs python3 (to generate the project and print results)" >&2
    exit 1
fi
if ! command -v git >/dev/null 2>&1; then
    echo "bench.sh: needs git (reference timings)" >&2
    exit 1
fi


command -v hyperfine >/dev/null 2>&1 || try_install hyperfine || true
command -v pandoc >/dev/null 2>&1 || try_install pandoc || true

bench_workdir msx-bench
project="$work/bench"

# ---------------------------------------------------------------------------
echo "bench.sh: generating project in $project ..."
echo "bench.sh: $(python3 "$repo/scripts/bench_project.py" generate "$project")"

cd "$project"
git -c init.defaultBranch=main init -q
git add -A
git -c user.name="msx bench" -c user.email="bench@example.invalid" commit -q -m init

# ---------------------------------------------------------------------------
# Commands to time, as JSON: name, argv, and the reference command msx is compared with.
specs="$work/commands.json"
python3 - "$MSX" "$specs" "$(command -v pandoc || true)" <<'PY'
import json, sys
msx, out, pandoc = sys.argv[1], sys.argv[2], sys.argv[3]
cmds = [
    {"name": "msx tree --json", "ref": "git status", "argv": [msx, "tree", "--json"]},
    {"name": "msx check", "ref": "git status", "argv": [msx, "check"]},
    {"name": "msx show \"Long Chapter\" --as json", "ref": "pandoc -f gfm -t json (long chapter)",
     "argv": [msx, "show", "Long Chapter", "--as", "json"]},
    {"name": "git status", "argv": ["git", "status"]},
]
if pandoc:
    cmds.append({"name": "pandoc -f gfm -t json (long chapter)",
                 "argv": [pandoc, "-f", "gfm", "-t", "json", "contents/draft/long-chapter.md"]})
json.dump(cmds, open(out, "w"), indent=2)
PY
if ! command -v pandoc >/dev/null 2>&1; then
    echo "bench.sh: pandoc not installed; skipping the pandoc comparison" >&2
fi

# Run each command once: warms caches (msx's .msx/cache) and records exit statuses.
python3 - "$specs" <<'PY'
import json, subprocess, sys
path = sys.argv[1]
cmds = json.load(open(path))
for c in cmds:
    p = subprocess.run(c["argv"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    c["exit"] = p.returncode
    if p.returncode != 0:
        err = p.stderr.decode("utf-8", "replace").strip().splitlines()[:3]
        print("bench.sh: warning: %s exited %d: %s" % (c["name"], p.returncode, " / ".join(err)), file=sys.stderr)
json.dump(cmds, open(path, "w"), indent=2)
PY

mkdir -p "$repo/bench/out"
timings="$work/timings.json"
if command -v hyperfine >/dev/null 2>&1; then
    echo "bench.sh: timing with hyperfine ($runs runs each)..."
    hyperfine_args=()
    while IFS= read -r cmd; do hyperfine_args+=("$cmd"); done < <(python3 - "$specs" <<'PY'
import json, shlex, sys
for c in json.load(open(sys.argv[1])):
    print(" ".join(shlex.quote(a) for a in c["argv"]))
PY
)
    hyperfine --shell=none --warmup 1 --runs "$runs" --ignore-failure --style basic \
        --export-json "$work/hyperfine.json" "${hyperfine_args[@]}" >&2
    cp "$work/hyperfine.json" "$repo/bench/out/hyperfine.json"
    python3 - "$work/hyperfine.json" "$timings" <<'PY'
import json, sys
res = json.load(open(sys.argv[1]))["results"]
json.dump([r["median"] * 1000.0 for r in res], open(sys.argv[2], "w"))
PY
else
    echo "bench.sh: hyperfine not installed; timing with python3 (1 warm-up + $runs runs, median)..."
    python3 - "$specs" "$timings" "$runs" <<'PY'
import json, statistics, subprocess, sys, time
cmds = json.load(open(sys.argv[1]))
runs = int(sys.argv[3])
medians = []
for c in cmds:
    subprocess.run(c["argv"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    samples = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(c["argv"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        samples.append((time.perf_counter() - t0) * 1000.0)
    medians.append(statistics.median(samples))
    print("  %-42s %9.1f ms" % (c["name"], medians[-1]), file=sys.stderr)
json.dump(medians, open(sys.argv[2], "w"))
PY
fi

# ---------------------------------------------------------------------------
python3 - "$specs" "$timings" "$repo/bench/out/results.txt" <<'PY'
import json, sys
cmds = json.load(open(sys.argv[1]))
medians = json.load(open(sys.argv[2]))
by_name = {c["name"]: m for c, m in zip(cmds, medians)}
rows = [("command", "median ms", "reference", "msx/ref")]
for c, m in zip(cmds, medians):
    name = c["name"] + ("" if c.get("exit", 0) == 0 else "  (exit %d)" % c["exit"])
    ref = c.get("ref")
    if ref and ref in by_name:
        rows.append((name, "%.1f" % m, ref, "%.2fx" % (m / by_name[ref]) if by_name[ref] > 0 else "-"))
    elif ref:
        rows.append((name, "%.1f" % m, ref + " (not run)", "-"))
    else:
        rows.append((name, "%.1f" % m, "", ""))
widths = [max(len(r[i]) for r in rows) for i in range(4)]
lines = []
for k, r in enumerate(rows):
    lines.append("  ".join([r[0].ljust(widths[0]), r[1].rjust(widths[1]), r[2].ljust(widths[2]), r[3].rjust(widths[3])]).rstrip())
    if k == 0:
        lines.append("  ".join("-" * w for w in widths))
table = "\n".join(lines)
print()
print(table)
with open(sys.argv[3], "w") as f:
    f.write(table + "\n")
PY
echo
echo "bench.sh: results saved to bench/out/results.txt"
