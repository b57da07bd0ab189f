import ArgumentParser

/// The root command: its help, version and the list of subcommands.
struct Msx: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "msx",
        abstract: "Version, format and review book manuscripts kept as Markdown with rich formatting.",
        discussion: """
            A Manuscript project is a folder holding manuscript.json (the binder) and contents/ (Markdown documents \
            with JSON sidecars for formatting Markdown cannot say). msx finds the project by walking up from the \
            working folder; -C DIR (before the subcommand) runs as if started in DIR.

            Exit codes: 0 success, 1 user error, 3 damaged data, 64 usage error, 74 I/O error, 75 project busy.
            """,
        version: "0.1.0",
        subcommands: [
            Init.self, Templates.self, New.self, Tree.self, Move.self, Rename.self, Trash.self, Untrash.self,
            Meta.self, Format.self, Edit.self, Show.self, Check.self, Status.self, Snapshot.self, Log.self,
            Restore.self, Tag.self, Tags.self, Diff.self, Import.self, Compile.self, GitSetup.self, DiffDriver.self, TextConv.self,
        ]
    )
}
