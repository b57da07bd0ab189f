import Foundation
import MsxTestSupport
import XCTest

/// Random renames and moves made by hand (some with up to 30% of the words edited, some with the sidecar or notes
/// moved along, some into folders the binder does not have), mixed with plain edits: after `msx check --repair`,
/// every document keeps its id, its whole history in `msx log`, its formatting on its words, its sidecar and its
/// notes. The model is the test's own record of where each file was put and what it holds.
final class HandRenamePropertyTests: HistoryTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    private struct Document {
        var id: String
        var path: String
        /// The words of its one paragraph; `phrase` (two words no other document has) is underlined.
        var words: [String]
        var phrase: [String]
        var notes: String?
        var versions: [String] = []

        var text: String { words.joined(separator: " ") + "\n" }
        func companion(_ suffix: String) -> String { String(path.dropLast(3)) + suffix }
    }

    func testDocumentsRenamedAndMovedByHandKeepTheirIdentity() throws {
        var random = seededGenerator(20_261_129)
        for trial in 0..<scaled(2) {
            try runTrial(trial, &random)
        }
    }

    private func runTrial(_ trial: Int, _ random: inout SeededGenerator) throws {
        let root = try makeProject(name: "book\(trial)")
        var nextWord = trial * 50_000
        func freshWord() -> String {
            nextWord += 1
            return ProseWords.word(nextWord)
        }
        var folders = ["contents/draft"]
        for title in ["Part A", "Part B"] {
            let created = try expect(0, "new", title, "--folder", "--in", "Draft", "--json", in: root).json()
            folders.append(((created["created"] as? [[String: Any]])?.first?["path"] as? String) ?? "")
        }
        var documents: [Document] = []
        for index in 0..<7 {
            let words = (0..<Int.random(in: 30...80, using: &random)).map { _ in freshWord() }
            let folder = ["Draft", "Part A", "Part B"].randomElement(using: &random)!
            let created = try addDocument("Doc \(index)", words.joined(separator: " ") + "\n", to: root, options: ["--in", folder])
            let start = Int.random(in: 0..<(words.count - 1), using: &random)
            var document = Document(id: created.id, path: created.path, words: words, phrase: Array(words[start...start + 1]))
            try expect(0, "format", created.id, "--match", document.phrase.joined(separator: " "), "--underline", in: root)
            if Bool.random(using: &random) {
                document.notes = "Notes of doc \(index): \(freshWord()).\n"
                try write(document.notes!, to: document.companion(".notes.md"), in: root)
            }
            documents.append(document)
        }
        try expect(0, "snapshot", "-m", "start", in: root)
        for i in documents.indices { documents[i].versions = try versions(of: documents[i].id, in: root) }

        for round in 0..<3 {
            var summary: [String] = []
            for i in documents.indices {
                var document = documents[i]
                let renames = Int.random(in: 0..<3, using: &random) > 0
                let edits = Bool.random(using: &random)
                if edits {
                    // Up to 30% of the words that are not the phrase: replaced, deleted or added.
                    let budget = Int.random(in: 1...max(1, document.words.count * 3 / 10), using: &random)
                    for _ in 0..<budget {
                        // Never beside the phrase: a word typed at a formatted phrase's edge may take its formatting.
                        let candidates = document.words.indices.filter { index in
                            !document.phrase.contains(document.words[index])
                                && !(index > 0 && document.words[index - 1] == document.phrase.last)
                        }
                        guard let at = candidates.randomElement(using: &random) else { break }
                        switch Int.random(in: 0..<3, using: &random) {
                        case 0: document.words[at] = freshWord()
                        case 1: document.words.remove(at: at)
                        default: document.words.insert(freshWord(), at: at)
                        }
                    }
                    // Edited where it lies, before any move: the model's file is the one moved.
                    try write(document.text, to: document.path, in: root)
                }
                if renames {
                    let folder: String
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: folder = String(document.path.split(separator: "/").dropLast().joined(separator: "/"))
                    case 1: folder = folders.randomElement(using: &random)!
                    default: folder = folders.randomElement(using: &random)! + "/new-\(trial)-\(round)-\(i)"
                    }
                    let target = folder + "/renamed-\(round)-\(i).md"
                    let moveSidecar = Int.random(in: 0..<3, using: &random) == 0
                    let moveNotes = Int.random(in: 0..<3, using: &random) == 0
                    try move(document.path, to: target, in: root)
                    if moveSidecar { try move(document.companion(".attrs.json"), to: String(target.dropLast(3)) + ".attrs.json", in: root) }
                    if moveNotes && document.notes != nil {
                        try move(document.companion(".notes.md"), to: String(target.dropLast(3)) + ".notes.md", in: root)
                    }
                    summary.append("\(document.path) -> \(target)\(edits ? " edited" : "")\(moveSidecar ? " +sidecar" : "")\(moveNotes ? " +notes" : "")")
                    document.path = target
                } else if edits {
                    summary.append("\(document.path) edited")
                }
                documents[i] = document
            }
            let context = "round \(round): " + summary.joined(separator: "; ")
            let repair = try MsxRunner.run(["check", "--repair", "--json"], in: root)
            XCTAssertEqual(repair.exitCode, 0, "\(context)\n\(repair.stdout)\(repair.stderr)")
            for document in documents { try assertKept(document, in: root, context) }
            try assertConsistent(root)
            try expect(0, "snapshot", "-m", "round \(round)", in: root)
            for i in documents.indices {
                let now = try versions(of: documents[i].id, in: root)
                XCTAssertEqual(Array(now.suffix(documents[i].versions.count)), documents[i].versions,
                               "\(documents[i].id): every earlier version still in its log; \(context)")
                documents[i].versions = now
            }
        }
    }

    private func assertKept(_ document: Document, in root: URL, _ context: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let node = try node(id: document.id, in: root)
        XCTAssertEqual(node?.path, document.path, "\(document.id) keeps its id at its new path; \(context)", file: file, line: line)
        XCTAssertEqual(try? read(document.path, in: root), document.text, file: file, line: line)
        XCTAssertTrue(exists(document.companion(".attrs.json"), in: root), "\(document.id)'s sidecar at \(document.path); \(context)", file: file, line: line)
        XCTAssertEqual(try runTexts(of: document.id, in: root, where: "underline", is: "single"), [document.phrase.joined(separator: " ")],
                       "\(document.id)'s formatting on its words; \(context)", file: file, line: line)
        if let notes = document.notes {
            XCTAssertEqual(try? read(document.companion(".notes.md"), in: root), notes, "\(document.id)'s notes; \(context)", file: file, line: line)
        }
    }

    private func versions(of id: String, in root: URL) throws -> [String] {
        let log = try expect(0, "log", id, "--json", in: root).json()
        return (log["versions"] as? [[String: Any]] ?? []).compactMap { $0["version"] as? String }
    }

    private func move(_ from: String, to: String, in root: URL) throws {
        let target = root.appendingPathComponent(to)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: root.appendingPathComponent(from), to: target)
    }
}
