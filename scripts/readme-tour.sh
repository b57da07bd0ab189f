#!/usr/bin/env bash
# Runs the README's "A five-minute tour" literally, top to bottom, in an empty folder.
#
#   scripts/readme-tour.sh [MSX]     MSX: the msx binary (default: msx on the PATH)
#
# The tour is the first ```sh block after the "## A five-minute tour" heading. It runs under
# `bash -e` with the binary's folder first on the PATH, HOME in the temporary folder (so ~/.gitconfig
# and the writer's own settings play no part) and NO_COLOR set; the first failing line stops it with
# its exit status. Environment: TOUR_KEEP=1 keeps the folder and prints where it is.
set -euo pipefail

readme="$(cd "$(dirname "$0")/.." && pwd)/README.md"
msx=${1:-$(command -v msx || true)}
if [ -z "$msx" ] || [ ! -x "$msx" ]; then
    echo "readme-tour: no msx binary (give its path, or put msx on the PATH)" >&2
    exit 2
fi
msx=$(cd "$(dirname "$msx")" && pwd)/$(basename "$msx")

tour=$(awk '/^## A five-minute tour/ { found = 1; next }
            found && /^```sh$/ { inside = 1; next }
            inside && /^```$/ { exit }
            inside { print }' "$readme")
if [ -z "$tour" ]; then
    echo "readme-tour: no sh block under '## A five-minute tour' in $readme" >&2
    exit 2
fi

folder=$(mktemp -d "${TMPDIR:-/tmp}/msx-tour.XXXXXX")
if [ "${TOUR_KEEP:-0}" = 1 ]; then
    echo "readme-tour: keeping $folder" >&2
else
    trap 'rm -rf "$folder"' EXIT
fi
mkdir -p "$folder/home" "$folder/work" "$folder/bin"
ln -s "$msx" "$folder/bin/msx"

cd "$folder/work"
env -i PATH="$folder/bin:/usr/local/bin:/usr/bin:/bin" HOME="$folder/home" NO_COLOR=1 LANG=C.UTF-8 \
    TZ="${TZ:-UTC}" GIT_CONFIG_NOSYSTEM=1 \
    bash -e -o pipefail -c "set -x
$tour" </dev/null
echo "readme-tour: every line of the tour ran ($(printf '%s\n' "$tour" | grep -c '^msx ') msx commands)" >&2
