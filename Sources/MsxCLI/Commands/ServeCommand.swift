import ArgumentParser
import Foundation
import MsxKit
import MsxServe

struct Serve: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the project's review pages to your browser, until interrupted.",
        discussion: ManualText.discussion(
            """
            The pages show the binder with its progress against the targets, each document's history as a timeline, \
            the changes between any two versions as tracked changes with the formatting named, the comments, another \
            draft's changes (an editor's review) to accept or reject one by one, the conflicts of a merge to settle, and \
            the statistics. Every change made there is made by the same code as the commands, and the pages follow \
            the files: an edit in another program shows within a second. The server listens on 127.0.0.1 only, and \
            answers only the address it prints, which carries a random key: open that address (the key then stays in \
            a cookie of that page alone). Ctrl-C stops it.
            """,
            examples: [.init("msx serve", "Serve on a free port and print the address to open."),
                       .init("msx serve --port 8470", "Serve on port 8470.")]))

    @Option(help: ArgumentHelp("The port on 127.0.0.1 (default: any free one).", valueName: "n")) var port: UInt16 = 0
    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            let server = try ProjectServer(directory: console.workingDirectory, port: port)
            let output = invocation.standardOutput
            let finished = DispatchSemaphore(value: 0)
            let failure = ServeFailure()
            Task {
                do {
                    try await server.run { url in output.write("msx serve: \(url.absoluteString)  (Ctrl-C stops)\n") }
                } catch {
                    failure.error = error
                }
                finished.signal()
            }
            finished.wait()
            if let error = failure.error {
                throw MsxError(.io, "cannot serve on 127.0.0.1:\(port): \(error.localizedDescription)")
            }
        }
    }
}

/// Carries the server's failure out of its task.
private final class ServeFailure: @unchecked Sendable {
    var error: (any Error)?
}
