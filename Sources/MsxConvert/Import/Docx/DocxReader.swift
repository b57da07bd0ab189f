import Foundation
import MsxModel

/// Reads a WordprocessingML package (`.docx`, from Word, LibreOffice, Google Docs, pandoc or msx) into an
/// `ImportedDocument`: the main document's text and formatting through its styles, lists, headings, links, notes
/// and tracked changes.
public enum DocxReader {
    static let relationshipNamespaces = [
        "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
        "http://purl.oclc.org/ooxml/officeDocument/relationships",
    ]

    /// Reads a `.docx` file's bytes. Pictures, equations and hidden text are left out and counted in the
    /// document's warnings.
    /// - Throws: `MsxError(.notDocx, …)` when the bytes are not a WordprocessingML package or a part of it is
    ///   damaged.
    public static func read(_ data: Data, changes: TrackedChanges = .accept) throws -> ImportedDocument {
        do {
            return try readPackage(data, changes: changes)
        } catch let error as MsxError {
            throw MsxError(.notDocx, error.message)
        }
    }

    private static func readPackage(_ data: Data, changes: TrackedChanges) throws -> ImportedDocument {
        let zip = try ZipPackageReader(data)
        guard zip.paths.contains(where: { $0.lowercased() == "[content_types].xml" }) else {
            throw MsxError(.notDocx, "not a Word document (no [Content_Types].xml)")
        }
        let packageRelationships = try relationships(zip, of: "")
        let mainPath = packageRelationships.first { $0.type.hasSuffix("/officeDocument") }.map { resolve($0.target, from: "") }
            ?? "word/document.xml"
        guard let document = try zip.xml(mainPath), let body = document.child("body") else {
            throw MsxError(.notDocx, "not a Word document (no \(mainPath) with a body)")
        }
        let folder = mainPath.split(separator: "/").dropLast().joined(separator: "/")
        let relationships = try Self.relationships(zip, of: mainPath)
        func part(_ type: String) throws -> XMLNode? {
            guard let target = relationships.first(where: { $0.type.hasSuffix("/" + type) })?.target else { return nil }
            return try zip.xml(resolve(target, from: folder))
        }
        let themeFonts = Self.themeFonts(try part("theme"))
        let package = DocxBodyReader.Package(
            styles: DocxStyleTable(try part("styles"), changes: changes, themeFonts: themeFonts),
            numbering: DocxNumbering(try part("numbering")),
            links: Dictionary(relationships.filter { $0.type.hasSuffix("/hyperlink") }.map { ($0.id, $0.target) }) { first, _ in first },
            footnotes: notes(try part("footnotes"), element: "footnote"),
            endnotes: notes(try part("endnotes"), element: "endnote"),
            themeFonts: themeFonts, changes: changes, comments: comments(try part("comments"), extended: try part("commentsExtended")),
            // A picture that cannot be read (too large, missing) is one more picture left out, never the file's end.
            pictures: Dictionary(relationships.filter { $0.type.hasSuffix("/image") }.compactMap { relationship in
                (try? zip.part(resolve(relationship.target, from: folder))).flatMap { $0 }.map { (relationship.id, $0) }
            }) { first, _ in first })
        var reader = DocxBodyReader(package: package)
        reader.readBlocks(body)
        reader.finishJoining()
        reader.endOpenBookmarks()
        var paragraphs = reader.paragraphs
        let custom = try packageRelationships.first { $0.type.hasSuffix("/custom-properties") }.flatMap { try zip.xml(resolve($0.target, from: "")) }
        DocxMsxData.apply(DocxMsxData.entries(settings: try part("settings"), customProperties: custom), to: &paragraphs)
        var styles: [String: Attributes] = [:]
        for id in reader.usedStyles {
            guard let style = package.styles.styles[id] else { continue }
            styles[style.name] = package.styles.attributes(ofParagraphStyle: id)
        }
        var warnings: [ImportWarning] = []
        if reader.picturesSkipped > 0 { warnings.append(.picturesSkipped(reader.picturesSkipped)) }
        if reader.hiddenSkipped > 0 { warnings.append(.hiddenTextSkipped(reader.hiddenSkipped)) }
        var imported = ImportedDocument(paragraphs: paragraphs, styles: styles, warnings: warnings)
        imported.bookmarks = reader.bookmarks
        imported.warningsAt = reader.skippedAt
        imported.annotations = reader.annotations
        imported.pictures = reader.pictures
        for property in custom?.children("property") ?? [] {
            if let name = property.attribute("name"), let value = property.children.first(where: { !$0.isText })?.textContent {
                imported.properties[name] = value
            }
        }
        return imported
    }

    /// The relationships of the part `path` ("" for the package's own).
    private static func relationships(_ zip: ZipPackageReader, of path: String) throws -> [(id: String, type: String, target: String)] {
        var components = path.split(separator: "/").map(String.init)
        let name = components.popLast() ?? ""
        let relsPath = (components + ["_rels", name + ".rels"]).joined(separator: "/")
        guard let root = try zip.xml(relsPath) else { return [] }
        return root.children("Relationship").compactMap { node in
            guard let id = node.attribute("Id"), let type = node.attribute("Type"), let target = node.attribute("Target") else { return nil }
            return (id, type, target)
        }
    }

    /// A relationship target as a part name: absolute ("/word/x.xml") or relative to `folder`, with `..` resolved.
    private static func resolve(_ target: String, from folder: String) -> String {
        var parts = target.hasPrefix("/") ? [] : folder.split(separator: "/").map(String.init)
        for piece in target.split(separator: "/") {
            if piece == ".." { _ = parts.popLast() } else if piece != "." { parts.append(String(piece)) }
        }
        return parts.joined(separator: "/")
    }

    /// Notes by id (the separators Word keeps as notes -1 and 0 have a type and are left out).
    private static func notes(_ root: XMLNode?, element: String) -> [String: XMLNode] {
        var notes: [String: XMLNode] = [:]
        for note in root?.children(element) ?? [] where note.attribute("type") == nil || note.attribute("type") == "normal" {
            if let id = note.attribute("id") { notes[id] = note }
        }
        return notes
    }

    /// Comments by Word id, as annotations: the note is the comment's paragraphs, one a line; the date is brought to
    /// the second in UTC, so that the same comment read again gets the same id. A comment Word marks done
    /// (`w15:done` in the extended comments part, keyed by the `w14:paraId` of the comment's last paragraph) is
    /// resolved.
    private static func comments(_ root: XMLNode?, extended: XMLNode?) -> [String: Annotation] {
        let done = Set((extended?.children("commentEx") ?? []).filter { ["1", "true", "on"].contains($0.attribute("done") ?? "") }
            .compactMap { $0.attribute("paraId") })
        var comments: [String: Annotation] = [:], taken = Set<String>()
        let precise = ISO8601DateFormatter(), plain = ISO8601DateFormatter()
        precise.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        plain.formatOptions = [.withInternetDateTime]
        for comment in root?.children("comment") ?? [] {
            guard let id = comment.attribute("id") else { continue }
            let note = comment.children("p").map { paragraph in
                paragraph.descendants("t", stoppingAt: "del").map(\.textContent).joined()
            }.joined(separator: "\n").trimmingSpaces
            let written = comment.attribute("date") ?? ""
            let date = (plain.date(from: written) ?? precise.date(from: written)
                ?? plain.date(from: written + "Z")).map { plain.string(from: $0) } ?? written
            comments[id] = Annotation(note: note, author: comment.attribute("author") ?? "", date: date).unique(among: taken)
            if let last = comment.children("p").last?.attribute("paraId"), done.contains(last) { comments[id]!.resolved = true }
            taken.insert(comments[id]!.id)
        }
        return comments
    }

    /// The theme's heading ("major") and body ("minor") font families.
    private static func themeFonts(_ theme: XMLNode?) -> [String: String] {
        guard let scheme = theme?.descendant("fontScheme") else { return [:] }
        var fonts: [String: String] = [:]
        for (key, element) in [("major", "majorFont"), ("minor", "minorFont")] {
            if let family = scheme.child(element)?.child("latin")?.attribute("typeface"), !family.isEmpty { fonts[key] = family }
        }
        return fonts
    }
}
