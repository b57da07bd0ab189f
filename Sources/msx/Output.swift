import Foundation
import MsxKit

/// Where a command's report goes: text (paged on a terminal when long) or JSON, and errors.
final class Output {
    let json: Bool
    let color: Bool
    private var buffer = ""

    init(json: Bool, color: Bool) {
        self.json = json
        self.color = color
    }

    /// Colour only on a terminal, never with NO_COLOR.
    static var colorAllowed: Bool {
        isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
            && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }

    /// Adds a line of text output.
    func line(_ text: String = "") { buffer += text + "\n" }

    /// Adds text as is.
    func text(_ text: String) { buffer += text }

    /// Prints a JSON value (canonical form).
    func emit(_ value: JSONValue) { buffer += JSONWriter.string(value) }

    /// Wraps text in an ANSI colour when colour is on.
    func paint(_ text: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }

    /// A message for stderr that never goes into JSON output (progress, hints).
    func note(_ text: String) { FileHandle.standardError.write(Data((text + "\n").utf8)) }

    func discard() { buffer = "" }

    /// Writes the report, through a pager when it is longer than the terminal.
    func flush() {
        defer { buffer = "" }
        guard !buffer.isEmpty else { return }
        if !json, Pager.shouldPage(buffer), Pager.show(buffer) { return }
        FileHandle.standardOutput.write(Data(buffer.utf8))
    }

    /// Reports an error: one line on stderr, or `{"error": ...}` on stdout with `--json`.
    func fail(_ error: MsxError) {
        if json {
            let value: JSONValue = [
                "schemaVersion": 1,
                "error": ["code": .string(error.code), "message": .string(error.message), "exitCode": .int(Int(error.exitCode))],
            ]
            FileHandle.standardOutput.write(Data(JSONWriter.string(value).utf8))
        } else {
            FileHandle.standardError.write(Data("msx: \(error.message)\n".utf8))
        }
    }
}

/// Pages long output on a terminal: MSX_PAGER, then PAGER, then `less -FRX`.
enum Pager {
    static func shouldPage(_ text: String) -> Bool {
        guard isatty(STDOUT_FILENO) != 0 else { return false }
        var size = winsize()
        let rows = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_row > 0 ? Int(size.ws_row) : 24
        return text.reduce(0) { $1 == "\n" ? $0 + 1 : $0 } >= rows
    }

    static func show(_ text: String) -> Bool {
        let env = ProcessInfo.processInfo.environment
        let command = env["MSX_PAGER"] ?? env["PAGER"] ?? "less -FRX"
        guard !command.isEmpty, command != "cat" else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        var environment = env
        if environment["LESS"] == nil { environment["LESS"] = "FRX" }
        process.environment = environment
        let pipe = Pipe()
        process.standardInput = pipe
        do { try process.run() } catch { return false }
        pipe.fileHandleForWriting.write(Data(text.utf8))
        try? pipe.fileHandleForWriting.close()
        process.waitUntilExit()
        return true
    }
}
