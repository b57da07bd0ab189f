import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `read(2)` (the name `read` is taken by a test helper inside the test classes).
private func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }

/// A new pseudo-terminal: its master and slave file descriptors, or nil when the system has none to give.
private func openTerminal() -> (master: Int32, slave: Int32)? {
    #if os(Linux)
    // Glibc's Swift module does not export posix_openpt/grantpt/unlockpt/ptsname; use /dev/ptmx and its ioctls.
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    guard master >= 0 else { return nil }
    var unlock: Int32 = 0, number: UInt32 = 0
    let TIOCSPTLCK: UInt = 0x4004_5431, TIOCGPTN: UInt = 0x8004_5430
    guard ioctl(master, TIOCSPTLCK, &unlock) == 0, ioctl(master, TIOCGPTN, &number) == 0 else { close(master); return nil }
    let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
    #else
    let master = posix_openpt(O_RDWR | O_NOCTTY)
    guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else { return nil }
    let slave = open(name, O_RDWR | O_NOCTTY)
    #endif
    guard slave >= 0 else { close(master); return nil }
    return (master, slave)
}

extension MsxTestCase {
    /// Runs msx with standard output on a new pseudo-terminal and returns what it printed there (`\r\n` turned
    /// back into `\n`). `NO_COLOR` is unset unless `environment` gives it; `TERM` is `xterm-256color` unless given;
    /// `MSX_PAGER=cat` keeps any pager out. Output must stay small (it waits in the terminal's buffer).
    func runOnTerminal(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws -> String {
        guard let (master, slave) = openTerminal() else { throw XCTSkip("no pseudo-terminal available") }
        defer { close(master) }
        var env = MsxRunner.environment(["TERM": "xterm-256color", "MSX_PAGER": "cat"])
        env["NO_COLOR"] = nil
        env.merge(environment) { _, new in new }
        let process = Process()
        process.executableURL = try MsxRunner.requireBinary()
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { close(slave); throw error }
        process.waitUntilExit()
        close(slave)
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = readBytes(master, &buffer, buffer.count)
            if count <= 0 { break }
            output.append(contentsOf: buffer[0..<count])
        }
        XCTAssertEqual(process.terminationStatus, 0, "msx \(arguments) on a terminal")
        return String(decoding: output, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    }
}

/// Colour in `msx diff`: only on a terminal, never with `NO_COLOR`, `--no-color` or `TERM=dumb`; and the
/// `[-…-]{+…+}` markers read the same with or without it.
final class DiffColourTests: DiffTestCase {
    /// The escape character that starts every ANSI colour sequence.
    static let escape = "\u{1B}"

    /// `text` without its ANSI escape sequences.
    func plain(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    /// A Book with one word changed and one formatting change in Lamp.
    func makeChangedBook() throws -> Book {
        let book = try makeBook()
        try reviseLamp(Book.lampText.replacingOccurrences(of: "old", with: "brass"), in: book)
        try expect(0, "format", "Lamp", "--paragraph", "2", "--align", "center", in: book.root)
        return book
    }

    func testColourOnATerminal() throws {
        let book = try makeChangedBook()
        let coloured = try runOnTerminal(["diff"], in: book.root)
        XCTAssertTrue(coloured.contains(Self.escape), "colour on a terminal: \(coloured.debugDescription)")
        XCTAssertEqual(plain(coloured), try diff(in: book.root), "colour only decorates: the markers and words are the same")
        XCTAssertTrue(try runOnTerminal(["diff", "--stat"], in: book.root).contains(Self.escape), "--stat is coloured too")
    }

    func testNoColourWithNoColorOrDumbTerminalOrFlag() throws {
        let book = try makeChangedBook()
        let cases: [(String, [String], [String: String])] = [
            ("NO_COLOR=1", ["diff"], ["NO_COLOR": "1"]),
            ("--no-color", ["diff", "--no-color"], [:]),
            ("TERM=dumb", ["diff"], ["TERM": "dumb"]),
            ("--json", ["diff", "--json"], [:]),
        ]
        for (name, arguments, environment) in cases {
            let output = try runOnTerminal(arguments, in: book.root, environment: environment)
            XCTAssertFalse(output.isEmpty, name)
            XCTAssertFalse(output.contains(Self.escape), "\(name): \(output.debugDescription)")
        }
    }

    func testNoColourOffATerminal() throws {
        let book = try makeChangedBook()
        for arguments in [["diff"], ["diff", "--stat"], ["diff", "--word-diff"], ["diff", "--json"]] {
            // NO_COLOR empty counts as unset (no-color.org), so only the pipe keeps the colour away.
            let result = try MsxRunner.run(arguments, in: book.root, environment: ["NO_COLOR": "", "TERM": "xterm-256color"])
            assertExit(result, 0)
            XCTAssertFalse(result.stdout.isEmpty, "\(arguments)")
            XCTAssertFalse(result.output.contains(Self.escape), "\(arguments): \(result.stdout.debugDescription)")
        }
    }
}
