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
    if readelf -S "$binary" | grep -q '\.debug_info'; then
        objcopy --only-keep-debug "$binary" "$binary.debug"
        objcopy --strip-debug --add-gnu-debuglink="$binary.debug" "$binary"
    fi
done
