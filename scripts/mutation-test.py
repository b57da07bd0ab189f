#!/usr/bin/env python3
"""Plants small, realistic bugs in msx's core one at a time and checks that the tests catch each one.

  scripts/mutation-test.py            every mutation, each against the test classes of its area
  scripts/mutation-test.py --full     every mutation against the whole suite (slower)
  scripts/mutation-test.py ID ...     only these mutations

For each mutation the source file is changed, the tests are built (in .build-mutation, so the main build is left
alone) and run; the mutation is *killed* when the tests fail. The file is always put back. Prints one line per
mutation and the score; exits 1 when any mutation survives, 2 when one no longer applies (its text is gone).
Run by `make soak`. Environment: SWIFT (default: swift).
"""
import os
import pathlib
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
SCRATCH = ROOT / ".build-mutation"
SWIFT = os.environ.get("SWIFT", "swift")

ANCHORING = "MsxKitTests.AnchoringPlacementTests|MsxKitTests.AnchoringPropertyTests|MsxCLITests.OutsideEditTests"
SNAPSHOT = "MsxCLITests.HistorySnapshotTests|MsxCLITests.HistoryStatusTests|MsxKitTests.HistoryTests"
RESTORE = "MsxCLITests.HistoryRestoreTests"
RECOVERY = "MsxCLITests.CrashSafetyTests|MsxCLITests.BinderCommandTests|MsxKitTests.ProjectTests"

# (id, area, file under Sources/, text to find (exactly once), replacement, tests to run)
MUTATIONS = [
    ("anchor-far-copy", "re-anchoring picks the nearest place", "MsxModel/Sidecar/Anchoring.swift",
     "for (i, hash) in hashes.enumerated() where hash == paragraph.textHash && !claimed.contains(i) {\n"
     "            if best == nil || abs(i - paragraph.index) < abs(best! - paragraph.index) { best = i }",
     "for (i, hash) in hashes.enumerated() where hash == paragraph.textHash && !claimed.contains(i) {\n"
     "            if best == nil || abs(i - paragraph.index) > abs(best! - paragraph.index) { best = i }",
     ANCHORING),
    ("anchor-far-similar", "re-anchoring picks the nearest paragraph", "MsxModel/Sidecar/Anchoring.swift",
     "guard headMatches || tailMatches else { continue }\n"
     "            if best == nil || abs(i - paragraph.index) < abs(best! - paragraph.index) { best = i }",
     "guard headMatches || tailMatches else { continue }\n"
     "            if best == nil || abs(i - paragraph.index) > abs(best! - paragraph.index) { best = i }",
     ANCHORING),
    ("anchor-far-paragraph", "re-anchoring picks the nearest paragraph", "MsxModel/Sidecar/Anchoring.swift",
     "return da != db ? da < db :", "return da != db ? da > db :", ANCHORING),
    ("anchor-far-offset", "re-anchoring picks the nearest place", "MsxModel/Sidecar/Anchoring.swift",
     "abs(a.offset - run.start) < abs(b.offset - run.start)", "abs(a.offset - run.start) > abs(b.offset - run.start)",
     ANCHORING),
    ("snapshot-ignores-settings", "a snapshot of metadata alone", "MsxHistory/Snapshot.swift",
     "guard !included.isEmpty || (documents.isEmpty && manifestChanged) || theirs != nil else {",
     "guard !included.isEmpty || theirs != nil else {",
     SNAPSHOT),
    ("snapshot-stale-manifest", "the manifest a snapshot commits", "MsxHistory/Snapshot.swift",
     "        if documents.isEmpty {\n            try put(Manifest.fileName)",
     "        if documents.isEmpty && !included.isEmpty {\n            try put(Manifest.fileName)",
     SNAPSHOT),
    ("snapshot-stale-index", "git status is clean after a snapshot", "MsxHistory/Snapshot.swift",
     "try repository.refreshIndex(paths: touched)", "try repository.refreshIndex(paths: [])", SNAPSHOT),
    ("restore-all-no-safety", "the safety snapshot of restore --all", "MsxHistory/Restore.swift",
     "        }\n        let safety = dryRun ? nil : try snapshot(message: \"Before restore to \\(revision)\", author: author, reanchoring: false).version",
     "        }\n        let safety: GitOID? = nil",
     RESTORE),
    ("restore-no-safety", "the safety snapshot of restore", "MsxHistory/Restore.swift",
     "        let old = try document(documentID, at: version)\n"
     "        let safety = dryRun ? nil : try snapshot(message: \"Before restore to \\(revision)\", author: author, reanchoring: false).version",
     "        let old = try document(documentID, at: version)\n        let safety: GitOID? = nil",
     RESTORE),
    ("recover-skips-deletions", "recovery finishes deletions", "MsxProject/Project/Journal.swift",
     "            try finish(writes: writes, deletions: deletions, paths: paths)",
     "            try finish(writes: writes, deletions: [], paths: paths)", RECOVERY),
    ("recover-skips-writes", "recovery finishes writes", "MsxProject/Project/Journal.swift",
     "            try finish(writes: writes, deletions: deletions, paths: paths)",
     "            try finish(writes: [], deletions: deletions, paths: paths)", RECOVERY),
    ("recover-no-rollback", "recovery undoes moves", "MsxProject/Project/Journal.swift",
     "            try apply(moves: moves, paths: paths, reverse: true)\n",
     "", RECOVERY),
    ("commit-skips-deletions", "a transaction deletes", "MsxProject/Project/Journal.swift",
     "        try Self.finish(writes: staged, deletions: deletions, paths: paths)",
     "        try Self.finish(writes: staged, deletions: [], paths: paths)", RECOVERY),
]


def run(arguments, log):
    """Runs a command with its output in `log`; returns its exit status."""
    with open(log, "w") as out:
        return subprocess.call(arguments, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)


def build(log):
    return run([SWIFT, "build", "--build-tests", "--scratch-path", str(SCRATCH)], log)


def test(filter_, log):
    arguments = [SWIFT, "test", "--skip-build", "--scratch-path", str(SCRATCH)]
    if filter_:
        arguments += ["--filter", filter_]
    return run(arguments, log)


def main(argv):
    full = "--full" in argv
    chosen = [a for a in argv if not a.startswith("--")]
    mutations = [m for m in MUTATIONS if not chosen or m[0] in chosen]
    logs = SCRATCH / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    print(f"mutation testing: {len(mutations)} mutations, {'the whole suite' if full else 'tests of each area'}",
          flush=True)
    everything = None if full else "|".join(sorted({m[5] for m in mutations}))
    if build(logs / "baseline-build.log") != 0 or test(everything, logs / "baseline-test.log") != 0:
        print(f"the unmutated tests do not pass; see {logs}", file=sys.stderr)
        return 2
    survivors, broken = [], []
    for ident, area, relative, find, replace, filter_ in mutations:
        path = ROOT / "Sources" / relative
        original = path.read_text(encoding="utf-8")
        if original.count(find) != 1:
            broken.append(ident)
            print(f"  {ident}: does not apply ({relative} has the text {original.count(find)} times)", flush=True)
            continue
        started = time.time()
        try:
            path.write_text(original.replace(find, replace), encoding="utf-8")
            if build(logs / f"{ident}-build.log") != 0:
                outcome = "killed (does not compile)"
            elif test(None if full else filter_, logs / f"{ident}-test.log") != 0:
                outcome = "killed"
            else:
                outcome = "SURVIVED"
                survivors.append(ident)
        finally:
            path.write_text(original, encoding="utf-8")
        print(f"  {ident} ({area}): {outcome} in {time.time() - started:.0f} s", flush=True)
    tried = len(mutations) - len(broken)
    print(f"mutation score: {tried - len(survivors)}/{tried} killed"
          + (f"; survived: {', '.join(survivors)}" if survivors else ""), flush=True)
    if broken:
        return 2
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
