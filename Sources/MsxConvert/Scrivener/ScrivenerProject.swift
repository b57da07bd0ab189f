import Foundation
import MsxModel

/// A Scrivener project (`Book.scriv`) as its binder file describes it: Scrivener 3's `.scrivx` (format "2.0",
/// items by UUID, files in `Files/Data/<UUID>/`), or the older format of Scrivener 2 and Scrivener for Windows 1
/// (`.scrivx` "1.0" or `binder.scrivproj`, items by number, files in `Files/Docs/`).
public struct ScrivenerProject: Sendable {
    public enum Generation: Sendable { case scrivener3, scrivener2 }

    /// One binder item.
    public struct Item: Sendable {
        public enum Kind: Sendable, Equatable {
            case draftFolder, researchFolder, trashFolder, folder, text
            /// A file kept as it is (PDF, image, web archive, other): `Type` as Scrivener writes it.
            case file(String)
        }

        /// The UUID (Scrivener 3) or number (Scrivener 2) naming the item's files.
        public var id: String
        public var kind: Kind
        public var title: String
        public var label: String?
        public var status: String?
        public var keywords: [String] = []
        public var includeInCompile = true
        /// What the binder says of it: Yes, No, or nothing (nil).
        var includeFlag: Bool?
        /// A word target (Scrivener's character targets are left out).
        public var target: Int?
        /// The extension of a file item's content (`pdf`, `jpg`).
        public var fileExtension: String?
        /// Custom metadata by the field's title: a check box as "Yes" or "No", a date as its day, text as it is.
        public var custom: [String: JSONValue] = [:]
        public var children: [Item] = []
    }

    public var generation: Generation
    public var url: URL
    public var title: String
    /// The author Scrivener 3 names in the binder file, if any.
    public var author: String?
    /// The top-level items, in binder order.
    public var items: [Item]
    /// Label and status names in the project's order ("No Label" and "No Status" left out), labels with their
    /// colours as `#RRGGBB`.
    public var labels: [(name: String, color: String?)] = []
    public var statuses: [String] = []
    /// The project's keyword colours by keyword.
    public var keywordColors: [String: String] = [:]
    /// The draft's word target and deadline (ISO date), when set.
    public var draftTarget: (words: Int?, deadline: String?)?
    /// The writing session's word target, when set.
    public var sessionTarget: Int?
    /// Whether a session counts the draft's words alone (Scrivener's `CountDraftOnly`, on unless it says No).
    public var sessionCountsDraftOnly = true
    /// One of the writer's collections (not the binder, not the last search's results).
    public struct Collection: Sendable, Equatable {
        public var title: String
        /// The ids of the items the writer put in it, in its order (empty for a saved search).
        public var members: [String]
        /// A saved search's text, which Scrivener runs again each time the collection is shown.
        public var search: String?
    }

    /// The writer's collections, in the project's order.
    public var collections: [Collection] = []
    /// What was wrong with the binder file itself and how it was read anyway (a backup taken instead, bytes that
    /// are not UTF-8 read as U+FFFD), one line each.
    public var binderProblems: [String] = []

    /// Whether `url` is a folder holding a Scrivener binder file (or is named as a Scrivener project is).
    public static func holdsBinder(_ url: URL) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return url.pathExtension.lowercased() == "scriv" || names.contains { $0.hasSuffix(".scrivx") || $0 == "binder.scrivproj" }
    }

    /// Reads the project at `url` (the `.scriv` folder). A binder file that cannot be read is replaced by the
    /// copy Scrivener keeps in `Files/binder.autosave` or `Files/binder.backup`, which is said in `binderProblems`.
    /// - Throws: `not-scrivener` when it holds no binder file Scrivener writes, or neither it nor a copy can be read.
    public static func read(_ url: URL) throws -> ScrivenerProject {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        guard let binderName = names.sorted().first(where: { $0.hasSuffix(".scrivx") }) ?? names.first(where: { $0 == "binder.scrivproj" }) else {
            throw MsxError(.notScrivener, "\(url.path): not a Scrivener project (no .scrivx or binder.scrivproj in it)")
        }
        let binderURL = url.appendingPathComponent(binderName)
        let (root, binderProblems) = try ScrivenerBinderFile.read(binderURL, backups: ["binder.autosave", "binder.backup"].map {
            url.appendingPathComponent("Files/\($0)")
        })
        // Scrivener 3 writes format 2.0; Scrivener 2 and Scrivener for Windows 1 write 1.0 or 1.5.
        let generation: Generation = root.attribute("Version").flatMap(Double.init).map { $0 >= 2 } ?? false ? .scrivener3 : .scrivener2
        guard let binder = root.child("Binder") else { throw MsxError(.unexpected, "a binder read without its Binder element") }
        let labels = Self.choices(root.child("LabelSettings")?.child("Labels"), element: "Label")
        let statuses = Self.choices(root.child("StatusSettings")?.child("StatusItems"), element: "Status")
        var keywordNames: [String: String] = [:], keywordColors: [String: String] = [:]
        func collectKeywords(_ node: XMLNode?) {
            for keyword in node?.children("Keyword") ?? [] {
                guard let id = keyword.attribute("ID") else { continue }
                let name = keyword.child("Title")?.textContent.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                keywordNames[id] = name
                if let color = keyword.child("Color").flatMap({ Self.color($0.textContent) }), !name.isEmpty { keywordColors[name] = color }
                collectKeywords(keyword.child("Children"))
            }
        }
        collectKeywords(root.child("Keywords"))
        var fields: [String: (title: String, type: String)] = [:]
        for field in root.child("CustomMetaDataSettings")?.children("MetaDataField") ?? [] {
            guard let id = field.attribute("ID") else { continue }
            let title = field.child("Title")?.textContent.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            fields[id] = (title.isEmpty ? id : title, field.attribute("Type") ?? "Text")
        }
        let context = ItemContext(labels: Dictionary(labels.map { ($0.id, $0.name) }) { first, _ in first },
                                  statuses: Dictionary(statuses.map { ($0.id, $0.name) }) { first, _ in first }, keywords: keywordNames,
                                  fields: fields, namedByNumber: generation == .scrivener2)
        var project = ScrivenerProject(generation: generation, url: url, title: (binderName as NSString).deletingPathExtension,
                                       items: binder.children("BinderItem").map { context.item($0) })
        if binderName == "binder.scrivproj" { project.title = (url.lastPathComponent as NSString).deletingPathExtension }
        // Scrivener 3 writes the compile flag only on the items it includes (when it writes it at all); the older
        // format writes Yes or No.
        // Only the draft compiles: elsewhere an unwritten flag leaves msx's default.
        let flagsWritten = project.generation == .scrivener3 && Self.anyFlag(project.items)
        project.items = project.items.map { Self.settingCompileFlags($0, absentMeansExcluded: flagsWritten && $0.kind == .draftFolder) }
        project.labels = labels.filter { $0.id != "-1" }.map { ($0.name, $0.color) }
        project.statuses = statuses.filter { $0.id != "-1" }.map(\.name)
        project.keywordColors = keywordColors
        project.binderProblems = binderProblems
        project.author = root.attribute("Author").flatMap { $0.isEmpty ? nil : $0 }
        project.collections = (root.child("Collections")?.children("Collection") ?? []).compactMap(Self.collection)
        if let targets = root.child("ProjectTargets") {
            if let draft = targets.child("DraftTarget"), draft.attribute("Type") ?? "Words" == "Words" {
                let words = Int(draft.textContent.trimmingCharacters(in: .whitespaces)).flatMap { $0 > 0 ? $0 : nil }
                let deadline = draft.attribute("IgnoreDeadline") == "Yes" ? nil : draft.attribute("Deadline").flatMap(ScrivenerDate.isoDay)
                if words != nil || deadline != nil { project.draftTarget = (words, deadline) }
            }
            if let session = targets.child("SessionTarget"), session.attribute("Type") ?? "Words" == "Words" {
                project.sessionTarget = Int(session.textContent.trimmingCharacters(in: .whitespaces)).flatMap { $0 > 0 ? $0 : nil }
                project.sessionCountsDraftOnly = session.attribute("CountDraftOnly") != "No"
            }
        }
        return project
    }

    /// A collection as the binder file lists it: its members by `UUID` (Scrivener 3) or `ID` (the older format), or
    /// a saved search's text; nil for the binder itself and the last search's results.
    private static func collection(_ element: XMLNode) -> Collection? {
        let title = element.child("Title")?.textContent.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let type = element.attribute("Type") ?? ""
        guard !title.isEmpty, !["Binder", "SearchResults", "Search"].contains(type), !["Binder", "Search Results"].contains(title) else {
            return nil
        }
        let members = (element.child("BinderItems")?.children("BinderItem") ?? []).compactMap { $0.attribute("UUID") ?? $0.attribute("ID") }
        let search = element.child("SearchSettings").flatMap { $0.child("Text")?.textContent ?? $0.textContent }
            ?? element.child("Search")?.textContent
        return Collection(title: title, members: members,
                          search: search.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 })
    }

    private static func anyFlag(_ items: [Item]) -> Bool {
        items.contains { $0.includeFlag != nil || anyFlag($0.children) }
    }

    private static func settingCompileFlags(_ item: Item, absentMeansExcluded: Bool) -> Item {
        var item = item
        let isText = item.kind == .text || item.kind == .folder
        item.includeInCompile = item.includeFlag ?? !(absentMeansExcluded && isText)
        item.children = item.children.map { settingCompileFlags($0, absentMeansExcluded: absentMeansExcluded) }
        return item
    }

    /// Label or status choices: id, name and colour, in the file's order.
    private static func choices(_ node: XMLNode?, element: String) -> [(id: String, name: String, color: String?)] {
        (node?.children(element) ?? []).compactMap { choice in
            guard let id = choice.attribute("ID") else { return nil }
            let name = choice.textContent.trimmingCharacters(in: .whitespacesAndNewlines)
            return name.isEmpty ? nil : (id, name, choice.attribute("Color").flatMap(color))
        }
    }

    /// Scrivener's "0.993500 0.701213 0.732586" (red, green and blue from 0 to 1) as `#RRGGBB`.
    static func color(_ text: String) -> String? {
        let parts = text.split(separator: " ").compactMap { Double($0) }
        guard parts.count >= 3, parts.prefix(3).allSatisfy({ (0...1).contains($0) }) else { return nil }
        return "#" + parts.prefix(3).map { String(format: "%02X", Int(($0 * 255).rounded())) }.joined()
    }

    /// What items refer to by id: label, status and keyword names, and custom metadata fields (title and type).
    private struct ItemContext {
        var labels: [String: String]
        var statuses: [String: String]
        var keywords: [String: String]
        var fields: [String: (title: String, type: String)]
        /// Whether files are named by the item's number (`ID`): the older format, whose Scrivener for Windows 1.9
        /// and Scrivener 2.8 items carry a `UUID` too.
        var namedByNumber: Bool

        /// An item's custom metadata (`<CustomMetaData><MetaDataItem><FieldID>…<Value>…`), by field title.
        func custom(_ metadata: XMLNode?) -> [String: JSONValue] {
            var values: [String: JSONValue] = [:]
            for entry in metadata?.child("CustomMetaData")?.children("MetaDataItem") ?? [] {
                guard let id = entry.child("FieldID")?.textContent.trimmingCharacters(in: .whitespaces), !id.isEmpty else { continue }
                let value = entry.child("Value")?.textContent.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                let field = fields[id] ?? (id, "Text")
                switch field.type {
                case "Checkbox": values[field.title] = .string(value == "Yes" ? "Yes" : "No")
                case "Date": values[field.title] = .string(ScrivenerDate.isoDay(value) ?? value)
                default: if !value.isEmpty { values[field.title] = .string(value) }
                }
            }
            return values
        }

        func item(_ node: XMLNode) -> Item {
            let id = (namedByNumber ? node.attribute("ID") ?? node.attribute("UUID") : node.attribute("UUID") ?? node.attribute("ID")) ?? ""
            let type = node.attribute("Type") ?? "Text"
            let kind: Item.Kind = switch type {
            case "DraftFolder": .draftFolder
            case "ResearchFolder": .researchFolder
            case "TrashFolder": .trashFolder
            case "Folder": .folder
            case "Text": .text
            default: .file(type)
            }
            let title = node.child("Title")?.textContent.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            var item = Item(id: id, kind: kind, title: title.isEmpty ? "Untitled" : title)
            let metadata = node.child("MetaData")
            item.label = metadata?.child("LabelID").flatMap { labels[$0.textContent.trimmingCharacters(in: .whitespaces)] }
            item.status = metadata?.child("StatusID").flatMap { statuses[$0.textContent.trimmingCharacters(in: .whitespaces)] }
            item.includeFlag = metadata?.child("IncludeInCompile").map { $0.textContent.trimmingCharacters(in: .whitespaces) == "Yes" }
            item.fileExtension = metadata?.child("FileExtension")?.textContent.trimmingCharacters(in: .whitespaces)
            item.custom = custom(metadata)
            let ids = (node.child("Keywords")?.children("KeywordID") ?? []) + (metadata?.child("Keywords")?.children("KeywordID") ?? [])
            item.keywords = ids.compactMap { keywords[$0.textContent.trimmingCharacters(in: .whitespaces)] }.filter { !$0.isEmpty }
            if let target = node.child("TextSettings")?.child("Target"), target.attribute("Type") ?? "Words" == "Words" {
                item.target = Int(target.textContent.trimmingCharacters(in: .whitespaces)).flatMap { $0 > 0 ? $0 : nil }
            }
            item.children = node.child("Children")?.children("BinderItem").map { self.item($0) } ?? []
            return item
        }
    }
}
