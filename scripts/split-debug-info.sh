#!/usr/bin/env bash
# Moves each binary's debug information into BINARY.debug beside it, leaving a link to it (.gnu_debuglink) that
# gdb, valgrind and perf follow: the binary a writer installs carries no debug information, and the debug file can
# be kept or shipped apart. A binary already split (no .debug_info: SwiftPM did not link it again) is left alone.
#
#   scripts/split-debug-info.sh BINARY...
set -euo pipefail

if ! command -v objcopy >/dev/null 2>&1; then
    echo "msx: objcopy not found (apt-get install binutils); the binaries keep their debug information" >&2
    exit 0
fi
for binary in "$@"; do
    # The section list is read whole before it is searched: `grep -q` stops at the first match, and readelf, still
    # writing, then fails the pipeline (pipefail) and the binary was left with its debug information.
    sections=$(readelf -S "$binary")
    if grep -q '\.debug_info' <<<"$sections"; then
        objcopy --only-keep-debug "$binary" "$binary.debug"
        objcopy --strip-debug --add-gnu-debuglink="$binary.debug" "$binary"
    fi
done
