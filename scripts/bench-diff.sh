#!/usr/bin/env bash
# Benchmarks `msx diff --files` next to git's word diff, on two files outside any project (no sidecars):
#
#   A.md   a 100,000-word chapter, paragraphs of 80-150 words with some *italic* and **bold**, as the
#          Long Chapter of scripts/bench.sh
#   B.md   A with 1% of its words edited at scattered places (a third each replaced, inserted, deleted)
#          and 50 formatting changes (** put around 25 plain words, emphasis taken off 25 words)
#
# written by `scripts/bench_project.py diff-pair`. Three measurements:
#
#   1. Time, in one hyperfine run (no shell, -i since git exits 1 when the files differ):
#        msx diff --files A.md B.md --json      git diff --no-index --word-diff=porcelain A.md B.md
#      with `msx --version` and `git --version` in the same run, for two ratios: whole process
#      (msx median / git median) and work only (start-up taken off both medians).
#   2. Changed words: msx's wordsAdded + wordsRemoved from the JSON against the words on git's
#      porcelain `+` and `-` lines (a word: a white-space-separated run with a letter or digit, as msx
#      counts), next to what the generator changed. Goal: msx never reports more than git.
#   3. Memory: two 1,000,000-word manuscripts (ten such chapters each, each edited as above), peak RSS
#      of `msx diff --files A.md B.md --json > /dev/null` from /usr/bin/time -v against the input size
#      (A + B). Goal (issue 16): at most 5x. git's word diff on the same files for reference; changed words too.
#
#   make bench        (release build, bench.sh, bench-history.sh, then this script)
#
# Environment: MSX (default: the release build), SWIFT (swift), BENCH_RUNS (10, at least 5),
# BENCH_KEEP=1 keeps the files, BENCH_NO_INSTALL=1 never installs hyperfine/time with apt.
# Results: bench/out/diff.txt, bench/out/diff-hyperfine.json.
set -euo pipefail

# shellcheck source=scripts/bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"
bench_init bench-diff.sh
runs=${BENCH_RUNS:-10}
if [ "$runs" -lt 5 ]; then
    runs=5
fi


command -v hyperfine >/dev/null 2>&1 || try_install hyperfine || true
[ -x /usr/bin/time ] || try_install time || true
for tool in python3 git hyperfine /usr/bin/time; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "bench-diff.sh: needs $tool (apt-get install hyperfine time)" >&2
        exit 1
    fi
done

bench_workdir msx-bench-diff


msx_diff=("$MSX" diff --files A.md B.md --json)
git_diff=(git diff --no-index --word-diff=porcelain A.md B.md)

# Runs the two diffs in the current folder, keeping their output in $1.msx.json and $1.git.txt;
# both must exit 1 (the files differ, as diff(1) says), since hyperfine -i would hide any other status.
outputs() {
    local status=0
    "${msx_diff[@]}" >"$1.msx.json" || status=$?
    if [ "$status" -ne 1 ]; then
        echo "bench-diff.sh: ${msx_diff[*]} exited $status in $(pwd) (expected 1: files differ)" >&2
        exit 1
    fi
    status=0
    "${git_diff[@]}" >"$1.git.txt" || status=$?
    if [ "$status" -ne 1 ]; then
        echo "bench-diff.sh: ${git_diff[*]} exited $status in $(pwd) (expected 1: files differ)" >&2
        exit 1
    fi
}

# ---------------------------------------------------------------------------
echo "bench-diff.sh: generating the 100,000-word pair in $work/chapter ..."
python3 "$repo/scripts/bench_project.py" diff-pair "$work/chapter" --seed 20261123 >"$work/chapter.json"
echo "bench-diff.sh: $(cat "$work/chapter.json")"
echo "bench-diff.sh: generating the 1,000,000-word pair in $work/manuscript ..."
python3 "$repo/scripts/bench_project.py" diff-pair "$work/manuscript" --chapters 10 --seed 20261124 >"$work/manuscript.json"
echo "bench-diff.sh: $(cat "$work/manuscript.json")"

cd "$work/chapter"
outputs "$work/chapter"

benchmarks=(
    "msx --version|$(q "$MSX") --version"
    "git --version|git --version"
    "msx diff|$(q "$MSX") diff --files A.md B.md --json"
    "git diff|git diff --no-index --word-diff=porcelain A.md B.md"
)
hyperfine_args=()
for b in "${benchmarks[@]}"; do
    IFS='|' read -r name command <<<"$b"
    hyperfine_args+=(--command-name "$name" "$command")
done
echo "bench-diff.sh: timing with hyperfine (1 warm-up + $runs runs each)..."
hyperfine -N -i --warmup 1 --runs "$runs" --style basic \
    --export-json "$work/hyperfine.json" "${hyperfine_args[@]}" >&2
mkdir -p "$repo/bench/out"
cp "$work/hyperfine.json" "$repo/bench/out/diff-hyperfine.json"

# ---------------------------------------------------------------------------
cd "$work/manuscript"
echo "bench-diff.sh: peak memory on the 1,000,000-word pair (/usr/bin/time -v) ..."
/usr/bin/time -v -o "$work/msx.time" "${msx_diff[@]}" >/dev/null || true
/usr/bin/time -v -o "$work/git.time" "${git_diff[@]}" >/dev/null || true
echo "bench-diff.sh: changed words on the 1,000,000-word pair ..."
outputs "$work/manuscript"

# ---------------------------------------------------------------------------
machine="$(nproc) x $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo), $(git --version), $(hyperfine --version), msx $("$MSX" --version), source tree $(git -C "$repo" describe --always --dirty 2>/dev/null || echo '?')"
python3 - "$work" "$repo/bench/out/diff.txt" "$machine" <<'PY'
import json, os, re, sys
work, out, machine = sys.argv[1:]

def has_letter(token):
    return any(c.isalpha() or c.isnumeric() for c in token)

def words(text):
    return sum(1 for t in text.split() if has_letter(t))

def changed_words(prefix):
    """(msx added, msx removed, git added, git removed, paragraphs where msx counts more than git, the excess
    there, changed paragraphs) for the outputs kept under prefix. Per paragraph, git's words are those on the
    old file's lines of that paragraph (the generator keeps every paragraph on one line, blank lines between,
    and never adds or removes one, so a porcelain `~` steps both files one line)."""
    docs = json.load(open(prefix + ".msx.json", encoding="utf-8"))["documents"]
    msx = (sum(d["wordsAdded"] for d in docs), sum(d["wordsRemoved"] for d in docs))
    paragraph_of_line, count, blank = {}, -1, True
    with open(os.path.join(prefix, "A.md"), encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if line.strip():
                count += blank
                paragraph_of_line[number] = count
            blank = not line.strip()
    msx_by, git_by = {}, {}
    for d in docs:
        for op in d["paragraphs"]:
            if op["op"] in ("modify", "move"):
                n = sum(words(e["text"]) for e in op["edits"] if e["op"] != "equal")
            elif op["op"] == "delete":
                n = words(op["text"])
            else:
                continue   # equal, or an inserted paragraph (no old paragraph to pair it with)
            msx_by[op["oldParagraph"]] = msx_by.get(op["oldParagraph"], 0) + n
    git = [0, 0]
    old_line = None   # None: still in the header (diff --git, ---, +++), which ends at the first hunk
    with open(prefix + ".git.txt", encoding="utf-8") as f:
        for line in f:
            if line.startswith("@@"):
                old_line = int(re.match(r"@@ -(\d+)", line).group(1))
            elif old_line is None:
                continue
            elif line.startswith("~"):
                old_line += 1
            elif line[:1] in ("+", "-"):
                n = words(line[1:])
                git[line[0] == "-"] += n
                k = paragraph_of_line.get(old_line, -1)
                git_by[k] = git_by.get(k, 0) + n
    worse = [k for k, n in msx_by.items() if n > git_by.get(k, 0)]
    excess = sum(msx_by[k] - git_by.get(k, 0) for k in worse)
    return msx + tuple(git) + (len(worse), excess, len(set(msx_by) | set(git_by)))

def table(rows, right):
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = []
    for k, r in enumerate(rows):
        lines.append("  ".join(c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip())
        if k == 0:
            lines.append("  ".join("-" * w for w in widths))
    return lines

def rss_and_wall(path):
    text = open(path).read()
    rss_kib = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", text).group(1))
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([\d:.]+)", text).group(1)
    seconds = 0.0
    for part in wall.split(":"):
        seconds = seconds * 60 + float(part)
    return rss_kib * 1024, seconds

chapter = json.load(open(os.path.join(work, "chapter.json")))
manuscript = json.load(open(os.path.join(work, "manuscript.json")))
results = json.load(open(os.path.join(work, "hyperfine.json")))["results"]
ms = {r["command"]: r["median"] * 1000.0 for r in results}
spread = {r["command"]: (r["min"] * 1000.0, r["max"] * 1000.0, len(r["times"])) for r in results}
startup = {"msx": ms["msx --version"], "git": ms["git --version"]}
mib = 1024.0 * 1024.0

lines = ["msx diff vs git word diff: %s-word chapter, B = A with %d word edits (%d replaced, %d inserted, %d deleted)"
         % (format(chapter["words"], ","), chapter["replace"] + chapter["insert"] + chapter["delete"],
            chapter["replace"], chapter["insert"], chapter["delete"]),
         "and %d formatting changes (%d ** added, %d emphasis removed); A %.2f MiB, B %.2f MiB, no sidecars." % (
             chapter["bold"] + chapter["unemphasise"], chapter["bold"], chapter["unemphasise"],
             chapter["bytes"][0] / mib, chapter["bytes"][1] / mib), ""]

rows = [("command", "median ms", "min-max ms", "reference", "reference ms", "ratio whole", "ratio work-only")]
def rng(name):
    lo, hi, _ = spread[name]
    return "%.1f-%.1f" % (lo, hi)
rows.append(("msx --version (start-up)", "%.1f" % ms["msx --version"], rng("msx --version"),
             "git --version", "%.1f" % ms["git --version"], "%.2fx" % (ms["msx --version"] / ms["git --version"]), "-"))
m, g = ms["msx diff"], ms["git diff"]
mine, theirs = m - startup["msx"], g - startup["git"]
work_ratio = "%.1fx" % (mine / theirs) if theirs >= 0.1 else "n/a (git work < 0.1 ms)"
rows.append(("msx diff --files A.md B.md --json", "%.1f" % m, rng("msx diff"),
             "git diff --no-index --word-diff=porcelain A.md B.md", "%.1f" % g, "%.2fx" % (m / g), work_ratio))
lines += table(rows, {1, 2, 4, 5, 6})
lines += ["",
          "Medians of one hyperfine run (-N, no shell; -i: git exits 1 when the files differ; 1 warm-up + %d runs)."
          % spread["msx diff"][2],
          "Work-only: (msx median - msx --version) / (git median - git --version), start-ups from the same run:",
          "work %.1f ms vs %.1f ms." % (mine, theirs), ""]

def words_rows(label, truth, counts):
    ma, mr, ga, gr, worse, excess, changed = counts
    rows = [(label, "added", "removed", "total")]
    truth_added = truth["replace"] + truth["insert"]
    truth_removed = truth["replace"] + truth["delete"]
    rows.append(("as edited (generator)", str(truth_added), str(truth_removed), str(truth_added + truth_removed)))
    rows.append(("msx: wordsAdded / wordsRemoved", str(ma), str(mr), str(ma + mr)))
    rows.append(("git: words on + / - porcelain lines", str(ga), str(gr), str(ga + gr)))
    verdict = "yes" if ma + mr <= ga + gr else "NO"
    return table(rows, {1, 2, 3}) + ["msx reports no more changed words than git: %s (msx %d, git %d, %+d)."
                                     % (verdict, ma + mr, ga + gr, (ma + mr) - (ga + gr)),
                                     "Per paragraph: msx counts more than git in %d of %d changed paragraphs (%d words more there)."
                                     % (worse, changed, excess)]

lines += words_rows("changed words, %s-word chapter" % format(chapter["words"], ","), chapter,
                    changed_words(os.path.join(work, "chapter")))
lines += ["Formatting changes are not word changes for msx; git's word diff sees each as one word out and one in.", ""]

input_bytes = sum(manuscript["bytes"])
msx_rss, msx_wall = rss_and_wall(os.path.join(work, "msx.time"))
git_rss, git_wall = rss_and_wall(os.path.join(work, "git.time"))
lines.append("Memory: two %s-word manuscripts (ten chapters each, each edited as above: %d word edits, %d formatting"
             % (format(manuscript["words"], ","), manuscript["replace"] + manuscript["insert"] + manuscript["delete"],
                manuscript["bold"] + manuscript["unemphasise"]))
lines.append("changes in all); input A + B = %.1f MiB + %.1f MiB = %.1f MiB. Peak RSS from /usr/bin/time -v, output to /dev/null."
             % (manuscript["bytes"][0] / mib, manuscript["bytes"][1] / mib, input_bytes / mib))
lines.append("")
rows = [("command", "wall s", "peak RSS MiB", "RSS / input", "goal <= 5x")]
rows.append(("msx diff --files A.md B.md --json", "%.2f" % msx_wall, "%.1f" % (msx_rss / mib),
             "%.1fx" % (msx_rss / input_bytes), "met" if msx_rss <= 5 * input_bytes else "not met"))
rows.append(("git diff --no-index --word-diff=porcelain A.md B.md", "%.2f" % git_wall, "%.1f" % (git_rss / mib),
             "%.1fx" % (git_rss / input_bytes), "(reference)"))
lines += table(rows, {1, 2, 3})
lines.append("")
lines += words_rows("changed words, %s-word manuscript" % format(manuscript["words"], ","), manuscript,
                    changed_words(os.path.join(work, "manuscript")))
lines += ["", "Machine: %s." % machine]

text = "\n".join(lines)
print()
print(text)
with open(out, "w") as f:
    f.write(text + "\n")
PY
echo
echo "bench-diff.sh: results saved to bench/out/diff.txt"
