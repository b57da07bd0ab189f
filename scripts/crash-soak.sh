#!/usr/bin/env bash
# Crash soak: kill msx with SIGKILL in the middle of multi-file writes and check
# that the project always recovers with no text lost.
#
#   scripts/crash-soak.sh            (also run by: make soak)
#
# Builds a small project with msx itself, records every document's text, then
# SOAK_RUNS times (default 200) starts `msx rename` or `msx mv` on a random
# document and kills it with kill -9 after a random 0-30 ms. Finally `msx check`
# must exit 0, leave no journal or staged files, and every document's text
# (`msx show ID --as text`) must be unchanged.
#
# Environment: MSX (msx binary; default: the debug build), SWIFT (default: swift),
# SOAK_RUNS (200), SOAK_DOCS (12), SOAK_SEED (random), SOAK_KEEP=1 keeps the project.
# Needs jq or python3 to read JSON.
set -euo pipefail

SWIFT=${SWIFT:-swift}
cd "$(dirname "$0")/.."
MSX=${MSX:-$("$SWIFT" build --show-bin-path)/msx}
if [ ! -x "$MSX" ]; then
    echo "crash-soak: no msx binary at $MSX (run: swift build, or set MSX=/path/to/msx)" >&2
    exit 1
fi
MSX=$(cd "$(dirname "$MSX")" && pwd)/$(basename "$MSX")

runs=${SOAK_RUNS:-200}
ndocs=${SOAK_DOCS:-12}
seed=${SOAK_SEED:-$(( $$ ^ $(date +%s) ))}
seed=$(( seed % 32768 ))
RANDOM=$seed

if [ -n "${SOAK_JSON_TOOL:-}" ]; then
    json_tool=$SOAK_JSON_TOOL   # jq or python3 (for testing both paths)
elif command -v jq >/dev/null 2>&1; then
    json_tool=jq
elif command -v python3 >/dev/null 2>&1; then
    json_tool=python3
else
    echo "crash-soak: needs jq or python3 to read msx's JSON output" >&2
    exit 1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/msx-soak.XXXXXX")
project="$work/soak"
failed=1
cleanup() {
    if [ "$failed" -ne 0 ] || [ "${SOAK_KEEP:-0}" = 1 ]; then
        echo "crash-soak: project kept at $project" >&2
    else
        rm -rf "$work"
    fi
}
trap cleanup EXIT

fail() {
    echo "crash-soak: FAIL: $*" >&2
    exit 1
}

# node_ids KIND < tree.json: ids of all nodes of that kind ("document"/"folder"),
# searched anywhere in the JSON, skipping anything inside a folder with role "trash".
node_ids() {
    if [ "$json_tool" = jq ]; then
        jq -r --arg k "$1" '
            def nodes(t):
                if type == "object" then
                    (t or .role == "trash") as $t
                    | (if .kind == $k and (.id | type) == "string" and ($t | not) then .id else empty end),
                      (.[] | nodes($t))
                elif type == "array" then .[] | nodes(t)
                else empty end;
            nodes(false)' | awk '!seen[$0]++'
    else
        python3 -c '
import json, sys
kind = sys.argv[1]
seen = set()
def walk(x, trash):
    if isinstance(x, dict):
        trash = trash or x.get("role") == "trash"
        i = x.get("id")
        if x.get("kind") == kind and isinstance(i, str) and not trash and i not in seen:
            seen.add(i)
            print(i)
        for v in x.values():
            walk(v, trash)
    elif isinstance(x, list):
        for v in x:
            walk(v, trash)
walk(json.load(sys.stdin), False)
' "$1"
    fi
}

# ids KIND: from `msx tree --json`, falling back to manuscript.json if the tree output has no "kind".
ids() {
    local out
    out=$("$MSX" tree --json | node_ids "$1")
    if [ -z "$out" ]; then
        out=$(node_ids "$1" <manuscript.json)
    fi
    printf '%s\n' "$out" | sed '/^$/d'
}

# ---------------------------------------------------------------------------
echo "crash-soak: msx=$MSX runs=$runs docs=$ndocs seed=$seed"
"$MSX" init "$project" --template novel --title "Soak Test" --author "Soak Runner" >/dev/null
cd "$project"

folders_by_title=()
for t in "Part One" "Part Two"; do
    if grep -q "\"title\": \"$t\"" manuscript.json; then folders_by_title+=("$t"); fi
done
[ "${#folders_by_title[@]}" -gt 0 ] || folders_by_title=("Draft")

for i in $(seq 1 "$ndocs"); do
    folder=${folders_by_title[$(( i % ${#folders_by_title[@]} ))]}
    printf '%s\n' \
        "Scene $i opens on the cliff path, where the lantern swings in the wind." \
        "" \
        "Zoë counts the steps — $i of them — and the café below goes dark. 灯台の光。" \
        "" \
        "The *tide* turns at $((i * 7)) minutes past the hour, and **nobody** sees it." \
        | "$MSX" new "Soak Scene $i" --in "$folder" --from - >"$work/new.out"
    # A sidecar run too, so moves and renames carry an .attrs.json file (by id: titles may repeat).
    "$MSX" format "$(cut -d' ' -f1 "$work/new.out")" --match "lantern" --underline=single >/dev/null
done

docs=()
while IFS= read -r line; do docs+=("$line"); done < <(ids document)
folders=()
while IFS= read -r line; do folders+=("$line"); done < <(ids folder)
[ "${#docs[@]}" -ge "$ndocs" ] || fail "expected at least $ndocs documents in msx tree --json, found ${#docs[@]}"
[ "${#folders[@]}" -ge 1 ] || fail "no folders found in msx tree --json"

mkdir -p "$work/before" "$work/after"
for id in "${docs[@]}"; do
    "$MSX" show "$id" --as text >"$work/before/$id.txt"
done

# How does `msx mv` name the destination?
mv_help=$("$MSX" mv --help 2>&1 || true)
mv_flag=""
for flag in --in --to --into; do
    if printf '%s\n' "$mv_help" | grep -qw -- "$flag"; then mv_flag=$flag; break; fi
done

killed=0
finished=0
for run in $(seq 1 "$runs"); do
    id=${docs[$(( RANDOM % ${#docs[@]} ))]}
    if (( RANDOM % 2 )); then
        args=(rename "$id" "Scene take $run ✦ $(( RANDOM % 1000 ))")
    else
        dest=${folders[$(( RANDOM % ${#folders[@]} ))]}
        if [ -n "$mv_flag" ]; then args=(mv "$id" "$mv_flag" "$dest"); else args=(mv "$id" "$dest"); fi
    fi
    delay_ms=$(( RANDOM % 31 ))

    "$MSX" "${args[@]}" >/dev/null 2>"$work/last-stderr" &
    pid=$!
    if [ "$delay_ms" -gt 0 ]; then sleep "$(printf '0.%03d' "$delay_ms")"; fi
    kill -9 "$pid" 2>/dev/null || true
    status=0
    wait "$pid" 2>/dev/null || status=$?
    if [ "$status" -eq 137 ]; then
        killed=$((killed + 1))
    else
        finished=$((finished + 1))
    fi
    if (( run % 50 == 0 )); then
        echo "crash-soak: $run/$runs runs ($killed killed mid-command, $finished finished first)"
    fi
done

echo "crash-soak: msx check"
if ! "$MSX" check; then
    fail "msx check exited non-zero after $runs runs (seed $seed)"
fi
if [ -e .msx/journal.json ]; then
    fail ".msx/journal.json still present after msx check"
fi
# A kill during staging leaves temporary files (harmless, reported as warnings); --repair removes them.
"$MSX" check --repair >/dev/null || fail "msx check --repair exited non-zero"
staged=$(find . -name '*.msx-tmp' -print)
if [ -n "$staged" ]; then
    fail "staged files left after msx check --repair: $staged"
fi

docs_after=()
while IFS= read -r line; do docs_after+=("$line"); done < <(ids document)
if [ "$(printf '%s\n' "${docs[@]}" | sort)" != "$(printf '%s\n' "${docs_after[@]}" | sort)" ]; then
    fail "document ids changed: before ${docs[*]} / after ${docs_after[*]}"
fi
for id in "${docs[@]}"; do
    "$MSX" show "$id" --as text >"$work/after/$id.txt" || fail "msx show $id failed"
    if ! cmp -s "$work/before/$id.txt" "$work/after/$id.txt"; then
        diff -u "$work/before/$id.txt" "$work/after/$id.txt" >&2 || true
        fail "text of document $id changed (seed $seed)"
    fi
done

failed=0
echo "crash-soak: OK: $runs runs ($killed killed mid-command, $finished finished first), ${#docs[@]} documents intact"
