import ArgumentParser
import Foundation
import MsxKit

/// `msx -C DIR ...` runs as if started in DIR, as `git -C` does; the rest is ArgumentParser's.
@main
enum Entrypoint {
    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        while arguments.count >= 2, arguments[0] == "-C" {
            guard FileManager.default.changeCurrentDirectoryPath(arguments[1]) else {
                FileHandle.standardError.write(Data("msx: cannot change to '\(arguments[1])': no such folder\n".utf8))
                exit(64)
            }
            arguments.removeFirst(2)
        }
        signal(SIGPIPE, SIG_DFL)
        arguments = Format.normalize(arguments)
        do {
            var command = try Msx.parseAsRoot(arguments)
            try command.run()
        } catch {
            // With --json, usage errors come as JSON on stdout too, like every other error.
            let code = Msx.exitCode(for: error)
            if error is ExitCode { exit(code.rawValue) }  // the command already reported it
            if arguments.contains("--json"), code.rawValue != 0 {
                let value: JSONValue = [
                    "schemaVersion": 1,
                    "error": ["code": .string(code.rawValue == 64 ? "usage" : "error"), "message": .string(Msx.message(for: error)),
                              "exitCode": .int(Int(code.rawValue))],
                ]
                FileHandle.standardOutput.write(Data(JSONWriter.string(value).utf8))
                exit(code.rawValue)
            }
            Msx.exit(withError: error)
        }
    }
}

struct Msx: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "msx",
        abstract: "Version, format and review book manuscripts kept as Markdown with rich formatting.",
        discussion: """
            A Manuscript project is a folder holding manuscript.json (the binder) and contents/ (Markdown documents \
            with JSON sidecars for formatting Markdown cannot say). msx finds the project by walking up from the \
            working folder; -C DIR (before the subcommand) runs as if started in DIR.

            Exit codes: 0 success, 1 user error, 3 damaged data, 64 usage error, 74 I/O error, 75 project busy.
            """,
        version: "0.1.0",
        subcommands: [
            Init.self, Templates.self, New.self, Tree.self, Move.self, Rename.self, Trash.self, Untrash.self,
            Meta.self, Format.self, Edit.self, Show.self, Check.self, Status.self, Snapshot.self, Log.self,
            Restore.self, Tag.self, Tags.self, Diff.self, Import.self, Compile.self, GitSetup.self, DiffDriver.self, TextConv.self,
        ]
    )
}
