#!/usr/bin/env bash
# A narrated walk-through of msx on a fresh temporary project.
#
#   scripts/demo.sh            (or: make demo)
#
# Environment: MSX (msx binary; default: the debug build), SWIFT (default: swift),
# DEMO_DIR (parent folder for the project; default: a new temporary folder).
set -euo pipefail

SWIFT=${SWIFT:-swift}
cd "$(dirname "$0")/.."
MSX=${MSX:-$("$SWIFT" build --show-bin-path)/msx}
if [ ! -x "$MSX" ]; then
    echo "demo.sh: no msx binary at $MSX (run: make build, or set MSX=/path/to/msx)" >&2
    exit 1
fi

if [ -n "${DEMO_DIR:-}" ]; then
    mkdir -p "$DEMO_DIR"
    tmp=$(cd "$DEMO_DIR" && pwd)
else
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/msx-demo.XXXXXX")
fi
project="$tmp/lighthouse"
if [ -e "$project" ]; then
    echo "demo.sh: $project already exists; choose another DEMO_DIR" >&2
    exit 1
fi

if [ -t 1 ]; then bold=$'\033[1m'; dim=$'\033[2m'; plain=$'\033[0m'; else bold=; dim=; plain=; fi

current="setup"
trap 'echo "demo.sh: failed during: $current" >&2' ERR

# Quote one word the way a reader would type it into a shell.
quote() {
    case "$1" in
        "" ) printf "''" ;;
        *[!A-Za-z0-9_./:=@%+,-]*) printf "'%s'" "${1//\'/\'\\\'\'}" ;;
        *) printf '%s' "$1" ;;
    esac
}

# The words quoted for display, joined by spaces.
cmdline() {
    local line="" word
    for word in "$@"; do
        line+="${line:+ }$(quote "$word")"
    done
    printf '%s' "$line"
}

# Print "$ cmd args" before running it, like set -x.
show() {
    printf '%s$ %s%s\n' "$dim" "$(cmdline "$@")" "$plain"
}

step() {
    current=$*
    printf '\n%s== %s ==%s\n' "$bold" "$*" "$plain"
}

# msx ARGS...: show the command, then run it.
msx() {
    show msx "$@"
    "$MSX" "$@"
}

# msx_stdin TEXT ARGS...: show the command with a heredoc, then run it with TEXT on stdin.
msx_stdin() {
    local text=$1
    shift
    printf "%s\$ %s <<'EOF'\n%s\nEOF%s\n" "$dim" "$(cmdline msx "$@")" "$text" "$plain"
    printf '%s\n' "$text" | "$MSX" "$@"
}

step "1. Create a novel project"
msx init "$project" --template novel --title "The Lighthouse" --author "Ada Writer"
show cd "$project"
cd "$project"

step "2. The binder"
msx tree

# The novel template's draft holds "Part One" and "Part Two"; fall back to the draft folder itself.
part="Part One"
if ! grep -q '"title": "Part One"' manuscript.json; then
    part="Draft"
fi

step "3. A new chapter, text from standard input"
storm_text='By evening the storm had swallowed the horizon, and the gulls came inland to shelter behind the keeper'"'"'s cottage.

Mara climbed the hundred and twelve steps with her coat still buttoned. At the top, the lamp was cold and silent, its great lens fogged with salt.

She wound the clockwork by hand, counting each turn aloud, and waited for the first white beam to cross the water.'
msx_stdin "$storm_text" new "The Storm" --in "$part" --synopsis "The lamp goes dark." --from -

step "4. Several documents at once from an outline"
outline="$tmp/outline.md"
cat >"$outline" <<'EOF'
- Part Three
  - The Keeper's Log
  - Landfall
  - The Last Watch
EOF
show cat "$outline"
cat "$outline"
msx new --outline "$outline" --in Draft
msx tree

step "5. Formatting"
msx format "The Storm" --match "the storm" --bold
msx format "The Storm" --paragraph 1 --align center
msx format "The Storm" --match "lamp" --underline=double --color "#8B0000"

storm_md=$(find contents -name 'the-storm.md' -print | head -n 1)
if [ -z "$storm_md" ]; then
    echo "demo.sh: cannot find the-storm.md under contents/" >&2
    exit 1
fi
show cat "$storm_md"
cat "$storm_md"
sidecar="${storm_md%.md}.attrs.json"
if [ -f "$sidecar" ]; then
    show cat "$sidecar"
    cat "$sidecar"
fi

step "6. Someone edits the Markdown in another editor"
edit1='s/^By evening/Rain had been falling since noon. By evening/'
edit2='s/At the top, the lamp/The wind screamed through the gallery rail. At the top, the lamp/'
show sed -i.bak -e "$edit1" -e "$edit2" "$storm_md"
sed -i.bak -e "$edit1" -e "$edit2" "$storm_md"
rm -f "$storm_md.bak"
show cat "$storm_md"
cat "$storm_md"

step "7. msx re-anchors the formatting to the edited text"
msx show "The Storm" --as text

current="msx show --as json"
printf '%s$ %s%s\n' "$dim" "msx show 'The Storm' --as json | head -40" "$plain"
json=$("$MSX" show "The Storm" --as json)
head -n 40 <<<"$json"

step "8. Consistency check"
msx check

step "9. Versions: status, diff, snapshot, log"
export MSX_AUTHOR="Ada Writer <ada@example.com>"
msx status
msx snapshot -m "The storm arrives" --tag "first draft"
show sed -i -e 's/counting each turn aloud/counting each turn under her breath/' contents/draft/part-one/the-storm.md
sed -i -e 's/counting each turn aloud/counting each turn under her breath/' contents/draft/part-one/the-storm.md
msx format "The Storm" --match "white beam" --italic
msx status
msx diff
msx snapshot -m "Quieter ending"
msx log "The Storm"

step "10. An earlier version, and getting it back"
msx show "The Storm@first draft" --as text
msx restore "The Storm" --to "first draft"
msx log --limit 3
msx tags

step "11. Import an RTF chapter with its formatting, compile the manuscript"
rtf="$tmp/Chapter Nine.rtf"
cat >"$rtf" <<'EOF'
{\rtf1\ansi\ansicpg1252\deff0{\fonttbl{\f0\froman Times New Roman;}{\f1\fswiss Helvetica;}}
{\colortbl;\red139\green0\blue0;}
\pard\qc\f1\fs32\b The Ninth Night\b0\par
\pard\fi720\sl360\slmult1\f0\fs24 The keeper\rquote s log ended at \i midnight\i0 , in a hand that was \ul\cf1 not his\ulnone\cf0 .\par
}
EOF
show cat "$rtf"
cat "$rtf"
msx import "$rtf" --into "$part"
msx show "Chapter Nine" --as markdown
chapter_md=$(find contents -name 'chapter-nine.md' -print | head -n 1)
show cat "${chapter_md%.md}.attrs.json"
cat "${chapter_md%.md}.attrs.json"
msx compile --format rtf --preset manuscript --out "$tmp/The Lighthouse.rtf"
show head -c 700 "$tmp/The Lighthouse.rtf"
head -c 700 "$tmp/The Lighthouse.rtf"
echo
msx compile --format md --smart-quotes --root "$part"

step "Done"
current="done"
echo "The project is in: $project"
echo "Look around:       cd $(quote "$project") && $(quote "$MSX") tree"
echo "Remove it with:    rm -rf $(quote "$tmp")"
