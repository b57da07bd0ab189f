import ArgumentParser

/// The root command: its help, version and the list of subcommands.
struct Msx: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "msx",
        abstract: "Version, format and review book manuscripts kept as Markdown with rich formatting.",
        discussion: ManualText.discussion(
            """
            A Manuscript project is a folder holding manuscript.json (the binder) and contents/ (Markdown documents \
            with JSON sidecars for formatting Markdown cannot say). msx finds the project by walking up from the \
            working folder; -C DIR (before the subcommand) runs as if started in DIR.

            Versions are named the same way in every command, with git's revision syntax: an id or a unique prefix, \
            a milestone by name (any case), HEAD, and steps from them: HEAD~2, HEAD^2, "first draft"~1, \
            HEAD@{2026-11-01} or @{yesterday} (the newest version by the end of that day). msx adds ~N, a \
            document's Nth version before its last, and {DATE} for HEAD@{DATE}. A document at a version is REF@REV; \
            the project at a version is --at REV; diff compares --from REV with --to REV.

            Exit codes: 0 success, 1 user error, 3 damaged data, 64 usage error, 74 I/O error, 75 project busy.
            """,
            examples: [
                .init("msx init lighthouse --template novel --title \"The Lighthouse\"",
                      "Create a project from the novel template."),
                .init("msx -C ~/books/lighthouse status",
                      "Run a command as if started in the project folder."),
                .init("msx snapshot -m \"Chapter 3 drafted\" && msx log -n 5",
                      "Record a version, then list the last five."),
                .init("msx tree --json | jq \".binder[0].title\"",
                      "Every command that reports takes --json for scripts."),
            ],
            environment: [
                ("MSX_AUTHOR", "The author versions are signed with (\"Name <mail>\"); else git's user.name and user.email."),
                ("MSX_PAGER, PAGER", "The pager for long output (default: less -FRX); --no-pager turns it off."),
                ("NO_COLOR", "Set to anything: no colour, even on a terminal."),
                ("MSX_TEMPLATES", "A folder of extra templates for msx init and msx templates."),
                ("VISUAL, EDITOR", "The editor msx edit opens."),
                ("SSH_AUTH_SOCK, MSX_SSH_KEY, MSX_SSH_PASSPHRASE",
                 "ssh credentials for clone, pull, push and sync: ssh-agent, then this private key (else ~/.ssh/id_ed25519, id_ecdsa, id_rsa)."),
                ("MSX_SSH_KNOWN_HOSTS", "The known_hosts file ssh servers are checked against (default: ~/.ssh/known_hosts)."),
                ("MSX_GIT_USERNAME, MSX_GIT_PASSWORD, NETRC",
                 "https credentials when the URL has none: these, else the netrc file (default: ~/.netrc)."),
                ("GIT_SSL_CAINFO",
                 "A PEM file of the certificate authorities https servers are checked against, instead of the system's."),
                ("GIT_CONFIG_GLOBAL, GIT_CONFIG_NOSYSTEM, HOME, XDG_CONFIG_HOME",
                 "Where git configuration (user.name, user.email) is read, exactly as git reads it."),
            ]),
        version: "0.1.0",
        subcommands: [
            Init.self, Templates.self, New.self, Tree.self, Move.self, Rename.self, Trash.self, Untrash.self,
            Meta.self, Format.self, Edit.self, Show.self, Check.self, Status.self, Snapshot.self, Log.self,
            Restore.self, Tag.self, Tags.self, Diff.self, Search.self, Stats.self, Target.self, Notes.self, Blame.self, Import.self, Compile.self, Review.self, Comment.self, Comments.self, Clone.self, Remote.self, Pull.self,
            Push.self, Sync.self, Branch.self, Switch.self, Merge.self, Conflicts.self, Resolve.self, Serve.self, GitSetup.self, DiffDriver.self, MergeDriver.self, TextConv.self,
        ]
    )
}
