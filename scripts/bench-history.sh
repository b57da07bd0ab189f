#!/usr/bin/env bash
# Benchmarks msx's history commands on the 1,001-document, ~1,100,000-word
# project of scripts/bench.sh with a 2,000-version history, next to the git
# commands that do the same job, in one hyperfine run:
#
#   msx status                       git status --porcelain
#   msx snapshot DOC (one change)    git add -A && git commit -q -m x
#                                    the same with git's core.fsync=all, and
#                                    msx with MSX_BENCH_NO_FSYNC=1 (fsync's cost)
#   msx tree --json                  git ls-files -s -- contents (the same files)
#   msx log DOC                      git log --oneline -- PATH, and with --follow
#   msx show DOC@~50 --as markdown   git show REV:PATH (REV: the 50th version
#                                    of PATH before its last)
#   msx search --history WORD        git log -S WORD --format=%H (WORD: "déjà",
#                                    in about a fifth of the versions; the two
#                                    must name the same versions, checked first)
#   msx stats                        git log --shortstat (per-version counts, for
#                                    lines where msx counts words; goal: msx
#                                    under a second)
#   msx --version                    a Swift hello-world that loads Foundation
#                                    (bench/hello, built with swiftc -O and
#                                    linked statically as make release links msx)
#
# Each pair gets two ratios: whole process (msx median / git median), and work
# only, with each tool's start-up (`msx --version`, `git --version`, timed in
# the same run) taken off both medians.
#
#   make bench        (release build, bench.sh, then this script)
#
# The history: `msx snapshot` records the generated project (and creates the
# git repository), then 1,999 versions each append a paragraph to one document:
# every 10th to "Chapter 7.3" (so it has ~200 versions), the others to a random
# document. msx takes about a second per snapshot here (~30 minutes for all),
# so those versions are written with `git fast-import` exactly as
# `msx snapshot ID` writes them (same paths and trees, manifest at every
# version, "Snapshot: TITLE" + "Msx-Document: ID +N -0 text" messages); see
# scripts/bench_project.py. BENCH_HISTORY_WITH_MSX=1 makes them with msx.
#
# Between the timed runs of the two snapshot commands, --prepare resets the
# project to the base version and changes one document ("Chapter 12.34"), so
# every run records one change; the other commands also see that one change.
#
# Environment: MSX (default: the release build), SWIFT (swift), SWIFTC
# (swiftc), BENCH_RUNS (10), BENCH_COMMITS (2000), BENCH_KEEP=1 keeps the
# project, BENCH_HISTORY_WITH_MSX=1 (see above). Results: bench/out/history.txt
# and bench/out/history-hyperfine.json.
set -euo pipefail

# shellcheck source=scripts/bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"
bench_init bench-history.sh
SWIFTC=${SWIFTC:-swiftc}
runs=${BENCH_RUNS:-10}
commits=${BENCH_COMMITS:-2000}
for tool in python3 git hyperfine "$SWIFTC"; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "bench-history.sh: needs $tool (hyperfine: apt-get install hyperfine)" >&2
        exit 1
    fi
done

author="Bench Writer <bench@example.invalid>"
hot_title="Chapter 7.3"        # ~200 versions: msx log, msx show @~50
changed_title="Chapter 12.34"  # the one changed document: msx status, msx snapshot

bench_workdir msx-bench-history
project="$work/bench"


# ---------------------------------------------------------------------------
mkdir -p "$repo/bench/out"
hello="$repo/bench/out/hello"
# Linked as `make release` links msx (the Swift runtime and Foundation statically on Linux), so that the two
# start-ups compare the same kind of binary.
hello_flags=(-O)
if [ "$(uname -s)" = Linux ]; then hello_flags+=(-static-stdlib); fi
echo "bench-history.sh: building bench/hello with $SWIFTC ${hello_flags[*]} ..."
"$SWIFTC" "${hello_flags[@]}" "$repo/bench/hello/main.swift" -o "$hello" 2> >(grep -v "the use of .mktemp. is dangerous" >&2)

echo "bench-history.sh: generating project in $project ..."
echo "bench-history.sh: $(python3 "$repo/scripts/bench_project.py" generate "$project")"
history_args=(--msx "$MSX" --commits "$commits" --hot "$hot_title" --author "$author")
if [ "${BENCH_HISTORY_WITH_MSX:-0}" = 1 ]; then
    history_args+=(--with-msx)
fi
echo "bench-history.sh: making the history ..."
echo "bench-history.sh: $(python3 "$repo/scripts/bench_project.py" history "$project" "${history_args[@]}")"

cd "$project"
git config user.name "Bench Writer"
git config user.email "bench@example.invalid"
base=$(git rev-parse HEAD)
hot_path=$(python3 "$repo/scripts/bench_project.py" document . "$hot_title" | cut -f2)
changed_path=$(python3 "$repo/scripts/bench_project.py" document . "$changed_title" | cut -f2)
# The 50th version of the document before its last, as git sees it (git log lists newest first).
rev=$(git log --format=%H -- "$hot_path" | sed -n 51p)
if [ -z "$rev" ]; then
    echo "bench-history.sh: $hot_title has fewer than 51 versions" >&2
    exit 1
fi
# msx must agree on which version @~50 is.
msx_rev=$("$MSX" log "$hot_title" --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["versions"][50]["version"])')
if [ "$msx_rev" != "$rev" ]; then
    echo "bench-history.sh: msx log lists $msx_rev as $hot_title@~50, git log lists $rev" >&2
    exit 1
fi
# msx search --history and git log -S must name the same versions.
search_word="déjà"
"$MSX" search --history "$search_word" --json | python3 -c 'import json, sys; print("\n".join(sorted(set(v["version"] for v in json.load(sys.stdin)["versions"]))))' >"$work/search-msx.txt" || true
git log -S "$search_word" --format=%H | sort >"$work/search-git.txt"
search_found=$(wc -l <"$work/search-git.txt" | tr -d ' ')
if ! cmp -s "$work/search-msx.txt" "$work/search-git.txt"; then
    echo "bench-history.sh: msx search --history and git log -S disagree on '$search_word':" >&2
    diff "$work/search-msx.txt" "$work/search-git.txt" | head -5 >&2
    exit 1
fi
versions=$(git rev-list --count HEAD)
hot_versions=$(git rev-list --count HEAD -- "$hot_path")
echo "bench-history.sh: $versions versions; $hot_title ($hot_path) has $hot_versions"

# Back to the base version with one changed document: the state every command is timed in.
change="$work/change.sh"
cat >"$change" <<EOF
#!/bin/sh
set -e
cd $(q "$project")
git reset -q --hard $base
printf '\nOne more paragraph, written while the benchmark ran.\n' >> $(q "$changed_path")
EOF
sh "$change"

# ---------------------------------------------------------------------------
# name | command line | prepare. hyperfine runs them without a shell (-N: a shell's start-up would swamp
# git's 1 ms), so the git add+commit pair runs in `sh -c`; its start-up is timed as that of
# `sh -c 'git --version && git --version'`.
read_only=true
prepare_change="sh $(q "$change")"
benchmarks=(
    "hello|$(q "$hello")|$read_only"
    "msx --version|$(q "$MSX") --version|$read_only"
    "git --version|git --version|$read_only"
    "sh + 2 git --version|sh -c 'git --version && git --version'|$read_only"
    "msx status|$(q "$MSX") status|$read_only"
    "git status --porcelain|git status --porcelain|$read_only"
    "msx snapshot|$(q "$MSX") snapshot $(q "$changed_title") --author $(q "$author")|$prepare_change"
    "git add+commit|sh -c 'git add -A && git commit -q -m x'|$prepare_change"
    "msx snapshot, no fsync|env MSX_BENCH_NO_FSYNC=1 $(q "$MSX") snapshot $(q "$changed_title") --author $(q "$author")|$prepare_change"
    "git add+commit, fsync|sh -c 'git -c core.fsync=all -c core.fsyncMethod=fsync add -A && git -c core.fsync=all -c core.fsyncMethod=fsync commit -q -m x'|$prepare_change"
    "msx tree --json|$(q "$MSX") tree --json|$read_only"
    "git ls-files -s|git ls-files -s -- contents|$read_only"
    "msx log|$(q "$MSX") log $(q "$hot_title")|$read_only"
    "git log -- PATH|git log --oneline -- $(q "$hot_path")|$read_only"
    "git log --follow|git log --oneline --follow -- $(q "$hot_path")|$read_only"
    "msx show @~50|$(q "$MSX") show $(q "$hot_title@~50") --as markdown|$read_only"
    "git show REV:PATH|git show $rev:$(q "$hot_path")|$read_only"
    "msx search --history|$(q "$MSX") search --history $(q "$search_word")|$read_only"
    "git log -S|git log -S $(q "$search_word") --format=%H|$read_only"
    "msx stats|$(q "$MSX") stats|$read_only"
    "git log --shortstat|git log --shortstat --format=%H|$read_only"
)
hyperfine_args=()
for b in "${benchmarks[@]}"; do
    IFS='|' read -r name command prepare <<<"$b"
    hyperfine_args+=(--command-name "$name" --prepare "$prepare" "$command")
done
echo "bench-history.sh: timing with hyperfine (1 warm-up + $runs runs each)..."
# The cleanup (after each command's runs) puts back the base version and the one change.
hyperfine -N --warmup 1 --runs "$runs" --style basic --cleanup "$prepare_change" \
    --export-json "$work/hyperfine.json" "${hyperfine_args[@]}" >&2
cp "$work/hyperfine.json" "$repo/bench/out/history-hyperfine.json"

# ---------------------------------------------------------------------------
machine="$(nproc) x $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(git --version), msx $("$MSX" --version), source tree $(git -C "$repo" describe --always --dirty 2>/dev/null || echo '?')"
python3 - "$work/hyperfine.json" "$repo/bench/out/history.txt" "$machine" "$versions" \
    "$hot_title" "$hot_path" "$hot_versions" "$changed_title" "${rev:0:7}" "$search_word" "$search_found" <<'PY'
import json, sys
results, out, machine, versions, hot, hot_path, hot_versions, changed, rev, word, found = sys.argv[1:]
ms = {r["command"]: r["median"] * 1000.0 for r in json.load(open(results))["results"]}
startup = {"msx": ms["msx --version"], "git": ms["git --version"], "sh+git": ms["sh + 2 git --version"]}

rows = [("command", "median ms", "reference", "reference ms", "ratio whole", "ratio work-only")]
def row(name, label, ref, ref_label, ref_startup="git"):
    m, r = ms[name], ms[ref]
    if ref_startup is None:
        work = "-"
    else:
        mine, theirs = m - startup["msx"], r - startup[ref_startup]
        work = "%.1fx" % (mine / theirs) if theirs >= 0.1 else "n/a (git work < 0.1 ms)"
    rows.append((label, "%.1f" % m, ref_label, "%.1f" % r, "%.2fx" % (m / r), work))

row("msx --version", "msx --version (start-up)", "hello", "Swift hello-world + Foundation, static", ref_startup=None)
row("msx status", "msx status", "git status --porcelain", "git status --porcelain")
row("msx snapshot", "msx snapshot '%s'" % changed, "git add+commit", "git add -A && git commit -q -m x", "sh+git")
row("msx snapshot", "msx snapshot '%s' (fsync)" % changed, "msx snapshot, no fsync", "the same, MSX_BENCH_NO_FSYNC=1", None)
row("msx snapshot", "msx snapshot '%s' (fsync)" % changed, "git add+commit, fsync", "git -c core.fsync=all add+commit", "sh+git")
row("msx tree --json", "msx tree --json (the binder, word counts)", "git ls-files -s", "git ls-files -s -- contents")
row("msx log", "msx log '%s'" % hot, "git log -- PATH", "git log --oneline -- PATH")
row("msx log", "msx log '%s'" % hot, "git log --follow", "git log --oneline --follow -- PATH")
row("msx show @~50", "msx show '%s@~50' --as markdown" % hot, "git show REV:PATH", "git show %s:PATH" % rev)
row("msx search --history", "msx search --history '%s' (%s versions, as git)" % (word, found), "git log -S", "git log -S '%s'" % word)
row("msx stats", "msx stats (words per day over %s versions)" % versions, "git log --shortstat", "git log --shortstat")

widths = [max(len(r[i]) for r in rows) for i in range(6)]
right = {1, 3, 4, 5}
lines = []
for k, r in enumerate(rows):
    lines.append("  ".join(c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip())
    if k == 0:
        lines.append("  ".join("-" * w for w in widths))
lines += [
    "",
    "Medians of one hyperfine run (no shell). Work-only: (median - msx start-up) / (reference median - its",
    "start-up); start-ups this run: msx --version %.1f ms, git --version %.1f ms, sh -c 'git --version && git --version'"
    % (startup["msx"], startup["git"]),
    "%.1f ms (for the add+commit pair, which runs in sh -c), Swift hello-world %.1f ms." % (startup["sh+git"], ms["hello"]),
    "Project: 1,001 documents, ~1,100,000 words, %s versions; '%s' (%s) has %s;" % (versions, hot, hot_path, hot_versions),
    "one changed document ('%s') in every timed state." % changed,
    "Machine: %s." % machine,
]
table = "\n".join(lines)
print()
print(table)
with open(out, "w") as f:
    f.write(table + "\n")
PY
echo
echo "bench-history.sh: results saved to bench/out/history.txt"
