import Foundation
import MsxModel

/// Where a Scrivener item's files are: `Files/Data/<UUID>/content.rtf`, `synopsis.txt`, `notes.rtf` and
/// `Snapshots/<UUID>.snapshots/` (Scrivener 3); `Files/Docs/N.rtf`, `N_synopsis.txt`, `N_notes.rtf` and
/// `Snapshots/N.snapshots/` (Scrivener 2).
public struct ScrivenerFiles: Sendable {
    public let project: ScrivenerProject

    public init(_ project: ScrivenerProject) { self.project = project }

    /// One snapshot of a document: when it was taken, its title, its RTF file.
    public struct Snapshot: Sendable {
        public var date: ScrivenerDate
        public var title: String
        public var file: URL
    }

    /// The item's text (RTF), when it has one.
    public func text(of item: ScrivenerProject.Item) -> URL? {
        existing(textPath(of: item))
    }

    /// The project path of the item's text when it is there as a symbolic link that leads out of the project (or
    /// nowhere): such a text is never read.
    public func textLinkedAway(of item: ScrivenerProject.Item) -> String? {
        let relative = textPath(of: item)
        let path = project.url.appendingPathComponent(relative).path
        let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
        return type == .typeSymbolicLink && existing(relative) == nil ? relative : nil
    }

    private func textPath(of item: ScrivenerProject.Item) -> String {
        project.generation == .scrivener3 ? "Files/Data/\(item.id)/content.rtf" : "Files/Docs/\(item.id).rtf"
    }

    /// The item's synopsis, when it has one.
    public func synopsis(of item: ScrivenerProject.Item) -> String? {
        let url = existing(project.generation == .scrivener3 ? "Files/Data/\(item.id)/synopsis.txt" : "Files/Docs/\(item.id)_synopsis.txt")
        let text = url.flatMap { try? String(contentsOf: $0, encoding: .utf8) }?.trimmingCharacters(in: .whitespacesAndNewlines)
        return text?.isEmpty == false ? text : nil
    }

    /// The item's inspector comments and footnotes (XML), when it has any.
    public func comments(of item: ScrivenerProject.Item) -> URL? {
        existing(project.generation == .scrivener3 ? "Files/Data/\(item.id)/content.comments" : "Files/Docs/\(item.id).comments")
    }

    /// The item's paragraph and character styles by name (Scrivener 3's `content.styles`), when it uses any.
    public func styles(of item: ScrivenerProject.Item) -> URL? {
        project.generation == .scrivener3 ? existing("Files/Data/\(item.id)/content.styles") : nil
    }

    /// The item's notes (RTF), when it has them.
    public func notes(of item: ScrivenerProject.Item) -> URL? {
        existing(project.generation == .scrivener3 ? "Files/Data/\(item.id)/notes.rtf" : "Files/Docs/\(item.id)_notes.rtf")
    }

    /// A file item's content (a PDF, a picture), when it has one.
    public func content(of item: ScrivenerProject.Item) -> URL? {
        let ext = item.fileExtension.map { $0.isEmpty ? "" : "." + $0 } ?? ""
        return existing(project.generation == .scrivener3 ? "Files/Data/\(item.id)/content\(ext)" : "Files/Docs/\(item.id)\(ext)")
    }

    /// The item's snapshots, oldest first: every RTF file of its snapshot folder (the index names most of them, not
    /// always all), titled as the index says ("Untitled Snapshot" where it says nothing).
    public func snapshots(of item: ScrivenerProject.Item) -> [Snapshot] {
        guard let folder = existing("Snapshots/\(item.id).snapshots") else { return [] }
        var titles: [String: String] = [:]
        let inside = "Snapshots/\(item.id).snapshots/"
        if let url = existing(inside + "index.xml"), let data = try? Data(contentsOf: url), let index = try? XMLNode.parse(data) {
            for snapshot in index.children("Snapshot") {
                guard let date = snapshot.child("Date")?.textContent ?? snapshot.attribute("Date") else { continue }
                let title = snapshot.child("Title")?.textContent.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                titles[ScrivenerDate.snapshotFileName(date)] = title
            }
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.lowercased().hasSuffix(".rtf") }.compactMap { name in
            // Each file inside the project too (a link leading out of it is no snapshot).
            guard let date = ScrivenerDate(String(name.dropLast(4))), let file = existing(inside + name) else { return nil }
            let title = titles[name].flatMap { $0.isEmpty ? nil : $0 } ?? "Untitled Snapshot"
            return Snapshot(date: date, title: title, file: file)
        }.sorted { ($0.date, $0.file.lastPathComponent) < ($1.date, $1.file.lastPathComponent) }
    }

    /// `relative` inside the project, when it exists and is no symbolic link leading out of it.
    private func existing(_ relative: String) -> URL? {
        let url = project.url.appendingPathComponent(relative)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let root = project.url.resolvingSymlinksInPath().path
        let resolved = url.resolvingSymlinksInPath().path
        return resolved.hasPrefix(root + "/") ? url : nil
    }
}
