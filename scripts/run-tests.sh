#!/usr/bin/env bash
# Runs the whole test suite (already built), one test class per process and one process per core, then prints every
# class's log, the tests that were skipped and why, and one closing line: "N passed, N failed, N skipped".
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

# Every test class runs in a process of its own (XCTest takes Module.Class), as many at once as there are cores, the
# next class starting as soon as one ends, so that no core waits while another works through a long list. The slowest
# classes start first so that none of them is left alone at the end; the list only orders, a class missing from it
# still runs.
classes=$("$bundle" --list-tests | sed -nE 's#^([A-Za-z0-9_]+\.[A-Za-z0-9_]+)/.*#\1#p' | sort -u)
slowest="MsxCLITests.LinearWorkTests MsxCLITests.RealProseMergeTests MsxCLITests.EpubCompileTests
MsxKitTests.MergeContractPropertyTests MsxCLITests.SyncTests MsxCLITests.BookSectionsTests
MsxCLITests.ReviewStructureTests MsxCLITests.MergeConflictTests MsxCLITests.ProjectMergePropertyTests"
ordered=$( (for class in $slowest; do grep -Fx "$class" <<<"$classes"; done; grep -Fvx -f <(tr ' ' '\n' <<<"$slowest") <<<"$classes") )
jobs=$(nproc 2>/dev/null || echo 2)
logs=$(mktemp -d "${TMPDIR:-/tmp}/msx-tests.XXXXXX")
trap 'rm -rf "$logs"' EXIT

# The tests see nothing of the caller's environment that could change a result (git's variables, msx's, XDG's,
# TZ, the locale): only what running them needs, and the variables the tests read.
hermetic=(env -i "PATH=$PATH" "HOME=$HOME" "TMPDIR=${TMPDIR:-/tmp}" "USER=${USER:-$(id -un)}" LANG=C.UTF-8)
for name in MSX_TEST_SCALE MSX_TEST_SEED MSX_BIN; do
    [ -n "${!name:-}" ] && hermetic+=("$name=${!name}")
done

run_class() {
    "${hermetic[@]}" "$bundle" "$1" >"$logs/$1.log" 2>&1
    echo $? >"$logs/$1.status"
}
running=0
for class in $ordered; do
    if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
    run_class "$class" &
    running=$((running + 1))
done
wait

passed=0 failed=0 skipped=0 ran=0 crashed=()
for class in $classes; do
    log="$logs/$class.log"
    cat "$log"
    # XCTest's own summary: "Executed 12 tests, with 1 test skipped and 0 failures (0 unexpected) in ..."
    line=$(grep -E "^[[:space:]]*Executed [0-9]+ tests?" "$log" | tail -n 1)
    executed=$(sed -nE 's/.*Executed ([0-9]+) tests?.*/\1/p' <<<"$line")
    skips=$(sed -nE 's/.* ([0-9]+) tests? skipped.*/\1/p' <<<"$line")
    failures=$(sed -nE 's/.* ([0-9]+) failures?.*/\1/p' <<<"$line")
    ran=$((ran + ${executed:-0}))
    skipped=$((skipped + ${skips:-0}))
    failed=$((failed + ${failures:-0}))
    # A class that crashed before its summary fails the run even though no test said it failed.
    if [ "$(cat "$logs/$class.status")" -ne 0 ] && [ "${failures:-0}" -eq 0 ]; then
        crashed+=("$class")
        failed=$((failed + 1))
    fi
done
all_logs=("$logs"/*.log)
passed=$((ran - skipped - failed + ${#crashed[@]}))
if grep -hq "Test skipped" "${all_logs[@]}"; then
    echo "Skipped, and why:"
    grep -h "Test skipped" "${all_logs[@]}" | sed -E 's/^.*: ([A-Za-z]+Tests\.[A-Za-z0-9_]+) : Test skipped - /  \1: /'
fi
# Repeated last, so that the tail of a long log (all CI keeps) names what failed and where.
if grep -hqE "error: |Test Case .* failed|Fatal error|Exited with (signal|unexpected)" "${all_logs[@]}" || [ ${#crashed[@]} -gt 0 ]; then
    echo "Failed, and why:"
    grep -hE "error: |Test Case .* failed|Fatal error|Exited with (signal|unexpected)" "${all_logs[@]}" | head -n 40
    for class in ${crashed[@]+"${crashed[@]}"}; do echo "  $class: its process ended with status $(cat "$logs/$class.status") before its summary"; done
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ] && [ "$ran" -gt 0 ]
