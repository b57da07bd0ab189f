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
            // Editing holds no lock while the editor is open: the project is read, let go, then opened again for the
            // write, and the document found by id.
            let (node, current) = try { () throws -> (BinderNode, String) in
                let project = try console.openProject()
                let node = try project.references(from: console.workingDirectory).document(reference)
                guard node.kind == .document else {
                    throw MsxError(.notADocument, "'\(node.title)' is a folder, not a document: only documents have notes")
                }
                return (node, try project.notes(of: node) ?? "")
            }()
            var notes = current
            if let set { notes = set.isEmpty || set.hasSuffix("\n") ? set : set + "\n" }
            if let append {
                let paragraph = append.hasSuffix("\n") ? append : append + "\n"
                notes = current.isEmpty ? paragraph : current + (current.hasSuffix("\n\n") ? "" : current.hasSuffix("\n") ? "\n" : "\n\n") + paragraph
            }
            if edit { notes = try Self.edited(current, of: node, console: console) }
            if notes != current {
                var project = try console.openProject(forWriting: true)
                guard let now = project.manifest.node(id: node.id) else {
                    throw MsxError(.unknownReference, "'\(node.title)' left the binder while its notes were being changed; nothing was saved")
                }
                try project.setNotes(notes, of: now)
            }
            let writing = set != nil || append != nil || edit
            if console.json {
                console.report(["document": .string(node.id), "path": .optional(node.notesPath), "notes": .optional(notes.isEmpty ? nil : notes),
                                "changed": .bool(notes != current)])
            } else if !writing {
                if notes.isEmpty { console.note("'\(node.title)' has no notes") } else { console.text(notes) }
            } else if notes != current {
                console.line(notes.isEmpty ? "notes of '\(node.title)' removed" : "notes of '\(node.title)' saved")
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
