import MsxKit

/// An error's message as the command line prints it: the core's words (the problem and the file), then, where the
/// command line has one, what to type next.
enum ErrorWording {
    static func message(_ error: MsxError) -> String {
        error.message + (hint(for: error.code) ?? "")
    }

    private static func hint(for code: MsxError.Code) -> String? {
        switch code {
        case .noChange: " (for example --bold or --align center)"
        case .ambiguousMatch: "; choose one with --occurrence N or all of them with --occurrence all"
        case .noHistory: " (msx snapshot records the first version)"
        case .unknownReference: " (try msx tree)"
        case .unknownMilestone: " (see msx tags)"
        case .unknownRevision: " (see msx log)"
        default: nil
        }
    }
}
