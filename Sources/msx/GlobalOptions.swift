import ArgumentParser
import Foundation
import MsxKit

/// Options every subcommand takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .customShort("C"), help: ArgumentHelp("Run as if msx was started in this folder.", valueName: "dir"))
    var directory: String?

    @Flag(help: "Print machine-readable JSON (with schemaVersion) instead of text.")
    var json = false

    @Flag(name: .customLong("no-color"), help: "Never colour the output.")
    var noColor = false

    /// The folder the command runs from.
    var workingDirectory: URL {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        guard let directory else { return cwd }
        return URL(fileURLWithPath: directory, relativeTo: cwd).standardizedFileURL
    }

    /// Opens the project containing the working folder; commands that write take the write lock first.
    func openProject(forWriting: Bool = false) throws -> Project {
        try Project.open(from: workingDirectory, forWriting: forWriting)
    }

    /// Runs a command body, turning MsxKit errors into one line (or a JSON error) and the documented exit code.
    func run(_ body: (Output) throws -> Void) throws {
        let output = Output(json: json, color: !noColor && Output.colorAllowed)
        do {
            try body(output)
            output.flush()
        } catch let error as MsxError {
            output.discard()
            output.fail(error)
            throw ExitCode(error.exitCode)
        }
    }
}

extension Project {
    /// The folder a command adds to: `reference` when given (relative to `workingDirectory`), else the Draft.
    func destinationFolder(_ reference: String?, from workingDirectory: URL) throws -> BinderNode {
        if let reference { return try references(from: workingDirectory).folder(reference) }
        guard let draft = manifest.roleFolder("draft") else {
            throw MsxError(.damaged, code: "no-draft", "manuscript.json: the binder has no Draft folder")
        }
        return draft
    }
}
