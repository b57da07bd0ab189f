import ArgumentParser
import Foundation
import MsxKit

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
            a cookie of that page alone). Ctrl-C stops it. The server is the program msx-serve, installed beside msx \
            (make install puts it in PREFIX/libexec/msx).
            """,
            examples: [.init("msx serve", "Serve on a free port and print the address to open."),
                       .init("msx serve --port 8470", "Serve on port 8470.")]))

    @Option(help: ArgumentHelp("The port on 127.0.0.1 (default: any free one).", valueName: "n")) var port: UInt16 = 0
    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            // The project must open, as for any command, before the server is started for it.
            _ = try console.run(ProjectInfoAction(), emittingJSON: false)
            let server = try Self.server(beside: invocation.executablePath)
            console.flush()
            let arguments = [server, console.workingDirectory.path, String(port)]
            let pointers = arguments.map { strdup($0) } + [nil]
            execv(server, pointers)
            throw MsxError(.io, "cannot start \(server): \(String(cString: strerror(errno)))")
        }
    }

    /// msx-serve: beside this msx (a build folder, or bin/ with both installed), else in ../libexec/msx.
    static func server(beside executable: String) throws -> String {
        let folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [folder.appendingPathComponent("msx-serve"),
                          folder.deletingLastPathComponent().appendingPathComponent("libexec/msx/msx-serve")]
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw MsxError(.missingFile, "msx serve runs msx-serve, which is not beside \(folder.path) nor in "
                + "\(candidates[1].deletingLastPathComponent().path) (make install puts it there)")
        }
        return found.path
    }
}
