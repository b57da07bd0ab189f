import Foundation
import MsxConvert
import MsxHistory
import MsxModel
import MsxProject
import MsxWorkspace

/// Assembles the Draft (or a folder) into one manuscript in a format (`msx compile`): written to a file, or returned
/// when the format is text.
public struct CompileAction: Action {
    /// The format (nil: from `out`'s extension, else Markdown).
    public var format: CompileFormat?
    /// Where to write it (nil: returned in the report; a text format only).
    public var out: URL?
    /// How the writer named `out`, for messages.
    public var outName: String?
    /// A folder to compile instead of the Draft (id, title or path).
    public var root: String?
    public var preset: CompilePreset
    public var titlePage: Bool?
    public var smartQuotes: Bool
    /// The draft as it was at this version (nil: today's files).
    public var version: String?

    public init(format: CompileFormat? = nil, out: URL? = nil, outName: String? = nil, root: String? = nil, preset: CompilePreset = .default,
                titlePage: Bool? = nil, smartQuotes: Bool = false, at version: String? = nil) {
        (self.format, self.out, self.outName, self.root, self.preset) = (format, out, outName, root, preset)
        (self.titlePage, self.smartQuotes, self.version) = (titlePage, smartQuotes, version)
    }

    public var writes: Bool { false }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> CompileReport {
        let name = outName ?? out?.lastPathComponent
        let chosen = try format ?? name.map { name in
            guard let fromName = CompileFormat(fileName: name) else {
                let extensions = CompileFormat.registry.map { "." + $0.extensions[0] }
                throw MsxError(.unknownFormat, "\(name): msx compiles to \(extensions.dropLast().joined(separator: ", ")) or "
                    + "\(extensions.last ?? ""); name one of those, or give --format")
            }
            return fromName
        } ?? .markdown
        guard out != nil || chosen.isText else {
            throw MsxError(.missingDestination, "a .\(chosen.name) file is not text: give --out FILE.\(chosen.name)")
        }
        var options = CompileOptions()
        options.readsFonts = chosen.embedsFonts
        options.preset = preset
        options.titlePage = titlePage
        options.smartQuotes = smartQuotes
        if reporter.showsProgress {
            let count = ReadCount()
            options.progress = { total in reporter.report(.documentsRead(done: count.next(), total: total)) }
        }
        // A document renamed or moved by hand is read where it is now.
        let project = workspace.project
        if let root { options.root = try workspace.references.folder(root) }
        var manuscript: Manuscript
        if let version {
            let history = try workspace.existingHistory()
            manuscript = try history.reader(at: history.resolve(version)).manuscript(options)
        } else {
            manuscript = try project.manuscript(options)
            // The last version, so that an edited copy can be compared with it (msx review import).
            manuscript.version = try? workspace.existingHistory().head()?.description
        }
        let (data, warnings) = try manuscript.rendered(as: chosen)
        if let out {
            let shown = name ?? out.path
            guard FileIO.isDirectory(out.deletingLastPathComponent()) else {
                throw MsxError(.missingFile, "\(shown): the folder \(out.deletingLastPathComponent().path) does not exist")
            }
            do { try FileIO.writeAtomically(data, to: out) } catch let error as MsxError { throw error } catch {
                throw MsxError(.io, "\(shown): \(error.localizedDescription)")
            }
        }
        return CompileReport(format: chosen, out: outName, documents: manuscript.documents.count, words: manuscript.wordCount,
                             warnings: warnings, content: out == nil ? data : nil)
    }
}

/// Counts the documents read, from any thread.
private final class ReadCount: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        return done
    }
}

/// What was compiled, and the text when it was not written to a file.
public struct CompileReport: ActionReport {
    public var format: CompileFormat
    /// The file written, as the writer named it (nil: the content is here).
    public var out: String?
    public var documents: Int
    public var words: Int
    /// What the file does not carry as the documents say it (raw HTML or LaTeX, missing pictures), a line each.
    public var warnings: [String]
    public var content: Data?

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(format.name, forKey: .format)
        if let out { try container.encode(out, forKey: .out) }
        try container.encode(documents, forKey: .documents)
        try container.encode(words, forKey: .words)
        try container.encode(warnings, forKey: .warnings)
        if let content { try container.encode(String(decoding: content, as: UTF8.self), forKey: .content) }
    }

    private enum Key: String, CodingKey { case format, out, documents, words, warnings, content }

    public static let commands = ["compile"]
    public static var schema: JSONSchema {
        .object(["format": .oneOf(CompileFormat.all.map(\.name)), "documents": .integer, "words": .integer, "warnings": .array(.string)],
                optional: ["out": .string, "content": .string])
    }
}
