import Foundation
import MsxHistory
import MsxModel
import MsxProject

/// What came across from a Scrivener project, and what could not.
public struct ScrivenerImportOutcome: Sendable {
    public var documents = 0
    public var folders = 0
    /// Snapshots recorded as versions of their documents.
    public var snapshots = 0
    /// Files kept as they are (PDFs, pictures, web archives), each shown by a document of its own.
    public var files = 0
    /// What could not come across, one line each, naming the item ("Chapter 3: its text (content.rtf) is missing").
    public var problems: [String] = []
}

/// Brings a Scrivener project into a new msx project, with its history: the binder and its order, titles,
/// synopses, labels, statuses, keywords, compile flags and targets, each text through the RTF reader, files kept as
/// research, and every snapshot a version of its document, dated and titled as in Scrivener, oldest first, before
/// a last version holding the project as it is.
public struct ScrivenerImporter {
    let scrivener: ScrivenerProject
    let files: ScrivenerFiles
    /// Each document's notes, as documents of the Notes folder ("Arrival (notes)"), until msx keeps notes with
    /// their document.
    private var notes: [OutlineItem] = []
    /// The project's styles (a document's formatting is stated over them).
    private var sheet: StyleSheet?
    private(set) var outcome = ScrivenerImportOutcome()

    public init(_ scrivener: ScrivenerProject) {
        self.scrivener = scrivener
        files = ScrivenerFiles(scrivener)
    }

    /// Fills `history`'s project (new, from the blank template) and records the versions.
    public mutating func run(into history: ProjectHistory, author: Author?) throws -> ScrivenerImportOutcome {
        var project = history.project
        let draft = try setUpBinder(&project)
        sheet = project.styleSheet
        // The items, where they go: the draft's, the research's (with any other top-level item), the trash's.
        var placed: [(items: [ScrivenerProject.Item], folder: BinderNode)] = []
        let roots = project.manifest.binder
        func root(_ role: String) -> BinderNode? { roots.first { $0.role == role } }
        var research: [ScrivenerProject.Item] = [], trash: [ScrivenerProject.Item] = []
        for item in scrivener.items {
            switch item.kind {
            case .draftFolder: placed.append((item.children, draft))
            case .researchFolder: research += item.children
            case .trashFolder: trash += item.children
            default: research.append(item)
            }
        }
        if let folder = root("research") { placed.append((research, folder)) }
        if let folder = root("trash") { placed.append((trash, folder)) }
        let notesFolder = root("notes")
        var snapshotted: [(node: BinderNode, item: ScrivenerProject.Item)] = []
        for (items, folder) in placed where !items.isEmpty {
            let outline = items.flatMap { self.outline($0) }
            var editor = BinderEditor(project: project)
            let change = try editor.create(outline.map(\.item), in: folder)
            project = try Project(root: project.root, forWriting: true)
            // The created nodes come in outline order; each text item's node is the first of its title there.
            let sources = outline.flatMap(\.sources)
            for (node, source) in zip(change.nodes.filter { $0.kind == .document }, sources) where source.map({ !files.snapshots(of: $0).isEmpty }) ?? false {
                snapshotted.append((node, source!))
            }
        }
        if let notesFolder, !notes.isEmpty {
            var editor = BinderEditor(project: project)
            _ = try editor.create(notes, in: notesFolder)
            project = try Project(root: project.root, forWriting: true)
        }
        let reopened = try ProjectHistory.existing(project)
        try recordSnapshots(snapshotted, in: reopened, author: author)
        return outcome
    }

    /// The project's binder as items to import into a folder, its texts without history (`msx import
    /// Book.scriv`): a folder of the project's title holding its draft and its other top-level folders (not its
    /// trash), and a Notes folder of the documents' notes.
    mutating func importedOutline(sheet: StyleSheet) -> (item: OutlineItem, problems: [String]) {
        self.sheet = sheet
        var children: [OutlineItem] = []
        for item in scrivener.items where item.kind != .trashFolder {
            children += outline(item).map(\.item)
        }
        if !notes.isEmpty { children.append(OutlineItem(BinderEditor.NewNode(title: "Notes", kind: .folder), children: notes)) }
        return (OutlineItem(BinderEditor.NewNode(title: scrivener.title, kind: .folder), children: children), outcome.problems)
    }

    // MARK: Binder

    /// Sets the project's title, labels, statuses and target as Scrivener had them, names the draft as Scrivener
    /// named it, and empties the draft the blank template made; returns the draft folder.
    private mutating func setUpBinder(_ project: inout Project) throws -> BinderNode {
        var manifest = project.manifest
        var transaction = project.transaction()
        manifest.title = scrivener.title
        if !scrivener.labels.isEmpty { manifest.labels = scrivener.labels.map(\.name) }
        if !scrivener.statuses.isEmpty { manifest.statuses = scrivener.statuses }
        manifest.labelColors = Dictionary(scrivener.labels.compactMap { label in label.color.map { (label.name, $0) } }) { first, _ in first }
        manifest.keywordColors = scrivener.keywordColors
        if let target = scrivener.draftTarget {
            manifest.target = [:]
            if let words = target.words { manifest.target["words"] = .int(words) }
            if let deadline = target.deadline { manifest.target["deadline"] = .string(deadline) }
        }
        if let session = scrivener.sessionTarget { manifest.target["session"] = .int(session) }
        guard let draftIndex = manifest.binder.firstIndex(where: { $0.role == "draft" }) else {
            throw MsxError(.unexpected, "the blank template has no draft folder")
        }
        for child in manifest.binder[draftIndex].children {
            _ = manifest.remove(child.id)
            transaction.delete(child.path)
        }
        if let draftItem = scrivener.items.first(where: { $0.kind == .draftFolder }) { manifest.binder[draftIndex].title = draftItem.title }
        try project.commit(transaction, manifest: manifest)
        return manifest.binder[draftIndex]
    }

    /// An item as the nodes msx makes of it, each document with the item its text comes from: a folder of its
    /// children; a text; a text with children as a folder holding the text first, then the children; a file as a
    /// document showing (a picture) or linking to (anything else) the file beside it.
    private mutating func outline(_ item: ScrivenerProject.Item) -> [(item: OutlineItem, sources: [ScrivenerProject.Item?])] {
        switch item.kind {
        case .folder, .draftFolder, .researchFolder, .trashFolder:
            outcome.folders += 1
            let children = item.children.flatMap { outline($0) }
            var node = BinderEditor.NewNode(title: item.title, kind: .folder, synopsis: files.synopsis(of: item),
                                            label: item.label, status: item.status)
            node.keywords = item.keywords
            node.includeInCompile = item.includeInCompile
            // A folder's own text, when it has some, is its first document.
            let text = files.text(of: item).flatMap { _ in document(item, title: item.title) }
            let own = text.map { [(item: OutlineItem($0), sources: [Optional(item)])] } ?? []
            return [(OutlineItem(node, children: (own + children).map(\.item)), (own + children).flatMap(\.sources))]
        case .text:
            guard let node = document(item, title: item.title) else { return [] }
            outcome.documents += 1
            guard !item.children.isEmpty else { return [(OutlineItem(node), [item])] }
            outcome.folders += 1
            let children = item.children.flatMap { outline($0) }
            var folder = BinderEditor.NewNode(title: item.title, kind: .folder, label: item.label, status: item.status)
            folder.includeInCompile = item.includeInCompile
            return [(OutlineItem(folder, children: [OutlineItem(node)] + children.map(\.item)), [item] + children.flatMap(\.sources))]
        case .file(let type):
            guard let url = files.content(of: item), let data = try? Data(contentsOf: url) else {
                outcome.problems.append("\(item.title): its \(type) file is missing")
                return []
            }
            outcome.files += 1
            // Named by the title and the bytes: two files of one title stay two, and no name is one msx keeps for itself.
            var ext = url.pathExtension.isEmpty ? "bin" : url.pathExtension.lowercased()
            if ["md", "json"].contains(ext) { ext += ".txt" }
            let name = "\(Slug.make(item.title))-\(TextHash.fnv1a64([UInt8](data)).prefix(8)).\(ext)"
            let markdown = ImportedDocument.pictureName(data) != nil ? "![](\(name))\n" : "[\(item.title)](\(name))\n"
            var node = BinderEditor.NewNode(title: item.title, markdown: markdown, synopsis: files.synopsis(of: item),
                                            label: item.label, status: item.status)
            node.files = [name: data]
            node.keywords = item.keywords
            node.includeInCompile = item.includeInCompile
            return [(OutlineItem(node), [nil])]
        }
    }

    /// A text item as a new document: its text through the RTF reader, its metadata. A missing or unreadable text is
    /// an empty document, reported.
    private mutating func document(_ item: ScrivenerProject.Item, title: String) -> BinderEditor.NewNode? {
        var node = BinderEditor.NewNode(title: title, synopsis: files.synopsis(of: item), label: item.label, status: item.status)
        node.keywords = item.keywords
        node.target = item.target
        node.includeInCompile = item.includeInCompile
        if let url = files.text(of: item) {
            do {
                let composed = try compose(url, of: item)
                (node.markdown, node.sidecar, node.files) = (composed.document.markdown.sourceText, composed.document.sidecar, composed.pictures)
            } catch {
                outcome.problems.append("\(item.title): its text (\(url.lastPathComponent)) could not be read: \((error as? MsxError)?.message ?? "\(error)")")
            }
        }
        if let url = files.notes(of: item) {
            do {
                let composed = try compose(url)
                var note = BinderEditor.NewNode(title: "\(title) (notes)", markdown: composed.document.markdown.sourceText,
                                                sidecar: composed.document.sidecar)
                note.files = composed.pictures
                note.includeInCompile = false
                notes.append(OutlineItem(note))
                outcome.problems.append("\(item.title): its notes are the document '\(title) (notes)' in a Notes folder (msx keeps no notes with a document yet)")
            } catch {
                outcome.problems.append("\(item.title): its notes (\(url.lastPathComponent)) could not be read: \((error as? MsxError)?.message ?? "\(error)")")
            }
        }
        return node
    }

    /// An RTF file as msx's document, with the pictures it shows; `item`'s comments and footnotes where its text
    /// links to them.
    private func compose(_ url: URL, of item: ScrivenerProject.Item? = nil) throws -> (document: RichDocument, pictures: [String: Data]) {
        let read = try RTFReader.read([UInt8](try FileIO.readData(url, displayPath: url.path)))
        let imported = ScrivenerComments(item.flatMap(files.comments)).applied(to: read, author: scrivener.author ?? "", date: "")
        guard let sheet else { throw MsxError(.unexpected, "the project's styles were not read before its documents") }
        let composed = try ImportComposer(sheet: sheet).compose(imported)
        return (composed.document, imported.pictures(shownIn: imported.paragraphs))
    }

    // MARK: History

    /// Records each snapshot as a version of its document, oldest first (a snapshot whose text equals the one
    /// before too: the writer took it on purpose), then the project as it is now.
    private mutating func recordSnapshots(_ documents: [(node: BinderNode, item: ScrivenerProject.Item)], in history: ProjectHistory,
                                          author: Author?) throws {
        var events: [(snapshot: ScrivenerFiles.Snapshot, node: BinderNode)] = []
        for (node, item) in documents { events += files.snapshots(of: item).map { ($0, node) } }
        events.sort { ($0.snapshot.date, $0.node.path) < ($1.snapshot.date, $1.node.path) }
        var project = history.project
        var today: [String: RichDocument] = [:]
        for (node, _) in documents { today[node.id] = try project.loadDocument(node, sourceMap: false) }
        for (snapshot, node) in events {
            guard let composed = try? compose(snapshot.file, of: documents.first(where: { $0.node.id == node.id })?.item) else {
                outcome.problems.append("\(node.title): the snapshot '\(snapshot.title)' of \(snapshot.date.date) could not be read")
                continue
            }
            try project.replace(node, with: composed.document, files: composed.pictures)
            _ = try ProjectHistory.existing(project).snapshot(
                [node], message: snapshot.title, author: author,
                time: VersionTime(date: snapshot.date.date, offsetMinutes: snapshot.date.offsetMinutes), recordingUnchanged: true)
            outcome.snapshots += 1
        }
        for (node, _) in documents { if let document = today[node.id] { try project.replace(node, with: document) } }
        _ = try ProjectHistory.existing(project).snapshot(message: "Imported from Scrivener: \(scrivener.title)", author: author)
    }
}
