import Foundation
import MsxTestSupport
import XCTest

/// One rule counts the words a change adds and removes: for random edit scripts (words typed, cut and replaced,
/// common words moved about, punctuation, CJK text, inline footnotes), `diff`, the snapshot's trailer, `log`, and
/// `stats` (before the snapshot, and summed over the versions after) give the same numbers, and added minus removed
/// is the change in the document's word count as `tree` counts it.
final class WordCountAgreementPropertyTests: HistoryTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    private static let vocabulary = ["the", "the", "and", "a", "lamp", "quay.", "Nell,", "sea", "dark", "\"Go!\"", "don't", "—",
                                     "灯台の光", "が", "消えた。", "^[It rained.]", "42", "x-ray", "…", "old", "old", "wind"]

    func testDiffTrailerLogAndStatsCountAlike() throws {
        var random = seededGenerator(20_261_131)
        let root = try makeProject()
        func paragraph() -> String {
            (0..<Int.random(in: 3...12, using: &random)).map { _ in Self.vocabulary.randomElement(using: &random)! }.joined(separator: " ")
        }
        var documents: [(id: String, path: String, paragraphs: [String])] = []
        for title in ["Storm", "Calm"] {
            let paragraphs = (0..<Int.random(in: 1...4, using: &random)).map { _ in paragraph() }
            let created = try addDocument(title, paragraphs.joined(separator: "\n\n") + "\n", to: root)
            documents.append((created.id, created.path, paragraphs))
        }
        try expect(0, "snapshot", "-m", "start", in: root)
        var recorded: [String: (added: Int, removed: Int)] = [:]
        for id in documents.map(\.id) { recorded[id] = try lastLogCounts(of: id, in: root) }

        for step in 0..<scaled(12) {
            let before = try wordCounts(root)
            var edited = Set<String>()
            for d in documents.indices where Bool.random(using: &random) || edited.isEmpty && d == documents.count - 1 {
                var paragraphs = documents[d].paragraphs
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    let k = Int.random(in: 0..<paragraphs.count, using: &random)
                    var words = paragraphs[k].split(separator: " ").map(String.init)
                    switch Int.random(in: 0..<5, using: &random) {
                    case 0: words.insert(Self.vocabulary.randomElement(using: &random)!, at: Int.random(in: 0...words.count, using: &random))
                    case 1 where words.count > 1: words.remove(at: Int.random(in: 0..<words.count, using: &random))
                    case 2: words[Int.random(in: 0..<words.count, using: &random)] = Self.vocabulary.randomElement(using: &random)!
                    case 3: paragraphs.insert(paragraph(), at: Int.random(in: 0...paragraphs.count, using: &random))
                    default: words.shuffle(using: &random)
                    }
                    if !words.isEmpty { paragraphs[k] = words.joined(separator: " ") }
                }
                documents[d].paragraphs = paragraphs
                try write(paragraphs.joined(separator: "\n\n") + "\n", to: documents[d].path, in: root)
                edited.insert(documents[d].id)
            }
            let context = "step \(step): " + documents.map { $0.paragraphs.joined(separator: " / ") }.joined(separator: " | ")
            let diff = try expect(0, "diff", "--json", in: root).json()
            var fromDiff: [String: (added: Int, removed: Int)] = [:]
            for entry in diff["documents"] as? [[String: Any]] ?? [] {
                fromDiff[entry["id"] as? String ?? ""] = (entry["wordsAdded"] as? Int ?? -1, entry["wordsRemoved"] as? Int ?? -1)
            }
            let unsnapshotted = try expect(0, "stats", "--json", in: root).json()["unsnapshotted"] as? [String: Any]
            try expect(0, "snapshot", "-m", "step \(step)", in: root)
            let trailers = try self.trailers(in: root)
            let after = try wordCounts(root)
            for id in edited {
                let diffCounts = try XCTUnwrap(fromDiff[id], "\(id) in diff; \(context)")
                let trailer = try XCTUnwrap(trailers[id], "\(id) in the trailer; \(context)")
                let log = try lastLogCounts(of: id, in: root)
                XCTAssertEqual([diffCounts.added, diffCounts.removed], [trailer.added, trailer.removed], "diff and trailer; \(context)")
                XCTAssertEqual([log.added, log.removed], [trailer.added, trailer.removed], "log and trailer; \(context)")
                XCTAssertEqual(trailer.added - trailer.removed, (after[id] ?? 0) - (before[id] ?? 0), "net is the count's change; \(context)")
                recorded[id] = (recorded[id]!.added + trailer.added, recorded[id]!.removed + trailer.removed)
            }
            XCTAssertEqual([unsnapshotted?["added"] as? Int, unsnapshotted?["removed"] as? Int],
                           [fromDiff.values.map(\.added).reduce(0, +), fromDiff.values.map(\.removed).reduce(0, +)], "stats before; \(context)")
        }
        let stats = try expect(0, "stats", "--json", in: root).json()
        for entry in stats["documents"] as? [[String: Any]] ?? [] {
            guard let id = entry["id"] as? String, let expected = recorded[id] else { continue }
            XCTAssertEqual([entry["added"] as? Int, entry["removed"] as? Int], [expected.added, expected.removed], "stats of \(id)")
        }
    }

    /// Each document's words as `tree` counts them, by id.
    private func wordCounts(_ root: URL) throws -> [String: Int] {
        Dictionary(try treeNodes(root).filter { $0.kind == "document" }.map { ($0.id, $0.words ?? 0) }, uniquingKeysWith: { a, _ in a })
    }

    /// The `Msx-Document:` trailers of the last version, read by git.
    private func trailers(in root: URL) throws -> [String: (added: Int, removed: Int)] {
        var result: [String: (added: Int, removed: Int)] = [:]
        for line in try git("log", "-1", "--format=%B", in: root).split(separator: "\n") where line.hasPrefix("Msx-Document: ") {
            let fields = line.split(separator: " ")
            guard fields.count >= 4, let added = Int(fields[2].dropFirst()), let removed = Int(fields[3].dropFirst()) else { continue }
            result[String(fields[1])] = (added, removed)
        }
        return result
    }

    /// The words the document's newest version added and removed, as `log` says.
    private func lastLogCounts(of id: String, in root: URL) throws -> (added: Int, removed: Int) {
        let versions = try expect(0, "log", id, "--json", in: root).json()["versions"] as? [[String: Any]] ?? []
        let change = versions.first?["change"] as? [String: Any]
        return (change?["wordsAdded"] as? Int ?? -1, change?["wordsRemoved"] as? Int ?? -1)
    }
}
