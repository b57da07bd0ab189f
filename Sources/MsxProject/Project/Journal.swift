import Foundation
import MsxModel

/// A set of file changes that lands completely or not at all.
///
/// Every new file is staged first (`*.msx-tmp`, fsynced) and `.msx/journal.json` lists the moves and staged writes.
/// When the manifest changes, its rename is the commit point: a crash before it rolls back, after it rolls forward.
/// Without a manifest change the journal itself is the commit point and recovery always rolls forward.
public struct FileTransaction {
    struct Move: Equatable { var from: String; var to: String }
    struct Write: Equatable { var target: String; var staged: String }

    private var moves: [Move] = []
    private var writes: [(target: String, data: Data)] = []
    private var manifestData: Data?
    private var deletions: [String] = []
    private var folders: [String] = []
    private let paths: ProjectPaths

    init(paths: ProjectPaths) { self.paths = paths }

    var isEmpty: Bool { moves.isEmpty && writes.isEmpty && manifestData == nil && deletions.isEmpty && folders.isEmpty }

    /// Creates a folder (and its parents) when the transaction lands; harmless if it exists.
    package mutating func makeFolder(_ relative: String) { folders.append(relative) }

    /// The project-relative paths of the project's files this transaction writes (for reports; msx's private files
    /// under `.msx/` are not listed).
    var writtenPaths: [String] {
        writes.map(\.target).filter { !$0.hasPrefix(".msx/") } + (manifestData == nil ? [] : [Manifest.fileName])
    }

    /// The project-relative paths whose bytes this transaction replaces, deletes or moves away (the manifest
    /// included when it changes).
    package var replacedPaths: [String] {
        writes.map(\.target) + deletions + moves.map(\.from) + (manifestData == nil ? [] : [Manifest.fileName])
    }

    /// Whether landing this transaction would change a file of the project (a write of the bytes a file already
    /// holds changes nothing); msx's private files under `.msx/` do not count.
    var changesProjectFiles: Bool {
        if !moves.isEmpty || !deletions.isEmpty || manifestData.map({ $0 != (try? Data(contentsOf: paths.url(Manifest.fileName))) }) == true {
            return true
        }
        return writes.contains { write in
            !write.target.hasPrefix(".msx/") && (try? paths.url(write.target)).flatMap { try? Data(contentsOf: $0) } != write.data
        }
    }

    /// Renames a file or folder (both project-relative).
    package mutating func move(_ from: String, to: String) { moves.append(Move(from: from, to: to)) }

    /// Replaces (or creates) a file with `data` when the transaction commits.
    package mutating func write(_ data: Data, to relative: String) {
        if relative == Manifest.fileName {
            manifestData = data
        } else {
            writes.removeAll { $0.target == relative }
            writes.append((relative, data))
        }
    }

    /// Writes a text file (UTF-8).
    mutating func write(_ text: String, to relative: String) { write(Data(text.utf8), to: relative) }

    /// Removes a file or folder when the transaction lands (after the commit point).
    package mutating func delete(_ relative: String) { deletions.append(relative) }

    /// Lands every change: stage, journal, move, commit the manifest, then the other files.
    /// - Parameter check: runs once everything is staged, right before the journal (the commit's first visible
    ///   step); throwing from it cancels the transaction with nothing written.
    func commit(checking check: () throws -> Void = {}) throws {
        guard !isEmpty else { return }
        // Every path is checked before anything is journaled: a move that cannot be made (a link that leads
        // outside) fails the command here, never halfway through.
        for move in moves {
            _ = try paths.url(move.from)
            _ = try paths.url(move.to)
        }
        for path in folders + deletions { _ = try paths.url(path) }
        var staged: [Write] = []
        var manifestWrite: Write?
        do {
            for write in writes {
                let url = try FileIO.stage(write.data, besides: try paths.url(write.target))
                staged.append(Write(target: write.target, staged: try paths.relativeInside(url)))
            }
            if let manifestData {
                let url = try FileIO.stage(manifestData, besides: paths.manifest)
                manifestWrite = Write(target: Manifest.fileName, staged: try paths.relativeInside(url))
            }
            try check()
            let journal = paths.privateFolder.appendingPathComponent("journal.json")
            try FileIO.writeAtomically(Data(JSONWriter.string(Self.json(moves, staged, manifestWrite, deletions)).utf8), to: journal)
        } catch {
            // Nothing journaled: the staged files go (a full disk leaves nothing behind).
            for write in staged + (manifestWrite.map { [$0] } ?? []) {
                try? FileManager.default.removeItem(at: paths.root.appendingPathComponent(write.staged))
            }
            throw error
        }
        let journal = paths.privateFolder.appendingPathComponent("journal.json")
        FaultInjection.point("journaled")
        for folder in folders { try FileIO.createFolder(try paths.url(folder)) }
        try Self.apply(moves: moves, paths: paths, reverse: false)
        FaultInjection.point("moved")
        if let manifestWrite {
            try FileIO.commit(staged: try paths.url(manifestWrite.staged), to: try paths.url(manifestWrite.target))
        }
        FaultInjection.point("committed")
        try Self.finish(writes: staged, deletions: deletions, paths: paths)
        try? FileManager.default.removeItem(at: journal)
    }

    /// Removes the folders under `contents/` that the transaction's deletions and moves left empty, up to the first
    /// that is not: a writer's folder tree holds no empty folders, as a clone (git keeps no empty folder) would not.
    /// The binder's own top folders (`contents/draft`, `contents/research`, ...) stay, where a writer puts files by
    /// hand; a folder below them gets its folder again with its first document.
    func removeEmptiedFolders() {
        var seen = Set<String>()
        for path in deletions + moves.map(\.from) {
            var folder = (path as NSString).deletingLastPathComponent
            while folder.hasPrefix(Manifest.contentsFolder + "/"), folder.split(separator: "/").count > 2, seen.insert(folder).inserted,
                  let url = try? paths.url(folder), rmdir(url.path) == 0 {
                folder = (folder as NSString).deletingLastPathComponent
            }
        }
    }

    private static func json(_ moves: [Move], _ writes: [Write], _ manifestWrite: Write?, _ deletions: [String]) -> JSONValue {
        var root: [String: JSONValue] = [
            "moves": .array(moves.map { ["from": .string($0.from), "to": .string($0.to)] }),
            "writes": .array(writes.map { ["target": .string($0.target), "staged": .string($0.staged)] }),
            "deletions": .array(deletions.map(JSONValue.string)),
        ]
        if let manifestWrite {
            root["manifest"] = ["target": .string(manifestWrite.target), "staged": .string(manifestWrite.staged)]
        }
        return .object(root)
    }

    private static func apply(moves: [Move], paths: ProjectPaths, reverse: Bool) throws {
        let ordered = reverse ? moves.reversed().map { Move(from: $0.to, to: $0.from) } : moves
        for move in ordered {
            let from = try paths.url(move.from, context: "journal")
            let to = try paths.url(move.to, context: "journal")
            if FileIO.exists(from) && !FileIO.exists(to) { try FileIO.move(from, to: to) }
        }
    }

    private static func finish(writes: [Write], deletions: [String], paths: ProjectPaths) throws {
        for write in writes {
            let staged = try paths.url(write.staged, context: "journal")
            if FileIO.exists(staged) { try FileIO.commit(staged: staged, to: try paths.url(write.target, context: "journal")) }
        }
        for relative in deletions {
            let url = try paths.url(relative, context: "journal")
            if FileIO.exists(url) { try FileManager.default.removeItem(at: url) }
        }
    }

    /// Whether an interrupted (or running) command left a journal.
    static func hasJournal(paths: ProjectPaths) -> Bool {
        FileIO.exists(paths.privateFolder.appendingPathComponent("journal.json"))
    }

    /// Completes or undoes a transaction a crash interrupted. Returns what it did, or nil when there was none.
    /// - Parameter settingAside: when the journal cannot be read or replayed, move it aside (`.msx/journal-broken-
    ///   DATE.json`) and go on (for `msx check --repair`, which then finds what the interrupted command left);
    ///   otherwise such a journal is an error that names the way out.
    static func recover(paths: ProjectPaths, settingAside: Bool = false) throws -> Recovery? {
        let journal = paths.privateFolder.appendingPathComponent("journal.json")
        guard FileIO.exists(journal) else { return nil }
        do {
            return try replay(journal, paths: paths)
        } catch let error as MsxError {
            guard settingAside else {
                throw MsxError(error.code, "\(error.message) (an interrupted command cannot be finished: msx check --repair sets it aside)")
            }
            let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
            let aside = paths.privateFolder.appendingPathComponent("journal-broken-\(stamp).json")
            do { try FileManager.default.moveItem(at: journal, to: aside) } catch { throw MsxError.io(journal.path, error) }
            return .setAside(".msx/" + aside.lastPathComponent)
        }
    }

    /// Replays a journal: rolls its command back or forward.
    private static func replay(_ journal: URL, paths: ProjectPaths) throws -> Recovery {
        let text = try FileIO.readText(journal, displayPath: ".msx/journal.json")
        let r = try JSONReader(try JSONReader.parse(text, file: ".msx/journal.json"), file: ".msx/journal.json")
        func pairs(_ key: String, _ a: String, _ b: String) throws -> [(String, String)] {
            try r.array(key).enumerated().map { i, value in
                let item = try JSONReader(value, file: ".msx/journal.json", path: "\(key)[\(i)]")
                return (try item.requiredString(a), try item.requiredString(b))
            }
        }
        let moves = try pairs("moves", "from", "to").map { Move(from: $0.0, to: $0.1) }
        let writes = try pairs("writes", "target", "staged").map { Write(target: $0.0, staged: $0.1) }
        let deletions = try r.strings("deletions")
        var outcome: Recovery
        if let manifest = try r.child("manifest"),
            case let staged = try paths.url(try manifest.requiredString("staged"), context: "journal"), FileIO.exists(staged)
        {
            try apply(moves: moves, paths: paths, reverse: true)
            try? FileManager.default.removeItem(at: staged)
            for write in writes { try? FileManager.default.removeItem(at: try paths.url(write.staged, context: "journal")) }
            outcome = .rolledBack
        } else {
            try apply(moves: moves, paths: paths, reverse: false)
            try finish(writes: writes, deletions: deletions, paths: paths)
            outcome = .completed
        }
        try FileManager.default.removeItem(at: journal)
        return outcome
    }
}

/// What opening a project did with a command a crash interrupted.
public enum Recovery: Sendable, Equatable {
    /// Undone: the command had not reached its commit point.
    case rolledBack
    /// Finished: the command had passed its commit point.
    case completed
    /// Its journal could not be read or replayed, and was moved to this project-relative path; `msx check
    /// --repair` then finds the files it left (re-attached, adopted or removed as temporary).
    case setAside(String)
}

/// For the tests only. Simulated crashes: `MSX_FAULT=<step>` kills the process with SIGKILL at that step. A pause:
/// `MSX_FAULT_WAIT=<step>` with `MSX_FAULT_WAIT_FILE=<path>` makes the process create that file at the step and wait
/// (up to a minute) until the test removes it, so a test can change files at an exact moment.
package enum FaultInjection {
    private static let target = EnvironmentVariable.value("MSX_FAULT")
    private static let waitStep = EnvironmentVariable.value("MSX_FAULT_WAIT")
    private static let waitFile = EnvironmentVariable.value("MSX_FAULT_WAIT_FILE")

    package static func point(_ name: String) {
        if target == name { kill(getpid(), SIGKILL) }
        if waitStep == name, let waitFile {
            FileManager.default.createFile(atPath: waitFile, contents: nil)
            for _ in 0..<3_000 where FileManager.default.fileExists(atPath: waitFile) { usleep(20_000) }
        }
    }
}
