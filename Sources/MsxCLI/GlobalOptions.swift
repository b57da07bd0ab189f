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

    @Flag(name: .customLong("no-pager"), help: "Never page long output.")
    var noPager = false

    /// Runs a command body with a console on `invocation` (`-C` applied), turning MsxKit errors into one line (or a
    /// JSON error) and the documented exit code.
    func run(in invocation: Invocation, _ body: (Console) throws -> Void) throws {
        let workingDirectory = directory.map(invocation.resolve) ?? invocation.workingDirectory
        let console = Console(invocation, workingDirectory: workingDirectory, json: json, noColor: noColor, noPager: noPager)
        do {
            try body(console)
            console.flush()
            if console.exitStatus != 0 { throw ExitCode(console.exitStatus) }
        } catch let error as MsxError {
            console.discard()
            console.fail(error)
            throw ExitCode(error.exitCode)
        }
    }
}
