import Foundation
import MsxTestSupport
import XCTest

/// Random concurrent edits of a whole project on two drafts (words typed, replaced and deleted,
/// paragraphs added and moved, words coloured; documents added, renamed, moved to the Trash and given a status),
/// merged by the built binary through a real repository, conflicts settled with `resolve --both`: no word either
/// side kept is lost, no colour one side set on a surviving word is lost, every document either side has is in the
/// binder, `check` and `git fsck` accept the result, and merging the other way round gives the same words, colours
/// and binder nodes (up to the order of words both sides put in one place, and which side's value a conflict keeps).
final class ProjectMergePropertyTests: HistoryTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    /// What one side's edits left: each document's paragraphs of words (by node id), and the colours it set.
    private struct Side {
        var documents: [String: [[String]]]
        var coloured: [String: String] = [:]

        var words: [String: Set<String>] { documents.mapValues { Set($0.joined()) } }
    }

    func testWordsColoursAndDocumentsOfBothSidesSurviveAMergeEitherWayRound() throws {
        var random = seededGenerator(2024)
        for round in 0..<scaled(8) {
            let root = try makeProject(name: "round-\(round)")
            var next = 0
            func paragraph() -> [String] { (0..<Int.random(in: 4...9, using: &random)).map { _ in next += 1; return ProseWords.word(next) } }
            var base = Side(documents: [:])
            for title in ["Alpha", "Beta", "Gamma"] {
                let paragraphs = (0..<Int.random(in: 2...4, using: &random)).map { _ in paragraph() }
                let (id, _) = try addDocument(title, markdown(paragraphs), to: root)
                base.documents[id] = paragraphs
            }
            try expect(0, "snapshot", "-m", "base", in: root)
            try expect(0, "branch", "other", in: root)
            let ours = try edit(base, side: 100_000, in: root, random: &random)
            try expect(0, "snapshot", "-m", "ours", in: root)
            try expect(0, "switch", "other", in: root)
            let theirs = try edit(base, side: 200_000, in: root, random: &random)
            try expect(0, "snapshot", "-m", "theirs", in: root)
            try expect(0, "switch", "main", in: root)
            // The same merge the other way round, in a copy.
            let mirror = scratch.appendingPathComponent("round-\(round)-mirror")
            try FileManager.default.copyItem(at: root, to: mirror)
            try expect(0, "switch", "other", in: mirror)
            let context = "round \(round):\nbase \(base)\nours \(ours)\ntheirs \(theirs)"
            let merged = try mergeSettlingConflicts("other", in: root, context: context)
            let swapped = try mergeSettlingConflicts("main", in: mirror, context: context)
            for (id, words) in merged.words {
                // Words both sides kept, and words one side typed, are in the document.
                let kept = (ours.words[id] ?? []).intersection(theirs.words[id] ?? [])
                let typed = (ours.words[id] ?? []).union(theirs.words[id] ?? []).subtracting(base.words[id] ?? [])
                XCTAssertTrue(kept.union(typed).isSubset(of: words), "\(id) lost \(kept.union(typed).subtracting(words)), \(context)")
            }
            XCTAssertEqual(Set(merged.words.keys), Set(ours.documents.keys).union(theirs.documents.keys), context)
            XCTAssertEqual(merged.words, swapped.words, "the merge the other way round, \(context)")
            for (side, other) in [(ours, theirs), (theirs, ours)] {
                for (word, colour) in side.coloured where other.coloured[word] == nil && merged.words.values.contains(where: { $0.contains(word) }) {
                    XCTAssertEqual(merged.colours[word], colour, "colour of \(word), \(context)")
                    XCTAssertEqual(swapped.colours[word], colour, "colour of \(word) the other way round, \(context)")
                }
            }
            for folder in [root, mirror] {
                try expect(0, "check", in: folder)
                try assertRepositorySound(folder)
            }
        }
    }

    private func markdown(_ paragraphs: [[String]]) -> String {
        paragraphs.map { $0.joined(separator: " ") }.joined(separator: "\n\n") + "\n"
    }

    /// Up to four random edits by one side (its new words numbered from `side`), made as a writer makes them: the
    /// `.md` written in an editor, the rest through msx.
    private func edit(_ base: Side, side: Int, in root: URL, random: inout SeededGenerator) throws -> Side {
        var result = base
        var fresh = side
        var trashed = Set<String>()
        func word() -> String { fresh += 1; return ProseWords.word(fresh) }
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let ids = result.documents.keys.sorted()
            let id = ids.randomElement(using: &random)!
            var paragraphs = result.documents[id]!
            let k = Int.random(in: 0..<paragraphs.count, using: &random)
            switch Int.random(in: 0..<8, using: &random) {
            case 0: paragraphs[k][Int.random(in: 0..<paragraphs[k].count, using: &random)] = word()
            case 1: paragraphs[k].insert(word(), at: Int.random(in: 0...paragraphs[k].count, using: &random))
            case 2 where paragraphs[k].count > 2: paragraphs[k].remove(at: Int.random(in: 0..<paragraphs[k].count, using: &random))
            case 3: paragraphs.insert((0..<5).map { _ in word() }, at: Int.random(in: 0...paragraphs.count, using: &random))
            case 4:
                let moved = paragraphs.remove(at: k)
                paragraphs.insert(moved, at: Int.random(in: 0...paragraphs.count, using: &random))
            case 5:
                let words = (0..<5).map { _ in word() }
                result.documents[try addDocument("New \(fresh)", markdown([words]), to: root).id] = [words]
                continue
            case 6:
                try expect(0, "rename", id, "Renamed \(word())", in: root)
                continue
            case 7 where trashed.insert(id).inserted:
                try expect(0, "trash", id, in: root)
                continue
            default:
                try expect(0, "meta", id, "--status", Bool.random(using: &random) ? "Draft" : "Revised", in: root)
                continue
            }
            result.documents[id] = paragraphs
            try write(markdown(paragraphs), to: path(of: id, in: root), in: root)
        }
        // Colours on up to two words of its documents.
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            let id = result.documents.keys.sorted().randomElement(using: &random)!
            let word = result.documents[id]!.joined().randomElement(using: &random)!
            let colour = side == 100_000 ? "#AA0000" : "#0000AA"
            try expect(0, "format", id, "--match", word, "--color", colour, in: root)
            result.coloured[word] = colour
        }
        return result
    }

    /// Merges the draft `name`; any conflict is settled keeping both sides' words (this side's value for
    /// formatting), and the merge recorded. Returns each document's words and every coloured word's colour.
    private func mergeSettlingConflicts(_ name: String, in root: URL, context: String) throws
        -> (words: [String: Set<String>], colours: [String: String]) {
        let merge = try runMsx(["merge", name], in: root)
        XCTAssertTrue([0, 1].contains(merge.exitCode), "merge: \(merge.stderr), \(context)")
        if merge.exitCode == 1 {
            let conflicts = try expect(0, "conflicts", "--json", in: root).json()["conflicts"] as? [[String: Any]] ?? []
            for conflict in conflicts {
                let kind = conflict["kind"] as? String
                let target = conflict["document"] as? String ?? conflict["path"] as? String ?? ""
                let resolved = try runMsx(["resolve", target, "\(conflict["number"] as? Int ?? 1)",
                                           kind == "text" || kind == "deleted" ? "--both" : "--ours"], in: root)
                XCTAssertEqual(resolved.exitCode, 0, "resolve: \(resolved.stderr) \(conflict), \(context)")
            }
            try expect(0, "snapshot", in: root)
        }
        var words: [String: Set<String>] = [:], colours: [String: String] = [:]
        for (id, path) in try documents(in: root) {
            words[id] = Set(try read(path, in: root).split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
            let shown = try expect(0, "show", id, "--as", "json", in: root).json()
            for run in (shown["paragraphs"] as? [[String: Any]] ?? []).flatMap({ $0["runs"] as? [[String: Any]] ?? [] }) {
                guard let colour = (run["attributes"] as? [String: Any])?["foregroundColor"] as? String else { continue }
                for word in (run["text"] as? String ?? "").split(separator: " ") { colours[String(word)] = colour }
            }
        }
        return (words, colours)
    }

    /// Every document of the binder (the Trash's too) with its path, by node id, except the template's.
    private func documents(in root: URL) throws -> [String: String] {
        let binder = try expect(0, "tree", "--json", in: root).json()["binder"] as? [[String: Any]] ?? []
        var result: [String: String] = [:]
        func visit(_ nodes: [[String: Any]]) {
            for node in nodes {
                if node["kind"] as? String == "document", let id = node["id"] as? String, let path = node["path"] as? String,
                   node["title"] as? String != "Chapter 1" { result[id] = path }
                visit(node["children"] as? [[String: Any]] ?? [])
            }
        }
        visit(binder)
        return result
    }

    private func path(of id: String, in root: URL) throws -> String {
        try XCTUnwrap(try documents(in: root)[id], "no document \(id)")
    }
}
