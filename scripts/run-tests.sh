#!/usr/bin/env bash
# Runs the whole test suite (already built) as two shards at once, one per core, then prints both logs, the tests
# that were skipped and why, and one closing line: "N passed, N failed, N skipped".
#
#   scripts/run-tests.sh
#
# Environment: SWIFT (default: swift), SCRATCH_PATH (SwiftPM scratch folder, default: .build), and what the tests
# read (MSX_TEST_SCALE, MSX_TEST_SEED, MSX_BIN); nothing else of the caller's environment reaches the tests.
set -uo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
scratch_args=()
[ -n "${SCRATCH_PATH:-}" ] && scratch_args=(--scratch-path "$SCRATCH_PATH")

# The test bundle SwiftPM built (two `swift test` at once would wait for each other's lock on the build folder).
bundle="$("$SWIFT" build ${scratch_args[@]+"${scratch_args[@]}"} --show-bin-path)/msxPackageTests.xctest"
[ -x "$bundle" ] || { echo "run-tests: $bundle is missing: run swift build --build-tests first" >&2; exit 1; }

# Two shards of about equal length, by test class: the core's tests with the history commands', and the other
# commands'. A class is given to XCTest as Module.Class; several are joined by commas.
classes=$("$bundle" --list-tests | sed -nE 's#^([A-Za-z0-9_]+\.[A-Za-z0-9_]+)/.*#\1#p' | sort -u)
first=$(grep -E '^(MsxKitTests\.|MsxCLITests\.History)' <<<"$classes" | paste -sd, -)
second=$(grep -vE '^(MsxKitTests\.|MsxCLITests\.History)' <<<"$classes" | paste -sd, -)
logs=$(mktemp -d "${TMPDIR:-/tmp}/msx-tests.XXXXXX")
trap 'rm -rf "$logs"' EXIT

# The tests see nothing of the caller's environment that could change a result (git's variables, msx's, XDG's,
# TZ, the locale): only what running them needs, and the variables the tests read.
hermetic=(env -i "PATH=$PATH" "HOME=$HOME" "TMPDIR=${TMPDIR:-/tmp}" "USER=${USER:-$(id -un)}" LANG=C.UTF-8)
for name in MSX_TEST_SCALE MSX_TEST_SEED MSX_BIN; do
    [ -n "${!name:-}" ] && hermetic+=("$name=${!name}")
done

"${hermetic[@]}" "$bundle" "$first" >"$logs/1" 2>&1 &
one=$!
"${hermetic[@]}" "$bundle" "$second" >"$logs/2" 2>&1 &
two=$!
wait $one; status1=$?
wait $two; status2=$?

passed=0 failed=0 skipped=0 ran=0
for shard in 1 2; do
    echo "===== shard $shard of 2 ====="
    cat "$logs/$shard"
    # XCTest's own summary: "Executed 120 tests, with 1 test skipped and 0 failures (0 unexpected) in ..."
    line=$(grep -E "^[[:space:]]*Executed [0-9]+ tests?" "$logs/$shard" | tail -n 1)
    executed=$(sed -nE 's/.*Executed ([0-9]+) tests?.*/\1/p' <<<"$line")
    skips=$(sed -nE 's/.* ([0-9]+) tests? skipped.*/\1/p' <<<"$line")
    failures=$(sed -nE 's/.* ([0-9]+) failures?.*/\1/p' <<<"$line")
    ran=$((ran + ${executed:-0}))
    skipped=$((skipped + ${skips:-0}))
    failed=$((failed + ${failures:-0}))
done
passed=$((ran - skipped - failed))
if grep -hq "Test skipped" "$logs/1" "$logs/2"; then
    echo "Skipped, and why:"
    grep -h "Test skipped" "$logs/1" "$logs/2" | sed -E 's/^.*: ([A-Za-z]+Tests\.[A-Za-z0-9_]+) : Test skipped - /  \1: /'
fi
# Repeated last, so that the tail of a long log (all CI keeps) names what failed and where.
if grep -hqE "error: |Test Case .* failed|Fatal error|Exited with (signal|unexpected)" "$logs/1" "$logs/2"; then
    echo "Failed, and why:"
    grep -hE "error: |Test Case .* failed|Fatal error|Exited with (signal|unexpected)" "$logs/1" "$logs/2" | head -n 40
fi
if [ "$status1" -ne 0 ] || [ "$status2" -ne 0 ]; then
    [ "$failed" -eq 0 ] && failed=1  # a shard that crashed before its summary still fails the run
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$status1" -eq 0 ] && [ "$status2" -eq 0 ] && [ "$ran" -gt 0 ]
