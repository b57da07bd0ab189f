import ArgumentParser
import MsxKit

struct Check: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the binder against the files; --repair fixes what is safe.",
        discussion: ManualText.discussion(
            """
            Errors (exit 1): missing files, duplicate ids, paths outside the project, formatting that cannot be \
            placed, damaged files, git's conflict markers left in a document by a merge outside msx (conflict-markers), lock files a killed git program left in .git (stale-lock: no process has one \
            open and it has not changed for ten seconds; --repair removes them). Warnings: stale sidecars, .md files not in the binder, leftover temporary files. \
            --repair saves re-anchored sidecars, brings back the last readable version of a sidecar that cannot be read \
            (one that came malformed from a collaborator's plain git, say; with none, sets it aside as NAME.damaged), re-attaches documents renamed or moved outside msx, found by their words as git finds \
            renames (each keeps its id, history, sidecar, notes and place; a folder renamed by hand keeps its id; a new \
            directory becomes a folder where the document stood), and adopts stray documents into the folder they were found in (or, outside every \
            binder folder, into a Recovered folder). A document whose file was deleted outside msx is brought back \
            from its last snapshot with --restore-missing, or taken out of the binder with --drop-missing. \
            The caches msx reads instead of the history and the files are proved too: the version index \
            (.msx/cache/versions) against a fresh reading of the history, the manifest's blob id (.msx/cache/manifest) \
            against the file's hash, the last version's files (.msx/cache/files) against its tree, the index's proved \
            checksum (.msx/cache/index) against the index's bytes, and git's index against every file whose size and \
            time it vouches for, and against its checksum (warning stale-cache; \
            --repair puts them right: a damaged index is built again from the last version).
            """,
            examples: [
                .init("msx check",
                      "Check the binder against the files (exit 3 when damaged)."),
                .init("msx check --repair --dry-run",
                      "Say what --repair would fix."),
                .init("msx check --repair --restore-missing",
                      "Fix what is safe; bring back deleted files from history."),
            ]))

    @Flag(help: "Fix what is safe to fix, and say what was done.")
    var repair = false

    @Flag(help: "With --repair: say what would be repaired, and change nothing.")
    var dryRun = false

    @Flag(help: "With --repair: bring back each document whose file was deleted outside msx, from its last snapshot.")
    var restoreMissing = false

    @Flag(help: "With --repair: take each document whose file was deleted outside msx out of the binder (its snapshots keep it).")
    var dropMissing = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if (restoreMissing || dropMissing) && !repair { throw ValidationError("--restore-missing and --drop-missing go with --repair") }
        if restoreMissing && dropMissing { throw ValidationError("choose one of --restore-missing and --drop-missing") }
        if dryRun && (!repair || restoreMissing || dropMissing) { throw ValidationError("--dry-run goes with --repair alone") }
    }

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            let action = CheckAction(from: console.workingDirectory, repair: repair, dryRun: dryRun,
                                     missing: restoreMissing ? .restore : dropMissing ? .drop : nil)
            let result = try console.run(action, emittingJSON: false)
            guard let report = result?.report else { return }
            if console.json {
                console.emit(try result!.json())
            } else {
                // Formatting that cannot be placed is summed up past ten runs a sidecar (--json lists every one).
                var unplaceable: [String: Int] = [:]
                for f in report.findings {
                    let tag = f.severity == .error ? console.paint("error", "31") : console.paint("warning", "33")
                    if case .lostFormatting(_, let sidecar) = f.detail {
                        unplaceable[sidecar, default: 0] += 1
                        if unplaceable[sidecar]! > 10 { continue }
                    }
                    console.line("\(tag): \(CheckWording.message(f))")
                }
                for (sidecar, count) in unplaceable.sorted(by: { $0.key < $1.key }) where count > 10 {
                    console.line("\(console.paint("error", "31")): \(sidecar): ... and \(count - 10) more runs whose words are gone"
                                 + " (msx check --json lists them all)")
                }
                for repair in report.repairs { console.line("\(dryRun ? "would repair" : "repaired"): \(CheckWording.line(repair))") }
                if report.findings.isEmpty { console.line("ok") }
            }
            if report.errorCount > 0 {
                console.flush()
                throw ExitCode(1)
            }
        }
    }
}
