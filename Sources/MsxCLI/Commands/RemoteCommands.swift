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
            guard case .list(let remotes) = try console.run(RemotesAction()) else { return }
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
            // A local path is kept absolute, so the remote still works from another folder.
            let location = url.contains(":") ? url : console.invocation.resolve(url).path
            guard case .added(_, let added) = try console.run(RemotesAction(.add(name: name, url: location))) else { return }
            console.line("added remote '\(name)' (\(added))")
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
            guard try console.run(RemotesAction(.remove(name))) != nil else { return }
            console.line("removed remote '\(name)'")
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
            let action = CloneAction(source, into: destination, executable: console.invocation.executablePath, environment: console.environment)
            guard let report = try console.run(action) else { return }
            console.line("cloned '\(report.title)' into \(report.path)")
        }
    }

    /// "lighthouse" for ".../lighthouse.git" or "host:books/lighthouse/".
    static func folderName(for url: String) -> String {
        let last = url.split(whereSeparator: { $0 == "/" || $0 == ":" }).last.map(String.init) ?? "project"
        return last.hasSuffix(".git") ? String(last.dropLast(4)) : last
    }
}
