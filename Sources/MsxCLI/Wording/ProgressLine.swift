import Foundation
import MsxKit

/// One line of progress on standard error, rewritten in place ("\r..."), shown only when standard error is a
/// terminal, and cleared at the end. Updates may come from any thread.
final class ProgressLine: @unchecked Sendable {
    private let invocation: Invocation
    private let lock = NSLock()
    private var shown = false

    init(_ invocation: Invocation) { self.invocation = invocation }

    /// Whether anything will be shown.
    var isVisible: Bool { invocation.terminals.error }

    /// Runs `update` under the line's lock; the text it returns, if any, replaces the line.
    func update(_ update: () -> String?) {
        lock.lock()
        defer { lock.unlock() }
        guard let text = update() else { return }
        shown = true
        invocation.standardError.write("\r" + text)
    }

    /// Clears the line, if one was shown.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if shown { invocation.standardError.write("\r\u{1B}[K") }
    }
}
