import ArgumentParser
import MsxKit

struct Check: MsxCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the binder against the files; --repair fixes what is safe.",
        discussion: """
            Errors (exit 1): missing files, duplicate ids, paths outside the project, formatting that cannot be \
            placed, damaged files. Warnings: stale sidecars, .md files not in the binder, leftover temporary files. \
            --repair saves re-anchored sidecars, re-attaches documents moved outside msx, and adopts stray \
            documents into a Recovered folder.
            """)

    @Flag(help: "Fix what is safe to fix, and say what was done.")
    var repair = false

    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            var checker = ProjectChecker(project: try console.openProject(forWriting: repair))
            let report = try checker.run(repair: repair)
            if console.json {
                console.report([
                    "ok": .bool(report.errorCount == 0),
                    "errors": .int(report.errorCount), "warnings": .int(report.findings.count - report.errorCount),
                    "findings": .array(report.findings.map { f in
                        ["severity": .string(f.severity.rawValue), "code": .string(f.code.rawValue), "path": .string(f.path),
                         "message": .string(f.message)]
                    }),
                    "repairs": .array(report.repairs.map { .string(Self.line($0)) }),
                ])
            } else {
                for f in report.findings {
                    let tag = f.severity == .error ? console.paint("error", "31") : console.paint("warning", "33")
                    console.line("\(tag): \(f.message)")
                }
                for repair in report.repairs { console.line("repaired: \(Self.line(repair))") }
                if report.findings.isEmpty { console.line("ok") }
            }
            if report.errorCount > 0 {
                console.flush()
                throw ExitCode(1)
            }
        }
    }

    /// A repair in words (also the `repairs` strings of the `--json` report).
    static func line(_ repair: CheckRepair) -> String {
        switch repair {
        case .recovered(.rolledBack): "rolled back an interrupted command"
        case .recovered(.completed): "completed an interrupted command"
        case .savedSidecar(let node): "saved the re-anchored sidecar of '\(node.title)'"
        case .removedTemporaryFile(let path): "removed \(path)"
        case .reattached(let node, let path): "'\(node.title)' was moved outside msx to \(path): kept its id \(node.id)"
        case .adopted(let path, let node): "adopted \(path) into Recovered as '\(node.title)' (\(node.id))"
        }
    }
}
