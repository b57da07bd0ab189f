import Foundation
import MsxModel

/// Where a Scrivener item's files are: `Files/Data/<UUID>/content.rtf`, `synopsis.txt`, `notes.rtf` and
/// `Snapshots/<UUID>.snapshots/` (Scrivener 3); `Files/Docs/N.rtf`, `N_synopsis.txt`, `N_notes.rtf` and
/// `Snapshots/N.snapshots/` (Scrivener 2 and 1, Scrivener for Windows 1), a text or notes with pictures being an
/// RTFD package (`N.rtfd/TXT.rtf`).
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
        project.generation == .scrivener3 ? "Files/Data/\(item.id)/content.rtf" : olderFormatRTF("Files/Docs/\(item.id)")
    }

    /// The older format's `STEM.rtf`, or the RTF inside `STEM.rtfd` when only that package is there.
    private func olderFormatRTF(_ stem: String) -> String {
        existing(stem + ".rtf") == nil && existing(stem + ".rtfd/TXT.rtf") != nil ? stem + ".rtfd/TXT.rtf" : stem + ".rtf"
    }

    /// Where the item's text would be, when it is not there (a text never written has no file).
    public func missingTextPath(of item: ScrivenerProject.Item) -> String? {
        text(of: item) == nil ? textPath(of: item) : nil
    }

    /// Whether files that go with a text (its comments, its styles) are there though the text is not: the text was
    /// lost, not never written.
    public func leftTraces(of item: ScrivenerProject.Item) -> Bool {
        text(of: item) == nil && (comments(of: item) != nil || styles(of: item) != nil)
    }

    /// `url` as a path inside the project, as messages name files.
    public func relativePath(_ url: URL) -> String {
        let root = project.url.path + "/"
        return url.path.hasPrefix(root) ? String(url.path.dropFirst(root.count)) : url.lastPathComponent
    }

    /// Scrivener 3's writing history (`Files/writing.history`): the net words written each day, in the draft and
    /// elsewhere; empty when there is none. A day Scrivener could not have written (no date) is left out.
    public func writingHistory() -> [RecordedWritingDay] {
        guard let url = existing("Files/writing.history"), let data = try? Data(contentsOf: url), let root = try? XMLNode.parse(data) else { return [] }
        return root.children("Day").compactMap { day in
            let date = day.textContent.trimmingCharacters(in: .whitespacesAndNewlines)
            guard date.count == 10, ScrivenerDate(date + " 00:00:00 +0000") != nil else { return nil }
            return RecordedWritingDay(day: date, draftWords: Int(day.attribute("dwc") ?? "") ?? 0, otherWords: Int(day.attribute("owc") ?? "") ?? 0)
        }
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
        existing(project.generation == .scrivener3 ? "Files/Data/\(item.id)/notes.rtf" : olderFormatRTF("Files/Docs/\(item.id)_notes"))
    }

    /// A file item's content (a PDF, a picture), when it has one.
    public func content(of item: ScrivenerProject.Item) -> URL? {
        let ext = item.fileExtension.map { $0.isEmpty ? "" : "." + $0 } ?? ""
        return existing(project.generation == .scrivener3 ? "Files/Data/\(item.id)/content\(ext)" : "Files/Docs/\(item.id)\(ext)")
    }

    /// An item's snapshots, oldest first, and what was wrong with its snapshot folder (one line each).
    public struct SnapshotFolder: Sendable {
        public var snapshots: [Snapshot] = []
        public var problems: [String] = []
    }

    /// The item's snapshots: every RTF file of its snapshot folder, titled as the folder's `index.xml` says
    /// ("Untitled Snapshot" where it says nothing). An index entry is matched to its file by the file name its date
    /// gives, else (Scrivener sometimes names the file by another time) to the unmatched file nearest in time; an
    /// entry left with no file is a snapshot whose file is missing, and is reported.
    public func snapshots(of item: ScrivenerProject.Item) -> SnapshotFolder {
        snapshots(inFolder: "Snapshots/\(item.id).snapshots")
    }

    /// The ids of the items that have a snapshot folder (`Snapshots/ID.snapshots`).
    public var snapshotFolderIDs: [String] {
        guard let folder = existing("Snapshots") else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".snapshots") }.map { String($0.dropLast(".snapshots".count)) }.sorted()
    }

    private func snapshots(inFolder inside: String) -> SnapshotFolder {
        guard let folder = existing(inside) else { return SnapshotFolder() }
        var result = SnapshotFolder()
        var entries: [(file: String, date: ScrivenerDate?, title: String)] = []
        if let url = existing(inside + "/index.xml") {
            if let data = try? Data(contentsOf: url), let index = try? XMLNode.parse(data) {
                for snapshot in index.children("Snapshot") {
                    guard let date = snapshot.child("Date")?.textContent ?? snapshot.attribute("Date") else { continue }
                    let title = snapshot.child("Title")?.textContent.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                    entries.append((ScrivenerDate.snapshotFileName(date), ScrivenerDate(date), title))
                }
            } else {
                result.problems.append("\(inside)/index.xml could not be read: its snapshots came across titled 'Untitled Snapshot'")
            }
        }
        var files: [(name: String, date: ScrivenerDate, url: URL)] = []
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() where name.lowercased().hasSuffix(".rtf") {
            // Each file inside the project too (a link leading out of it is no snapshot).
            guard let file = existing(inside + "/" + name) else { continue }
            guard let date = ScrivenerDate(String(name.dropLast(4))) else {
                result.problems.append("\(inside)/\(name): not named by its date as Scrivener names snapshots; left out")
                continue
            }
            files.append((name, date, file))
        }
        var titles: [String: String] = [:]
        var unmatched = entries.filter { entry in !files.contains { $0.name == entry.file } }
        for entry in entries where files.contains(where: { $0.name == entry.file }) { titles[entry.file] = entry.title }
        for file in files where titles[file.name] == nil {
            let nearest = unmatched.indices.filter { unmatched[$0].date != nil }
                .min { abs(unmatched[$0].date!.date.timeIntervalSince(file.date.date)) < abs(unmatched[$1].date!.date.timeIntervalSince(file.date.date)) }
            guard let nearest else { continue }
            titles[file.name] = unmatched[nearest].title
            unmatched.remove(at: nearest)
        }
        for entry in unmatched {
            let title = entry.title.isEmpty ? "Untitled Snapshot" : entry.title
            result.problems.append("\(inside): the snapshot '\(title)' of \(entry.date?.written ?? entry.file) is in its index.xml, but its file is missing")
        }
        result.snapshots = files.map { file in
            Snapshot(date: file.date, title: titles[file.name].flatMap { $0.isEmpty ? nil : $0 } ?? "Untitled Snapshot", file: file.url)
        }.sorted { ($0.date, $0.file.lastPathComponent) < ($1.date, $1.file.lastPathComponent) }
        return result
    }

    /// The files of the RTFD package `text` is in (`N.rtfd/TXT.rtf`), by the name its `\NeXTGraphic` gives: a plain
    /// name in the package, inside the project; nil for a text that is no package's.
    public func attachments(beside text: URL) -> (@Sendable (String) -> Data?)? {
        guard text.deletingLastPathComponent().pathExtension.lowercased() == "rtfd" else { return nil }
        let package = text.deletingLastPathComponent().path.dropFirst(project.url.path.count + 1)
        return { [self] name in
            guard RelativePath.isPlain(name), !name.contains("/"), let url = existing(package + "/" + name) else { return nil }
            return try? Data(contentsOf: url)
        }
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
