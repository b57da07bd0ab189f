import Foundation
import MsxKit

/// The writer's editor ($VISUAL, else $EDITOR), run on one file until it exits.
enum ExternalEditor {
    /// Opens `file` and waits. With `--json`, whatever the editor prints goes to standard error.
    /// - Throws: `no-editor` when neither variable is set, `editor-failed` when it cannot start or exits non-zero.
    static func edit(_ file: URL, console: Console, failure: String) throws {
        let env = console.environment
        guard let editor = env["VISUAL"] ?? env["EDITOR"], !editor.isEmpty else {
            throw MsxError(.noEditor, "set VISUAL or EDITOR to the editor msx should open")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\(editor) \"$1\"", "msx-edit", file.path]
        process.environment = env
        process.currentDirectoryURL = console.workingDirectory
        if console.json { process.standardOutput = FileHandle.standardError }
        do { try process.run() } catch {
            throw MsxError(.editorFailed, "could not start the editor '\(editor)'")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw MsxError(.editorFailed, "the editor exited with status \(process.terminationStatus); \(failure)")
        }
    }
}
