#!/usr/bin/env bash
# Benchmarks `msx compile` and `msx import` next to pandoc doing the same conversions, in one hyperfine run:
#
#   compile to HTML   msx compile --format html --out all.html     pandoc -f gfm -t html -s all.md -o p.html
#   compile to RTF    msx compile --format rtf --out all.rtf       pandoc -f gfm -t rtf -s all.md -o p.rtf
#   compile to DOCX   msx compile --out all.docx                   pandoc -f gfm -t docx all.md -o p.docx
#   compile to EPUB   msx compile --out all.epub                   pandoc -f gfm -t epub all.md -o p.epub
#   compile to PDF    msx compile --preset book --out all.pdf      (no peer: pandoc needs a TeX engine for PDF)
#   import RTF        msx import long.rtf (into a small project)   pandoc -f rtf -t gfm long.rtf -o p.md
#
# on the generated 1,000-document, ~1,100,000-word project of scripts/bench.sh (pandoc gets the same
# manuscript as one Markdown file, made by `msx compile --format md` before timing) and on a 100,000-word
# RTF written by pandoc from the project's Long Chapter (so it comes from another program). Goal: msx at
# least 5x faster than pandoc on each (ratio = pandoc median / msx median).
#
#   make bench        (release build, then bench.sh, bench-history.sh, bench-diff.sh and this script)
#
# Environment: MSX (default: the release build), SWIFT (swift), BENCH_RUNS (5), BENCH_KEEP=1 keeps the
# files, BENCH_NO_INSTALL=1 never installs hyperfine/pandoc with apt. Results: bench/out/compile.txt.
# Afterwards epubcheck (when installed) checks the 1.1M-word EPUB msx wrote: errors and warnings are printed.
set -euo pipefail

# shellcheck source=scripts/bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"
bench_init bench-compile.sh
runs=${BENCH_RUNS:-5}

bench_require python3 hyperfine pandoc

bench_workdir msx-bench-compile
project="$work/bench"
echo "bench-compile.sh: generating project in $project ..."
echo "bench-compile.sh: $(python3 "$repo/scripts/bench_project.py" generate "$project")"

cd "$work"
"$MSX" -C "$project" compile --format md --out "$work/all.md" 2>/dev/null
pandoc -f gfm -t rtf -s "$project/contents/draft/long-chapter.md" -o "$work/long.rtf"
"$MSX" init "$work/target" --template blank --title Target >/dev/null

words_md=$(python3 -c 'import sys; print(len(open(sys.argv[1]).read().split()))' "$work/all.md")
echo "bench-compile.sh: manuscript $(du -h "$work/all.md" | cut -f1) ($words_md words), long.rtf $(du -h "$work/long.rtf" | cut -f1)"

hyperfine -N --warmup 1 --runs "$runs" --style basic --export-json "$work/hyperfine.json" \
    -n "msx compile html" "$MSX -C $(q "$project") compile --format html --out $(q "$work/all.html")" \
    -n "pandoc gfm->html" "pandoc -f gfm -t html -s --metadata title=Bench $(q "$work/all.md") -o $(q "$work/p.html")" \
    -n "msx compile rtf" "$MSX -C $(q "$project") compile --format rtf --out $(q "$work/all.rtf")" \
    -n "pandoc gfm->rtf" "pandoc -f gfm -t rtf -s $(q "$work/all.md") -o $(q "$work/p.rtf")" \
    -n "msx compile docx" "$MSX -C $(q "$project") compile --out $(q "$work/all.docx")" \
    -n "pandoc gfm->docx" "pandoc -f gfm -t docx $(q "$work/all.md") -o $(q "$work/p.docx")" \
    -n "msx compile epub" "$MSX -C $(q "$project") compile --out $(q "$work/all.epub")" \
    -n "pandoc gfm->epub" "pandoc -f gfm -t epub --metadata title=Bench $(q "$work/all.md") -o $(q "$work/p.epub")" \
    -n "msx compile pdf" "$MSX -C $(q "$project") compile --preset book --out $(q "$work/all.pdf")" \
    -n "msx import rtf" "$MSX -C $(q "$work/target") import $(q "$work/long.rtf")" \
    -n "pandoc rtf->gfm" "pandoc -f rtf -t gfm $(q "$work/long.rtf") -o $(q "$work/p.md")" >&2

# Peak memory of each compile (GNU time's maximum resident set size, in MB).
memory=()
for format in html rtf docx epub pdf; do
    preset=(); [ "$format" = pdf ] && preset=(--preset book)
    kb=$(/usr/bin/time -f %M "$MSX" -C "$project" compile "${preset[@]}" --out "$work/mem.$format" 2>&1 >/dev/null | tail -n 1)
    memory+=("$format=$((kb / 1024))")
done

mkdir -p "$repo/bench/out"
python3 - "$work/hyperfine.json" "$repo/bench/out/compile.txt" "${memory[@]}" <<'PY'
import json, sys
results = {r["command"]: r["median"] * 1000.0 for r in json.load(open(sys.argv[1]))["results"]}
memory = dict(arg.split("=") for arg in sys.argv[3:])
pairs = [("compile 1.1M words to HTML", "msx compile html", "pandoc gfm->html", "html"),
         ("compile 1.1M words to RTF", "msx compile rtf", "pandoc gfm->rtf", "rtf"),
         ("compile 1.1M words to DOCX", "msx compile docx", "pandoc gfm->docx", "docx"),
         ("compile 1.1M words to EPUB", "msx compile epub", "pandoc gfm->epub", "epub"),
         ("compile 1.1M words to PDF", "msx compile pdf", None, "pdf"),
         ("import a 100k-word RTF", "msx import rtf", "pandoc rtf->gfm", None)]
lines = ["%-28s %10s %10s %12s %16s" % ("job", "msx ms", "msx MB", "pandoc ms", "msx speed-up"), "-" * 80]
for job, msx, pandoc, fmt in pairs:
    m = results[msx]
    mb = memory.get(fmt, "") if fmt else ""
    if pandoc is None:
        lines.append("%-28s %10.0f %10s %12s %16s" % (job, m, mb, "-", "(no peer)"))
        continue
    p = results[pandoc]
    lines.append("%-28s %10.0f %10s %12.0f %15.1fx%s" % (job, m, mb, p, p / m, "" if p / m >= 5 else "  (goal 5x not met)"))
table = "\n".join(lines)
print()
print(table)
open(sys.argv[2], "w").write(table + "\n")
PY
if [ -f /usr/share/java/epubcheck.jar ] && command -v java >/dev/null 2>&1; then
    verdict=$(java -jar /usr/share/java/epubcheck.jar --failonwarnings "$work/all.epub" 2>&1 | grep -E "fatals|No errors" | tail -n 1 || true)
    echo "epubcheck on the 1.1M-word EPUB: ${verdict:-no verdict}" | tee -a "$repo/bench/out/compile.txt"
else
    echo "epubcheck on the 1.1M-word EPUB: skipped (apt-get install epubcheck)" | tee -a "$repo/bench/out/compile.txt"
fi
if command -v qpdf >/dev/null 2>&1 && command -v pdfinfo >/dev/null 2>&1; then
    pages=$(pdfinfo "$work/all.pdf" | awk '/^Pages:/ {print $2}')
    verdict=$(qpdf --check "$work/all.pdf" 2>&1 | grep -c "No syntax or stream encoding errors" || true)
    echo "the 1.1M-word PDF: $pages pages, qpdf --check $([ "$verdict" = 1 ] && echo clean || echo 'found errors')" | tee -a "$repo/bench/out/compile.txt"
fi
echo
echo "bench-compile.sh: results saved to bench/out/compile.txt"
