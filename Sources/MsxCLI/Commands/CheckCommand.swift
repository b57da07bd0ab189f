import ArgumentParser
import MsxKit

struct Check: MsxCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the binder against the files; --repair fixes what is safe.",
        discussion: """
            Errors (exit 1): missing files, duplicate ids, paths outside the project, formatting that cannot be \
            placed, damaged files. Warnings: stale sidecars, .md files not in the binder, leftover temporary files. \
            --repair saves re-anchored sidecars, re-attaches documents renamed or moved outside msx (a renamed one \
            keeps its place), and adopts stray documents into the folder they were found in (or, outside every \
            binder folder, into a Recovered folder).
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
                         "message": .string(Self.message(f))]
                    }),
                    "repairs": .array(report.repairs.map { .string(Self.line($0)) }),
                ])
            } else {
                for f in report.findings {
                    let tag = f.severity == .error ? console.paint("error", "31") : console.paint("warning", "33")
                    console.line("\(tag): \(Self.message(f))")
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
        case .adopted(let path, let node, let folder): "adopted \(path) into \(folder) as '\(node.title)' (\(node.id))"
        }
    }

    /// A finding in words (also the `message` of the `--json` report).
    static func message(_ finding: CheckFinding) -> String {
        let path = finding.path
        switch finding.detail {
        case .duplicateID(let id, let first, let second): return "id \(id) is used by '\(first)' and '\(second)'"
        case .unusualID(let id): return "id '\(id)' is not 12 hex digits"
        case .pathOutsideFolder(let node, let folder): return "'\(node.title)' is at \(node.path), outside its folder \(folder)"
        case .pathOutsideContents(let node): return "top-level folder '\(node.title)' is not under contents/"
        case .missingFile(let node):
            return "document '\(node.title)' (\(node.id)) is missing its file"
                + " (msx restore \(node.id) brings back its last snapshot)"
        case .lostFormatting(let loss, let sidecar): return "\(sidecar): \(FormattingLossWording.line(loss))"
        case .staleSidecar(let sidecar): return "\(sidecar): out of date after an outside edit (re-anchored in memory)"
        case .temporaryFile: return "\(path): left over by an interrupted write"
        case .notInBinder: return "\(path): not in the binder (msx check --repair adopts it)"
        case .unreadable(let error): return error.message
        }
    }
}
