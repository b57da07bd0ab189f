import ArgumentParser
import Foundation
import MsxKit

struct Remote: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remote",
        abstract: "List, add or remove the remotes a project syncs with.",
        discussion: ManualText.discussion(
            """
            A remote is any git repository: a folder or bare repository (a path or file://), a server over ssh \
            (ssh://host/path or user@host:path, with ssh-agent or a key in ~/.ssh), or smart HTTP(S) (user name and \
            password from the URL, MSX_GIT_USERNAME and MSX_GIT_PASSWORD, or ~/.netrc).
            """,
            examples: [
                .init("msx remote add origin ssh://me@example.com/srv/books/lighthouse.git", "Sync with a server over ssh."),
                .init("msx remote add usb /media/usb/lighthouse.git", "Or with a bare repository on a USB stick."),
                .init("msx remote", "List the remotes."),
            ]),
        subcommands: [RemoteList.self, RemoteAdd.self, RemoteRemove.self],
        defaultSubcommand: RemoteList.self)
}

struct RemoteList: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the remotes and their URLs.",
        discussion: ManualText.discussion("", examples: [.init("msx remote list --json", "The remotes, for scripts.")]))

    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            let remotes = try console.openHistory().remotes()
            if console.json {
                console.report(["remotes": .array(remotes.map { ["name": .string($0.name), "url": .string($0.url)] })])
                return
            }
            let width = remotes.map(\.name.count).max() ?? 0
            for remote in remotes { console.line(remote.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + remote.url) }
            if remotes.isEmpty { console.line("No remotes (msx remote add NAME URL adds one).") }
        }
    }
}

struct RemoteAdd: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a remote.",
        discussion: ManualText.discussion("A local path is kept absolute, so the remote works from any folder.", examples: [
            .init("msx remote add origin https://git.example.com/me/lighthouse.git", "A smart-HTTP host."),
            .init("msx remote add backup ../lighthouse-backup.git", "A bare repository beside the project."),
        ]))

    @Argument(help: "The remote's name (origin, usb, ...).") var name: String
    @Argument(help: "Its URL or path.") var url: String
    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            let history = try console.openHistory(forWriting: true, create: true)
            // A local path is kept absolute, so the remote still works from another folder.
            let location = url.contains(":") ? url : console.invocation.resolve(url).path
            let remote = try history.addRemote(name, url: location)
            if console.json { console.report(["remote": ["name": .string(name), "url": .string(remote.url)]]) } else {
                console.line("added remote '\(name)' (\(remote.url))")
            }
        }
    }
}

struct RemoteRemove: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a remote (nothing on it is touched).",
        discussion: ManualText.discussion("", examples: [.init("msx remote remove backup", "Forget the remote named backup.")]),
        aliases: ["rm"])

    @Argument(help: "The remote's name.") var name: String
    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            try console.openHistory(forWriting: true).removeRemote(name)
            if console.json { console.report(["removed": .string(name)]) } else { console.line("removed remote '\(name)'") }
        }
    }
}

struct Clone: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "clone",
        abstract: "Copy a project, with its whole history, from a remote.",
        discussion: ManualText.discussion(
            "The copy remembers the remote as origin, so msx sync in it needs no more.",
            examples: [
                .init("msx clone ssh://me@example.com/srv/books/lighthouse.git", "Into ./lighthouse."),
                .init("msx clone /media/usb/lighthouse.git ~/books/lighthouse", "From a bare repository on a USB stick."),
            ]))

    @Argument(help: "The remote's URL or path.") var url: String
    @Argument(help: "The folder to create (default: the remote's last path component).") var directory: String?
    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            let source = url.contains(":") ? url : console.invocation.resolve(url).path
            let destination = URL(fileURLWithPath: directory ?? Self.folderName(for: url), isDirectory: true,
                                  relativeTo: console.workingDirectory).standardizedFileURL
            let history = try TransferReporter(console).run { try ProjectHistory.clone(source, into: destination, $0) }
            try history.configureGitDiff(executable: console.invocation.executablePath)
            if console.json {
                console.report(["path": .string(destination.path), "title": .string(history.project.manifest.title),
                                "version": .optional(try history.head()?.description)])
            } else {
                console.line("cloned '\(history.project.manifest.title)' into \(destination.path)")
            }
        }
    }

    /// "lighthouse" for ".../lighthouse.git" or "host:books/lighthouse/".
    static func folderName(for url: String) -> String {
        let last = url.split(whereSeparator: { $0 == "/" || $0 == ":" }).last.map(String.init) ?? "project"
        return last.hasSuffix(".git") ? String(last.dropLast(4)) : last
    }
}

/// A transfer's progress on standard error, on a terminal only ("transferring objects: 45% (450/1000)"), and a note
/// for each ssh host key added to known_hosts.
final class TransferReporter: @unchecked Sendable {
    private let line: ProgressLine
    private let console: Console
    private var last = -1

    init(_ console: Console) {
        self.console = console
        line = ProgressLine(console.invocation)
    }

    /// Runs a transfer with these options, then clears the progress line.
    func run<T>(_ transfer: (TransferOptions) throws -> T) rethrows -> T {
        defer { line.finish() }
        var progress: TransferProgress?
        if line.isVisible { progress = { [self] done, total in report(done, total) } }
        let errors = console.invocation.standardError
        return try transfer(TransferOptions(environment: console.environment, progress: progress) { host, fingerprint, file in
            errors.write("msx: added \(host)'s host key (\(fingerprint)) to \(file)\n")
        })
    }

    private func report(_ done: Int, _ total: Int) {
        guard total > 0 else { return }
        line.update {
            let percent = done * 100 / total
            guard percent != last else { return nil }
            last = percent
            return "transferring objects: \(percent)% (\(done)/\(total))"
        }
    }
}
