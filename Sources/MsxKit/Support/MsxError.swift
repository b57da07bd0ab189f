import Foundation

/// The one error type of MsxKit. Its message names the file and the problem in words a writer understands.
public struct MsxError: Error, LocalizedError, Equatable, Sendable {
    /// What went wrong, which decides the exit code.
    public enum Kind: String, Sendable {
        /// The command line asked for something impossible (exit 64).
        case usage
        /// The writer's request cannot be met: a bad reference, a selection matching nothing (exit 1).
        case user
        /// Files on disk are damaged or unreadable: malformed JSON, invalid UTF-8, a newer format (exit 3).
        case damaged
        /// Another msx command holds the project (exit 75, EX_TEMPFAIL).
        case busy
        /// The file system refused an operation (exit 74, EX_IOERR).
        case io
    }

    public let kind: Kind
    /// A stable machine-readable code (e.g. `ambiguous-reference`) for `--json` errors.
    public let code: String
    public let message: String

    public init(_ kind: Kind, code: String, _ message: String) {
        self.kind = kind
        self.code = code
        self.message = message
    }

    public var errorDescription: String? { message }

    /// The documented process exit code for this error.
    public var exitCode: Int32 {
        switch kind {
        case .usage: return 64
        case .user: return 1
        case .damaged: return 3
        case .busy: return 75
        case .io: return 74
        }
    }
}

extension MsxError {
    static func user(_ code: String, _ message: String) -> MsxError { MsxError(.user, code: code, message) }
    static func damaged(_ code: String, _ message: String) -> MsxError { MsxError(.damaged, code: code, message) }
    static func usage(_ code: String, _ message: String) -> MsxError { MsxError(.usage, code: code, message) }
    static func io(_ path: String, _ error: Error) -> MsxError {
        MsxError(.io, code: "io", "\(path): \(describe(error))")
    }

    private static func describe(_ error: Error) -> String {
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return ns.localizedDescription
    }
}
