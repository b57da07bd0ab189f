import ArgumentParser
import Foundation
import MsxKit

struct Notes: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "notes",
        abstract: "Show, set or edit a document's notes.",
        discussion: ManualText.discussion(
            """
            A document's notes live in NAME.notes.md beside NAME.md: plain Markdown that moves, goes to the Trash, is \
            snapshotted, restored and merged with the document, and is never compiled. Any editor can open the file; \
            msx show DOC@REV --notes shows them as they were.
            """,
            examples: [
                .init("msx notes \"The Storm\"", "Print the notes."),
                .init("msx notes \"The Storm\" --append \"Check the tide tables.\"", "Add a paragraph at the end."),
                .init("msx notes \"The Storm\" --edit", "Open them in $VISUAL or $EDITOR."),
                .init("msx notes \"The Storm\" --set \"\"", "Remove them."),
            ]))

    @Argument(help: "The document (id, title or path).")
    var reference: String

    @Option(help: ArgumentHelp("Replace the notes with this Markdown (\"\": remove them).", valueName: "text"))
    var set: String?

    @Option(help: ArgumentHelp("Add this Markdown as a paragraph at the end.", valueName: "text"))
    var append: String?

    @Flag(help: "Open the notes in $VISUAL or $EDITOR, and save them when it exits.")
    var edit = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if [set != nil, append != nil, edit].filter({ $0 }).count > 1 {
            throw ValidationError("give one of --set, --append and --edit")
        }
    }

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            var change = set.map(NotesAction.Change.set) ?? append.map(NotesAction.Change.append)
            var (document, title) = (reference, reference)
            if edit {
                // Editing holds no lock while the editor is open: the notes are read, the project let go, and the
                // write opens it again, finding the document by id.
                let shown = try NotesAction(reference).run(from: console.workingDirectory)
                change = .set(try Self.edited(shown.notes, of: shown.document, console: console))
                (document, title) = (shown.document.id, shown.document.title)
            }
            let report: NotesReport?
            do {
                report = try console.run(NotesAction(document, change: change))
            } catch let error as MsxError where edit && error.code == .unknownReference {
                throw MsxError(.unknownReference, "'\(title)' left the binder while its notes were being changed; nothing was saved")
            }
            guard let report else { return }
            if change == nil {
                if report.notes.isEmpty { console.note("'\(report.document.title)' has no notes") } else { console.text(report.notes) }
            } else if report.changed {
                console.line(report.notes.isEmpty ? "notes of '\(report.document.title)' removed" : "notes of '\(report.document.title)' saved")
            }
        }
    }

    /// The notes after the writer edited a copy of them (so that the notes file is replaced in one write).
    private static func edited(_ notes: String, of node: BinderNode, console: Console) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("msx-notes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(node.notesPath.map { ($0 as NSString).lastPathComponent } ?? "notes.md")
        try Data(notes.utf8).write(to: file)
        try ExternalEditor.edit(file, console: console, failure: "the notes were not changed")
        return try FileIO.readText(file, displayPath: file.lastPathComponent)
    }
}
