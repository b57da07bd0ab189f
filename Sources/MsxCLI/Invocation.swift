import Foundation

/// The world one run of msx sees outside the project: its working folder, environment, standard streams, which of
/// them are terminals, and where its executable lives.
///
/// The real `msx` runs with `Invocation.process()`; tests and other front ends pass their own, so every command
/// can run in process with its output captured.
public struct Invocation: Sendable {
    /// The folder relative paths and references start from.
    public var workingDirectory: URL
    /// The environment variables msx reads (`MSX_AUTHOR`, `EDITOR`, `NO_COLOR`, `MSX_TEMPLATES`, ...).
    public var environment: [String: String]
    /// Reads all of standard input (for `--from -`).
    public var readInput: @Sendable () -> Data
    /// Standard output.
    public var standardOutput: TextSink
    /// Standard error.
    public var standardError: TextSink
    /// Which standard streams are terminals (colour, paging, progress and questions depend on it).
    public var terminals: Terminals
    /// msx's own executable: git is told to call it back, and installed templates are found beside it. The running
    /// process's, looked up only when a command asks (most never do), unless the invocation names one.
    public var executablePath: String { namedExecutable ?? Self.ownExecutable() }
    private var namedExecutable: String?

    /// Which of the standard streams are terminals.
    public struct Terminals: Sendable, Equatable {
        public var input: Bool
        public var output: Bool
        public var error: Bool

        /// No terminal at all: what tests and scripts get.
        public static let none = Terminals(input: false, output: false, error: false)

        public init(input: Bool, output: Bool, error: Bool) {
            self.input = input
            self.output = output
            self.error = error
        }
    }

    /// An invocation; `executablePath` names msx's executable (nil: this process's own).
    public init(workingDirectory: URL, environment: [String: String], readInput: @escaping @Sendable () -> Data,
                standardOutput: TextSink, standardError: TextSink, terminals: Terminals = .none, executablePath: String? = nil) {
        self.workingDirectory = workingDirectory
        self.environment = environment
        self.readInput = readInput
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.terminals = terminals
        namedExecutable = executablePath
    }

    /// The running process's own folder, environment, streams and executable.
    public static func process() -> Invocation {
        Invocation(
            workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
            environment: processEnvironment(),
            readInput: { FileHandle.standardInput.readDataToEndOfFile() },
            standardOutput: FileSink(FileHandle.standardOutput), standardError: FileSink(FileHandle.standardError),
            terminals: Terminals(input: isatty(STDIN_FILENO) != 0, output: isatty(STDOUT_FILENO) != 0,
                                 error: isatty(STDERR_FILENO) != 0))
    }

    /// The process's environment, read from environ(7) into a table made its size at once (Foundation's
    /// `ProcessInfo.environment` grew its table as it went). A name set twice keeps its
    /// first value, as getenv(3) reads it.
    private static func processEnvironment() -> [String: String] {
        #if canImport(Darwin)
        let environ = _NSGetEnviron().pointee!
        #endif
        var count = 0
        while environ[count] != nil { count += 1 }
        var variables = [String: String](minimumCapacity: count)
        for index in 0..<count {
            guard let entry = environ[index], let equals = strchr(entry, Int32(UInt8(ascii: "="))) else { continue }
            let name = String(decoding: UnsafeRawBufferPointer(start: entry, count: entry.distance(to: equals)), as: UTF8.self)
            if variables[name] == nil { variables[name] = String(cString: equals + 1) }
        }
        return variables
    }

    /// A folder named on the command line (`-C DIR`), relative to the working folder.
    func resolve(_ path: String) -> URL {
        URL(fileURLWithPath: path, relativeTo: workingDirectory).standardizedFileURL
    }

    /// The process's executable with symbolic links resolved.
    private static func ownExecutable() -> String {
        if let path = Bundle.main.executablePath { return URL(fileURLWithPath: path).resolvingSymlinksInPath().path }
        return URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    }
}

/// Somewhere text goes: a file handle, or memory for a captured run.
public protocol TextSink: AnyObject, Sendable {
    func write(_ text: String)
    /// Writes text given as UTF-8 bytes (whole characters).
    func write(bytes: [UInt8])
}

extension TextSink {
    public func write(bytes: [UInt8]) { write(String(decoding: bytes, as: UTF8.self)) }
}

/// Writes straight to a file handle (standard output or error).
public final class FileSink: TextSink {
    private let handle: FileHandle

    public init(_ handle: FileHandle) { self.handle = handle }

    public func write(_ text: String) { handle.write(Data(text.utf8)) }

    public func write(bytes: [UInt8]) { handle.write(Data(bytes)) }
}

/// Keeps everything written, for a caller that reads it afterwards; safe to write from several threads.
public final class CapturedText: TextSink, @unchecked Sendable {
    private let lock = NSLock()
    private var captured = ""

    public init() {}

    public func write(_ text: String) {
        lock.lock()
        captured += text
        lock.unlock()
    }

    /// Everything written so far.
    public var text: String {
        lock.lock()
        defer { lock.unlock() }
        return captured
    }
}
