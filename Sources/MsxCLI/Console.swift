import Foundation
import MsxKit

/// One command's view of its invocation: where it runs, what it reads, and its report (text, paged on a terminal
/// when long, or JSON) and errors.
final class Console {
    let invocation: Invocation
    /// The folder the command runs from (`-C` applied).
    let workingDirectory: URL
    let json: Bool
    let color: Bool
    /// Whether long output may go through a pager (not with --no-pager).
    let paging: Bool
    /// The exit status of a command that succeeded but has something to say by it (`diff --exit-code`: 1 when
    /// there are differences); 0 otherwise.
    var exitStatus: Int32 = 0
    private var buffer = ""

    init(_ invocation: Invocation, workingDirectory: URL, json: Bool, noColor: Bool, noPager: Bool = false) {
        self.invocation = invocation
        self.workingDirectory = workingDirectory
        self.json = json
        color = !noColor && Self.colorAllowed(invocation)
        paging = !noPager
    }

    /// Colour only on a terminal, never with NO_COLOR or TERM=dumb.
    private static func colorAllowed(_ invocation: Invocation) -> Bool {
        invocation.terminals.output && (invocation.environment["NO_COLOR"].map(\.isEmpty) ?? true)
            && invocation.environment["TERM"] != "dumb"
    }

    var environment: [String: String] { invocation.environment }

    // MARK: Input

    /// Reads a file named on the command line (standard input for `-`), strictly as UTF-8.
    func readInput(_ name: String) throws -> String {
        if name == "-" { return try FileIO.decodeUTF8(invocation.readInput(), displayPath: "standard input") }
        return try FileIO.readText(URL(fileURLWithPath: name, relativeTo: workingDirectory), displayPath: name)
    }

    /// Asks a yes/no question on a terminal; off a terminal the answer is no (scripts pass --yes).
    func confirm(_ question: String) -> Bool {
        guard invocation.terminals.input else { return false }
        invocation.standardError.write("\(question) [y/N] ")
        return readLine()?.lowercased().hasPrefix("y") == true
    }

    // MARK: Report

    /// Adds a line of text output (control characters in it escaped, `TerminalSafeText`).
    func line(_ text: String = "") { buffer += formatted(text) }

    /// A line as `line` adds it, for output made a piece at a time (`stream`).
    func formatted(_ text: String) -> String { TerminalSafeText.escaped(text, keepingColour: color) + "\n" }

    /// Adds a document's own text (as `show --as text` prints it): as it is, except that on a terminal its control
    /// characters are shown escaped (`TerminalSafeText`), so a crafted document cannot drive the terminal.
    func text(_ text: String) { buffer += onTerminal(text) }

    /// `text` made safe when it goes to a terminal.
    private func onTerminal(_ text: String) -> String {
        invocation.terminals.output ? TerminalSafeText.escaped(text, keepingColour: color) : text
    }

    /// Adds output made a piece at a time. Off a terminal, and always for JSON, it goes out in chunks of `chunk`
    /// bytes as it comes, so a long document is never held whole (and a reader that stops early, `| head`, stops
    /// the work); on a terminal it is kept for the pager.
    func stream(chunk size: Int = 1 << 16, _ produce: ((String) -> Void) -> Void) {
        streamBytes(chunk: size) { sink in
            withoutActuallyEscaping(sink) { sink in produce { sink(Array($0.utf8)) } }
        }
    }

    /// `stream` for output made as UTF-8 bytes, each piece whole characters (JSON written a piece at a time): the
    /// pieces go out as they are made, with no string made of each.
    func streamBytes(chunk size: Int = 1 << 16, _ produce: (([UInt8]) -> Void) -> Void) {
        guard json || !paging || !invocation.terminals.output else {
            return produce { buffer += onTerminal(String(decoding: $0, as: UTF8.self)) }
        }
        let output = invocation.standardOutput
        var chunk = Array(buffer.utf8)
        buffer = ""
        produce { piece in
            chunk += piece
            if chunk.count >= size {
                output.write(bytes: chunk)
                chunk.removeAll(keepingCapacity: true)
            }
        }
        output.write(bytes: chunk)
    }

    /// Adds a JSON value (canonical form) that is a whole report already.
    func emit(_ value: JSONValue) { buffer += JSONWriter.string(value) }

    /// Adds a JSON report: `fields` in the envelope every report has.
    func report(_ fields: [String: JSONValue]) { emit(JSONEnvelope.wrap(fields)) }

    /// Wraps text in an ANSI colour when colour is on.
    func paint(_ text: String, _ code: String) -> String { Self.paint(text, code, when: color) }

    /// `text` in the SGR colour `code` when `colour`, else as it is.
    static func paint(_ text: String, _ code: String, when colour: Bool) -> String { colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }

    /// A message for stderr that never goes into JSON output (progress, hints).
    func note(_ text: String) { invocation.standardError.write(TerminalSafeText.escaped(text, keepingColour: false) + "\n") }

    /// Notes `warnings` on standard error, each "warning: ...": the first `shown`, then how many more (a damaged
    /// sidecar can hold a hundred thousand runs that cannot be placed; `--json` lists every one).
    func warn(_ warnings: [String], shown: Int = 10) {
        for warning in warnings.prefix(shown) { note("warning: \(warning)") }
        if warnings.count > shown { note("warning: ... and \(warnings.count - shown) more like these (--json lists them all)") }
    }

    func discard() { buffer = "" }

    /// Writes the report, through a pager when it is longer than the terminal.
    func flush() {
        defer { buffer = "" }
        guard !buffer.isEmpty else { return }
        if !json, paging, invocation.terminals.output, Pager.shouldPage(buffer), Pager.show(buffer, environment: environment) {
            return
        }
        invocation.standardOutput.write(buffer)
    }

    /// Reports an error: one line on stderr, or `{"error": ...}` on stdout with `--json`.
    func fail(_ error: MsxError) {
        if json {
            let value = JSONEnvelope.error(error.code, message: ErrorWording.message(error), exitStatus: error.exitCode)
            invocation.standardOutput.write(JSONWriter.string(value))
        } else {
            invocation.standardError.write("msx: \(TerminalSafeText.escaped(ErrorWording.message(error), keepingColour: false))\n")
        }
    }
}

/// Pages long output on a terminal: MSX_PAGER, then PAGER, then `less -FRX`.
enum Pager {
    static func shouldPage(_ text: String) -> Bool {
        var size = winsize()
        let rows = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_row > 0 ? Int(size.ws_row) : 24
        return text.reduce(0) { $1 == "\n" ? $0 + 1 : $0 } >= rows
    }

    static func show(_ text: String, environment: [String: String]) -> Bool {
        let command = environment["MSX_PAGER"] ?? environment["PAGER"] ?? "less -FRX"
        guard !command.isEmpty, command != "cat" else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        var environment = environment
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
