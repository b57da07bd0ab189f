import Foundation
import MsxTestSupport
import XCTest
@testable import MsxDiff
@testable import MsxModel
@testable import MsxProject

/// msx's word diff never reports more changed words than `git diff --word-diff` does for the same two versions
/// (10% and one word of tolerance for the two tools' different word boundaries), over a revision history with
/// every kind of edit a writer makes: words changed, sentences rewritten and moved, paragraphs split, joined,
/// added, deleted and moved, several at once. git is the oracle, run on the same files.
final class DiffAgainstGitTests: SeededTestCase {
    private let vocabulary = """
        the a lamp harbour tide night quay salt wind boat rope door window kitchen letter brother sister mother \
        father morning evening storm rain fog bell church road hill field river stone wall garden gate house room \
        table chair fire bread tea cup knife coat boots hat hand face eyes voice name word silence answer question \
        was were had said saw heard knew thought walked ran waited watched turned opened closed carried left found \
        lost kept remembered forgot began stopped came went took gave old young cold warm dark bright quiet loud \
        long short slow quick grey black white red green small great empty full first last every other \
        and but or so then when while because before after under over through into out of to from with without \
        she he they we it her his their our its not never always again still only almost already
        """.split(whereSeparator: \.isWhitespace).map(String.init)

    private typealias Paragraph = [[String]]  // sentences of words

    private func sentence(_ random: inout SeededGenerator) -> [String] {
        (0..<Int.random(in: 6...16, using: &random)).map { _ in vocabulary.randomElement(using: &random)! }
    }

    private func paragraph(_ random: inout SeededGenerator) -> Paragraph {
        (0..<Int.random(in: 2...6, using: &random)).map { _ in sentence(&random) }
    }

    private func markdown(_ paragraphs: [Paragraph]) -> String {
        paragraphs.map { sentences in
            sentences.map { words in
                var text = words.joined(separator: " ")
                text = text.prefix(1).uppercased() + text.dropFirst()
                return text + "."
            }.joined(separator: " ")
        }.joined(separator: "\n\n") + "\n"
    }

    /// One edit, or a few together, as a writer revises.
    private func revise(_ paragraphs: inout [Paragraph], _ random: inout SeededGenerator) -> String {
        func anyParagraph() -> Int { Int.random(in: 0..<paragraphs.count, using: &random) }
        func editWords(in p: Int) {
            let s = Int.random(in: 0..<paragraphs[p].count, using: &random)
            var words = paragraphs[p][s]
            let at = Int.random(in: 0..<words.count, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0: words[at] = vocabulary.randomElement(using: &random)!
            case 1: words.insert(contentsOf: (0..<Int.random(in: 1...3, using: &random)).map { _ in vocabulary.randomElement(using: &random)! }, at: at)
            default: if words.count > 3 { words.remove(at: at) }
            }
            paragraphs[p][s] = words
        }
        let kind = Int.random(in: 0..<9, using: &random)
        switch kind {
        case 0, 1:
            editWords(in: anyParagraph())
            return "words"
        case 2:
            let p = anyParagraph()
            paragraphs[p][Int.random(in: 0..<paragraphs[p].count, using: &random)] = sentence(&random)
            return "sentence rewritten"
        case 3:
            guard let p = paragraphs.indices.filter({ paragraphs[$0].count >= 2 }).randomElement(using: &random) else { return "none" }
            let cut = Int.random(in: 1..<paragraphs[p].count, using: &random)
            let tail = Array(paragraphs[p][cut...])
            paragraphs[p].removeSubrange(cut...)
            paragraphs.insert(tail, at: p + 1)
            if Bool.random(using: &random) { editWords(in: p + Int.random(in: 0...1, using: &random)) }
            return "split"
        case 4:
            guard paragraphs.count >= 2 else { return "none" }
            let p = Int.random(in: 0..<paragraphs.count - 1, using: &random)
            paragraphs[p] += paragraphs.remove(at: p + 1)
            if Bool.random(using: &random) { editWords(in: p) }
            return "join"
        case 5:
            paragraphs.insert(paragraph(&random), at: Int.random(in: 0...paragraphs.count, using: &random))
            return "paragraph added"
        case 6:
            guard paragraphs.count >= 2 else { return "none" }
            paragraphs.remove(at: anyParagraph())
            return "paragraph deleted"
        case 7:
            let moved = paragraphs.remove(at: anyParagraph())
            paragraphs.insert(moved, at: Int.random(in: 0...paragraphs.count, using: &random))
            return "paragraph moved"
        default:
            guard let p = paragraphs.indices.filter({ paragraphs[$0].count >= 2 }).randomElement(using: &random) else { return "none" }
            let moved = paragraphs[p].remove(at: Int.random(in: 0..<paragraphs[p].count, using: &random))
            let q = anyParagraph()
            paragraphs[q].insert(moved, at: Int.random(in: 0...paragraphs[q].count, using: &random))
            return "sentence moved"
        }
    }

    /// The words `git diff --no-index --word-diff=porcelain` marks as removed or added.
    private func gitChangedWords(_ old: URL, _ new: URL) throws -> Int {
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "diff", "--no-index", "--no-color", "--word-diff=porcelain", old.path, new.path]
        let pipe = Pipe()
        git.standardOutput = pipe
        try git.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        git.waitUntilExit()
        var inHunks = false, words = 0
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("@@") { inHunks = true; continue }
            guard inHunks, line.hasPrefix("-") || line.hasPrefix("+") else { continue }
            words += line.dropFirst().split(whereSeparator: \.isWhitespace).count
        }
        return words
    }

    func testNoMoreChangedWordsThanGitsWordDiff() throws {
        var random = seededGenerator(5_301)
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let styles = StyleSheet(manifest: try Manifest(json: "{\"formatVersion\": 1, \"id\": \"p\", \"binder\": []}"))
        var paragraphs = (0..<24).map { _ in paragraph(&random) }
        var (msxTotal, gitTotal, splitsAndJoins) = (0, 0, 0)
        for revision in 0..<scaled(60) {
            let before = markdown(paragraphs)
            let edits = (0..<Int.random(in: 1...4, using: &random)).map { _ in revise(&paragraphs, &random) }
            let after = markdown(paragraphs)
            let (oldURL, newURL) = (folder.appendingPathComponent("old.md"), folder.appendingPathComponent("new.md"))
            try before.write(to: oldURL, atomically: true, encoding: .utf8)
            try after.write(to: newURL, atomically: true, encoding: .utf8)
            let diff = DocumentDiff(old: richDocument(before).resolved(with: styles), new: richDocument(after).resolved(with: styles))
            let msx = diff.wordsAdded + diff.wordsRemoved
            let git = try gitChangedWords(oldURL, newURL)
            msxTotal += msx
            gitTotal += git
            splitsAndJoins += diff.structure.count
            XCTAssertLessThanOrEqual(msx, git + git / 10 + 1, "revision \(revision) (\(edits)): msx \(msx) changed words, git \(git)")
            if edits.allSatisfy({ $0 == "split" || $0 == "join" || $0 == "none" }) {
                XCTAssertTrue(diff.sentenceMoves.isEmpty, "revision \(revision) (\(edits)): a split or join is not a move")
            }
        }
        XCTAssertGreaterThan(splitsAndJoins, 0, "the history has splits and joins, and they are named")
        print("diff against git: msx \(msxTotal) changed words, git \(gitTotal)")
    }
}
