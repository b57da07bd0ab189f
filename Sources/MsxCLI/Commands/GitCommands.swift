import ArgumentParser
import Foundation
import MsxKit

struct GitSetup: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "git-setup",
        abstract: "Make git tools show msx's diff and use msx's merge for this project's documents.",
        discussion: ManualText.discussion(
            """
            Writes diff.msx.command, diff.msx.textconv and merge.msx.driver into .git/config (with msx's absolute \
            path) and '*.md diff=msx', '*.md merge=msx' and 'manuscript.json merge=msx' into the project's \
            .gitattributes. Then `git diff` and `git log -p --ext-diff` show words and formatting as msx diff does \
            (a plain `git log -p` shows a line diff of the plain text), and `git merge` and `git pull` merge \
            documents word by word and the binder by node id, as msx merge does; the same words changed on both \
            sides are left between git's conflict markers. `msx init` runs this; run it again after moving msx.
            """,
            examples: [
                .init("msx git-setup",
                      "Make git diff, git log -p, git show and git merge use msx for this project."),
            ]))

    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            guard let report = try console.run(GitSetupAction(executable: console.invocation.executablePath)) else { return }
            console.line("git now shows msx's diff for *.md in this project (driver: \(report.driver))")
        }
    }
}

struct DiffDriver: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff-driver", abstract: "git's external diff driver (called by git, not by people).", shouldDisplay: false)

    @Argument(help: "path old-file old-hex old-mode new-file new-hex new-mode, as git passes them.")
    var arguments: [String] = []

    func run(in invocation: Invocation) throws {
        guard arguments.count >= 7 else { throw ValidationError("git passes 7 arguments to an external diff driver") }
        do {
            let comparison = try GitDiffDriver.compare(path: arguments[0], oldFile: arguments[1], oldHex: arguments[2],
                                                       newFile: arguments[4], newHex: arguments[5], workingDirectory: invocation.workingDirectory)
            var text = "msx diff \(arguments[0])  +\(comparison.diff.wordsAdded) / -\(comparison.diff.wordsRemoved) words\n"
            for line in DiffText.render(comparison.diff, old: comparison.oldTexts, new: comparison.newTexts,
                                        images: (comparison.oldImages, comparison.newImages), paint: { t, _ in t }) {
                text += "  " + line + "\n"
            }
            if comparison.diff.isEmpty { text += "  (no difference in the words or the formatting)\n" }
            invocation.standardOutput.write(text)
        } catch let error as MsxError {
            invocation.standardError.write("msx: \(ErrorWording.message(error))\n")
            throw ExitCode(error.exitCode)
        }
    }
}

struct MergeDriver: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-driver", abstract: "git's merge driver (called by git, not by people).", shouldDisplay: false)

    @Argument(help: "ancestor current other path, as git passes them (%O %A %B %P).")
    var arguments: [String] = []

    func run(in invocation: Invocation) throws {
        guard arguments.count >= 4 else { throw ValidationError("git passes 4 arguments to this merge driver (%O %A %B %P)") }
        let files = arguments.prefix(3).map { URL(fileURLWithPath: $0, relativeTo: invocation.workingDirectory) }
        do {
            let outcome = try GitMergeDriver.merge(path: arguments[3], ancestor: files[0], current: files[1], other: files[2],
                                                   environment: invocation.environment, folder: invocation.workingDirectory)
            for note in outcome.notes { invocation.standardError.write("msx: \(arguments[3]): \(note)\n") }
            if outcome.conflicts > 0 {
                invocation.standardError.write("msx: \(arguments[3]): \(outcome.conflicts) place(s) where both sides changed the same "
                    + (arguments[3].hasSuffix(".md") ? "words, between conflict markers\n" : "formatting\n"))
                throw ExitCode(1)
            }
        } catch let error as MsxError {
            invocation.standardError.write("msx: \(ErrorWording.message(error))\n")
            throw ExitCode(error.exitCode)
        }
    }
}

struct TextConv: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "textconv", abstract: "Print a Markdown file's plain text, one paragraph a line (for git's textconv).", shouldDisplay: false)

    @Argument(help: "The file.") var file: String

    func run(in invocation: Invocation) throws {
        do {
            let markdown = MarkdownDocument(try FileIO.readText(URL(fileURLWithPath: file), displayPath: file))
            let paragraphs = RichDocument(markdown: markdown, sidecar: nil).resolved(with: StyleSheet(manifest: .empty))
            invocation.standardOutput.write(PlainText.render(paragraphs))
        } catch let error as MsxError {
            invocation.standardError.write("msx: \(ErrorWording.message(error))\n")
            throw ExitCode(error.exitCode)
        }
    }
}
