import Foundation
import MsxModel
import MsxProject

/// What an import did (or, with `dryRun`, would do).
public struct ImportOutcome: Sendable {
    /// Documents and folders created, in binder order.
    public var nodes: [BinderNode]
    /// One event per node created.
    public var events: [BinderEvent]
    /// What the readers skipped or repaired, with the file each is about (as the caller named it).
    public var warnings: [(file: String, warning: ImportWarning)]
    /// Named styles added to the project.
    public var addedStyles: [String]
}

/// The file kinds msx imports, by extension.
public enum ImportFormat: String, CaseIterable, Sendable {
    case markdown, text, rtf, docx, fountain, fdx

    public init?(extension ext: String) {
        switch ext.lowercased() {
        case "md", "markdown": self = .markdown
        case "txt", "text": self = .text
        case "rtf": self = .rtf
        case "docx": self = .docx
        case "fountain", "spmd": self = .fountain
        case "fdx": self = .fdx
        default: return nil
        }
    }
}

/// Reads files and folders from outside the project into binder items: a folder becomes a binder folder (its files
/// in natural name order), a file a document, or one document per heading with `splitHeadings`.
/// Each folder is read once (a link back to one already being read is left out, so a link loop ends), and no folder
/// of the project itself is read.
struct Importer {
    let composer: ImportComposer
    let splitHeadings: Int?
    /// Whether a Word file's tracked changes are taken or undone.
    let changes: TrackedChanges
    /// The project's root, resolved: imported folders never reach into it.
    let projectRoot: String
    private(set) var warnings: [(file: String, warning: ImportWarning)] = []
    private(set) var styles: [String: Attributes] = [:]
    /// Folders already read, resolved.
    private var seenFolders = Set<String>()

    init(sheet: StyleSheet, splitHeadings: Int?, changes: TrackedChanges, projectRoot: URL) {
        composer = ImportComposer(sheet: sheet)
        self.splitHeadings = splitHeadings
        self.changes = changes
        self.projectRoot = Self.resolved(projectRoot)
    }

    mutating func items(for url: URL, displayPath: String) throws -> [OutlineItem] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw MsxError(.missingFile, "\(displayPath): file not found")
        }
        if isFolder.boolValue, url.pathExtension.lowercased() == "scriv" {
            var scrivener = ScrivenerImporter(try ScrivenerProject.read(url))
            let (item, problems, notes) = scrivener.importedOutline(sheet: composer.sheet)
            warnings += problems.map { (displayPath, ImportWarning.notBroughtIn($0)) } + notes.map { (displayPath, ImportWarning.reshaped($0)) }
            return [item]
        }
        if isFolder.boolValue {
            let folder = Self.resolved(url)
            if Self.contains(folder, projectRoot) || Self.contains(projectRoot, folder) {
                throw MsxError(.unsupportedImport, "\(displayPath): holds this project or is inside it; import a folder outside the project")
            }
            return [try folderItem(url, displayPath: displayPath)]
        }
        guard let format = ImportFormat(extension: url.pathExtension) else {
            throw MsxError(.unsupportedImport, "\(displayPath): msx imports .md, .markdown, .txt, .rtf, .docx, .fountain and .fdx files")
        }
        return try documentItems(url, format: format, displayPath: displayPath)
    }

    private mutating func folderItem(_ url: URL, displayPath: String) throws -> OutlineItem {
        seenFolders.insert(Self.resolved(url))
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: url.path)
        } catch {
            throw MsxError.io(displayPath, error)
        }
        var children: [OutlineItem] = []
        for name in names.filter({ !$0.hasPrefix(".") }).sorted(by: Self.naturalOrder) {
            let child = url.appendingPathComponent(name)
            let childPath = displayPath + "/" + name
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: child.path, isDirectory: &isFolder)
            if isFolder.boolValue {
                let folder = Self.resolved(child)
                if seenFolders.contains(folder) {
                    warnings.append((childPath, .folderSeenAgainSkipped))
                } else if Self.contains(projectRoot, folder) || Self.contains(folder, projectRoot) {
                    warnings.append((childPath, .projectFolderSkipped))
                } else {
                    children.append(try folderItem(child, displayPath: childPath))
                }
            } else if let format = ImportFormat(extension: child.pathExtension) {
                children += try documentItems(child, format: format, displayPath: childPath)
            } else {
                warnings.append((childPath, .unsupportedFileSkipped))
            }
        }
        let title = url.lastPathComponent
        return OutlineItem(BinderEditor.NewNode(title: title, kind: .folder), children: children)
    }

    /// A path with every link on the way followed.
    private static func resolved(_ url: URL) -> String { url.resolvingSymlinksInPath().standardizedFileURL.path }

    /// Whether `inner` is `outer` or inside it (both resolved).
    private static func contains(_ outer: String, _ inner: String) -> Bool { inner == outer || inner.hasPrefix(outer + "/") }

    /// Natural name order: "Chapter 2" before "Chapter 10", case ignored.
    static func naturalOrder(_ a: String, _ b: String) -> Bool {
        a.compare(b, options: [.caseInsensitive, .numeric]) == .orderedAscending
    }

    private mutating func documentItems(_ url: URL, format: ImportFormat, displayPath: String) throws -> [OutlineItem] {
        let title = url.deletingPathExtension().lastPathComponent
        switch format {
        case .markdown:
            let text = try FileIO.readDocument(url, displayPath: displayPath)
            let parts = splitHeadings.map { MarkdownSplitter.split(text, atLevel: $0) } ?? [(nil, text)]
            return parts.map { heading, markdown in
                OutlineItem(BinderEditor.NewNode(title: heading ?? title, markdown: markdown))
            }
        case .text:
            let text = try FileIO.readDocument(url, displayPath: displayPath)
            return try composedItems(PlainTextReader.read(text), title: title, displayPath: displayPath)
        case .rtf:
            let bytes = [UInt8](try FileIO.readData(url, displayPath: displayPath))
            let document: ImportedDocument
            do {
                document = try RTFReader.read(bytes)
            } catch let error as MsxError {
                throw MsxError(error.code, "\(displayPath): \(error.message)")
            }
            return try composedItems(document, title: title, displayPath: displayPath)
        case .docx:
            let data = try FileIO.readData(url, displayPath: displayPath)
            let document: ImportedDocument
            do {
                document = try DocxReader.read(data, changes: changes)
            } catch let error as MsxError {
                throw MsxError(error.code, "\(displayPath): \(error.message)")
            }
            return try composedItems(document, title: title, displayPath: displayPath)
        case .fountain:
            let text = try FileIO.readDocument(url, displayPath: displayPath)
            return try composedItems(FountainReader.read(text), title: title, displayPath: displayPath)
        case .fdx:
            let data = try FileIO.readData(url, displayPath: displayPath)
            do {
                return try composedItems(FDXReader.read(data), title: title, displayPath: displayPath)
            } catch let error as MsxError where error.code == .notFinalDraft {
                throw MsxError(error.code, "\(displayPath): \(error.message)")
            }
        }
    }

    private mutating func composedItems(_ document: ImportedDocument, title: String, displayPath: String) throws -> [OutlineItem] {
        warnings += document.warnings.map { (displayPath, $0) }
        let parts = splitHeadings.map { Self.split(document, atLevel: $0) } ?? [(nil, document)]
        return try parts.map { heading, part in
            let result = try composer.compose(part)
            styles.merge(result.newStyles) { old, _ in old }
            var node = BinderEditor.NewNode(title: heading ?? title, markdown: result.markdown, sidecar: result.document.sidecar)
            node.files = document.pictures(shownIn: part.paragraphs)
            return OutlineItem(node)
        }
    }

    /// The document cut before each heading of level `level` or less; each part titled by its heading (the part
    /// before the first heading, if any, keeps the file's title).
    static func split(_ document: ImportedDocument, atLevel level: Int) -> [(String?, ImportedDocument)] {
        var parts: [(String?, ImportedDocument)] = []
        for paragraph in document.paragraphs where !paragraph.text.isEmpty {
            if let heading = paragraph.headingLevel, heading <= level {
                parts.append((Self.title(paragraph.text), ImportedDocument(styles: document.styles)))
                parts[parts.count - 1].1.annotations = document.annotations
            } else if parts.isEmpty {
                parts.append((nil, ImportedDocument(styles: document.styles)))
                parts[parts.count - 1].1.annotations = document.annotations
            }
            parts[parts.count - 1].1.paragraphs.append(paragraph)
        }
        return parts.isEmpty ? [(nil, document)] : parts
    }

    /// A heading's text as a binder title (line breaks and footnotes left out).
    static func title(_ text: String) -> String {
        var title = text.replacingOccurrences(of: "\u{2028}", with: " ")
        if let note = title.range(of: "^[") { title = String(title[..<note.lowerBound]) }
        let trimmed = title.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? "Untitled" : trimmed
    }
}

extension Project {
    /// Imports files and folders into `folder` in one transaction: nothing is written unless all of them read.
    /// A Word file's tracked changes are taken, or with `changes: .reject` undone.
    public func importFiles(_ urls: [(url: URL, displayPath: String)], into folder: BinderNode, splitHeadings: Int? = nil,
                            changes: TrackedChanges = .accept, dryRun: Bool = false) throws -> ImportOutcome {
        var importer = Importer(sheet: styleSheet, splitHeadings: splitHeadings, changes: changes, projectRoot: root)
        var items: [OutlineItem] = []
        for (url, displayPath) in urls { items += try importer.items(for: url, displayPath: displayPath) }
        var editor = BinderEditor(project: self)
        let change = try editor.create(items, in: folder, addingStyles: importer.styles, dryRun: dryRun)
        return ImportOutcome(
            nodes: change.nodes, events: change.events, warnings: importer.warnings,
            addedStyles: importer.styles.keys.sorted())
    }
}
