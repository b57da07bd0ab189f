#!/usr/bin/env bash
# Regenerate the man pages in man/ with swift-argument-parser's GenerateManual
# command plugin (msx.1 plus one page per subcommand, e.g. msx.init.1).
#
#   scripts/man.sh           regenerate man/
#   scripts/man.sh --check   regenerate into a temporary folder and fail if man/ differs
#
# The date is pinned so pages change only when the commands do.
# Environment: SWIFT (default: swift), SCRATCH_PATH (SwiftPM scratch folder, default: .build).
set -euo pipefail

MAN_DATE="2026-11-22"
MAN_AUTHORS="msx contributors"
MAN_SECTION=1

SWIFT=${SWIFT:-swift}
cd "$(dirname "$0")/.."
root=$(pwd)
scratch=${SCRATCH_PATH:-.build}
case "$scratch" in /*) ;; *) scratch="$root/$scratch" ;; esac
scratch_args=()
if [ -n "${SCRATCH_PATH:-}" ]; then
    scratch_args=(--scratch-path "$scratch")
fi

check=0
case "${1:-}" in
    "") ;;
    --check) check=1 ;;
    -h|--help)
        sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
        exit 0 ;;
    *)
        echo "usage: scripts/man.sh [--check]" >&2
        exit 64 ;;
esac

# The plugin writes into <scratch>/plugins/GenerateManual/outputs/<executable target>/
# and never deletes old pages, so start from an empty folder.
out="$scratch/plugins/GenerateManual/outputs/msx"
rm -rf "$out"

log=$(mktemp "${TMPDIR:-/tmp}/msx-man-log.XXXXXX")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/msx-man.XXXXXX")
trap 'rm -rf "$tmp" "$log"' EXIT

echo "Generating man pages (debug build, date $MAN_DATE)..." >&2
if ! "$SWIFT" package ${scratch_args[@]+"${scratch_args[@]}"} --allow-writing-to-package-directory \
        generate-manual \
        --configuration debug \
        --multi-page \
        --date "$MAN_DATE" \
        --section "$MAN_SECTION" \
        --authors "$MAN_AUTHORS" \
        >"$log" 2>&1; then
    cat "$log" >&2
    echo "scripts/man.sh: 'swift package generate-manual' failed" >&2
    exit 1
fi

# Fall back to the folder the plugin reports ("Generated manual in 'file:///…/'").
if [ ! -f "$out/msx.$MAN_SECTION" ]; then
    reported=$(sed -n "s|^Generated manual in '\\(file://\\)\\{0,1\\}\\(.*\\)'\$|\\2|p" "$log" | tail -n 1)
    if [ -n "$reported" ] && [ -f "${reported%/}/msx.$MAN_SECTION" ]; then
        out=${reported%/}
    else
        cat "$log" >&2
        echo "scripts/man.sh: no msx.$MAN_SECTION in $out" >&2
        exit 1
    fi
fi

mkdir -p "$tmp/new" "$tmp/old"
cp "$out"/*."$MAN_SECTION" "$tmp/new/"
# EXAMPLES and ENVIRONMENT become sections of their own (the plugin leaves them in DESCRIPTION).
python3 scripts/man-sections.py "$tmp/new"/*."$MAN_SECTION"

if [ "$check" -eq 1 ]; then
    if [ -d man ]; then
        for page in man/*."$MAN_SECTION"; do
            if [ -e "$page" ]; then cp "$page" "$tmp/old/"; fi
        done
    fi
    if ! diff -r "$tmp/old" "$tmp/new" >"$tmp/diff" 2>&1; then
        sed 's|'"$tmp"'/old|man|g; s|'"$tmp"'/new|generated|g' "$tmp/diff" | head -n 60 >&2
        echo "man/ is stale: run make man" >&2
        exit 1
    fi
    echo "man/ is up to date ($(find "$tmp/new" -type f | wc -l | tr -d ' ') pages)." >&2
    exit 0
fi

mkdir -p man
rm -f man/*."$MAN_SECTION"
cp "$tmp/new"/*."$MAN_SECTION" man/
echo "Wrote $(find "$tmp/new" -type f | wc -l | tr -d ' ') pages to man/:" >&2
ls man >&2
