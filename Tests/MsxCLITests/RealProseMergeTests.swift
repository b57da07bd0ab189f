import Foundation
import MsxKit
import MsxTestSupport
import XCTest

/// The merge contract on real prose against git's own merge: msx's README as git holds it (21 revisions written over
/// two weeks, `Fixtures/history/readme-revisions.txt`), rewritten one paragraph a line as writers who keep prose in
/// git do, merged as triples of consecutive and non-consecutive revisions by `DocumentMerge` and by
/// `git merge-file --diff3`. git is the oracle, msx's merge is never asked what the answer should be:
/// - where git merges cleanly, msx's text equals git's, or msx reports a conflict;
/// - where git conflicts, and also conflicts word by word (git merging the three texts cut one word or mark a line)
///   with words written on both sides, msx reports a conflict over those words, or (where git's word alignment
///   parts from its line alignment) msx's text holds every side's edit of those words, counted;
/// - no line (paragraph, heading, list item, code line) is in msx's result, its conflicts resolved `--ours` or
///   `--theirs`, more often than on either side;
/// - lines that are not prose (a Markdown comment, a link definition, an HTML block) added by one side are placed
///   exactly where git's line merge places them.
final class RealProseMergeTests: XCTestCase {
    private struct Tally: CustomStringConvertible {
        var triples = 0, gitClean = 0, equal = 0, gitConflicted = 0, wordConflicts = 0, found = 0, counted = 0

        var description: String {
            "\(triples) triples: git clean in \(gitClean) (msx the same text in \(equal), a conflict in "
                + "\(gitClean - equal)); git conflicts in \(gitConflicted), \(wordConflicts) conflicting word by word "
                + "too: a conflict in msx over those words in \(found), msx's text holding each side's edits of them in \(counted)"
        }
    }

    func testRealRevisionsMergeAsGitDoesOrConflict() throws {
        let revisions = try Self.revisions().map(Self.oneParagraphALine)
        var tally = Tally()
        for (base, ours, theirs) in Self.triples(count: revisions.count) {
            try check(base: revisions[base], ours: revisions[ours], theirs: revisions[theirs],
                      context: "base r\(base), ours r\(ours), theirs r\(theirs)", tally: &tally, theirsHoldsOurs: base < ours)
        }
        print("real prose merge: \(tally)")
        XCTAssertGreaterThan(tally.wordConflicts, 0, "no hunk conflicted word by word: the test checks nothing there")
        XCTAssertGreaterThan(tally.equal, tally.triples / 4, "msx conflicted on most merges git made cleanly")
    }

    func testNonProseLinesAddedByOneSideLandWhereGitPutsThem() throws {
        let revisions = try Self.revisions().map(Self.oneParagraphALine)
        let lines = ["[//]: # (TODO: check the figures against the last bench run)",
                     "[bench]: https://example.org/bench \"Benchmarks\"",
                     "<!-- the editor's note: shorter? -->",
                     "<div class=\"aside\">\nKept apart.\n</div>"]
        var tally = Tally(), placed = 0
        for index in 0..<revisions.count - 1 {
            var blocks = revisions[index].components(separatedBy: "\n\n")
            let at = (index * 7919) % (blocks.count - 1) + 1
            let line = lines[index % lines.count]
            blocks.insert(line, at: at)
            let ours = blocks.joined(separator: "\n\n")
            for later in index + 1..<min(revisions.count, index + 4) {
                let context = "r\(index) with a line at block \(at), theirs r\(later)"
                try check(base: revisions[index], ours: ours, theirs: revisions[later], context: context, tally: &tally,
                          mustBeClean: later == index + 1)
                // Where the line's neighbour in ours is in the merge, the line is beside it, as git's line merge
                // puts it.
                let merged = DocumentMerge.merge(base: .init(markdown: revisions[index], sidecar: nil), ours: .init(markdown: ours, sidecar: nil),
                                                 theirs: .init(markdown: revisions[later], sidecar: nil))
                let result = Self.resolving(merged.markdown, merged.conflicts.filter { $0.kind != .formatting }, .ours)
                XCTAssertEqual(result.components(separatedBy: line).count, 2, "the line is not in the merge once; \(context)")
                let (before, after) = (Self.neighbours(of: line, in: ours), Self.neighbours(of: line, in: result))
                let kept = Set(result.components(separatedBy: "\n\n"))
                if kept.contains(before.0) || kept.contains(before.1) {
                    placed += 1
                    XCTAssertTrue(before.0 == after.0 || before.1 == after.1,
                                  "the line moved: in ours after '\(before.0.prefix(60))', in the merge after '\(after.0.prefix(60))'; \(context)")
                }
            }
        }
        print("non-prose lines: \(tally); \(placed) lines beside their neighbour")
    }

    /// The paragraphs (blocks parted by a blank line) before and after `line` in `text`.
    private static func neighbours(of line: String, in text: String) -> (String, String) {
        let blocks = text.components(separatedBy: "\n\n")
        guard let at = blocks.firstIndex(where: { $0.contains(line) }) else { return ("", "") }
        return (at > 0 ? blocks[at - 1] : "", at + 1 < blocks.count ? blocks[at + 1] : "")
    }

    // MARK: One merge against git's

    /// - Parameter theirsHoldsOurs: theirs is a later revision than ours, written from it.
    private func check(base: String, ours: String, theirs: String, context: String, tally: inout Tally,
                       theirsHoldsOurs: Bool = false, mustBeClean: Bool = false) throws {
        tally.triples += 1
        let merged = DocumentMerge.merge(base: .init(markdown: base, sidecar: nil), ours: .init(markdown: ours, sidecar: nil),
                                         theirs: .init(markdown: theirs, sidecar: nil))
        let conflicts = merged.conflicts.filter { $0.kind != .formatting }
        let git = try Self.gitMerge(base: base, ours: ours, theirs: theirs)
        if git.hunks.isEmpty {
            tally.gitClean += 1
            if conflicts.isEmpty {
                if merged.markdown == git.text { tally.equal += 1 } else {
                    XCTFail("clean in both, different text; \(context)\n" + Fixture.firstDifference(merged.markdown, git.text))
                }
            } else {
                XCTAssertFalse(mustBeClean, "msx conflicts where git merged cleanly; \(context): "
                               + "\(conflicts.map { ($0.base, $0.ours, $0.theirs) })")
            }
        } else {
            tally.gitConflicted += 1
        }
        // git's merge of the same texts cut one word or mark a line: each of its conflicts where both sides wrote
        // something (one side deleting what the other changed is where msx follows a moved paragraph) is a conflict
        // in msx over the same words.
        let texts = (base: base, ours: ours, theirs: theirs)
        let byWord = git.hunks.isEmpty ? [] : try Self.gitMerge(base: Self.cut(base), ours: Self.cut(ours), theirs: Self.cut(theirs)).hunks
        for hunk in byWord where !hunk.ours.isEmpty && !hunk.theirs.isEmpty {
            tally.wordConflicts += 1
            let (base, ours, theirs) = (Self.words(hunk.base), Self.words(hunk.ours), Self.words(hunk.theirs))
            let words = base.symmetricDifference(ours).union(base.symmetricDifference(theirs))
            let covering = conflicts.contains { !Self.words($0.base + " " + $0.ours + " " + $0.theirs).isDisjoint(with: words) }
            if covering { tally.found += 1 } else if (theirsHoldsOurs && merged.markdown == texts.theirs) || [ConflictChoice.ours, .theirs].allSatisfy({ choice in
                Self.holdsEverySideEdit(of: words, texts, merged: Self.resolving(merged.markdown, conflicts, choice))
            }) {
                // git's word alignment differs from its line alignment (a passage moved, or one side's change made
                // by the other too): msx's text holds each side's edits of those words, counted, or is the later
                // revision, which was written from the earlier.
                tally.counted += 1
                continue
            }
            XCTAssertTrue(covering, "git conflicts word by word, msx has no conflict over those words; \(context)\n"
                          + "base: \(hunk.base.split(separator: "\n").joined(separator: " "))\n"
                          + "ours: \(hunk.ours.split(separator: "\n").joined(separator: " "))\n"
                          + "theirs: \(hunk.theirs.split(separator: "\n").joined(separator: " "))\n"
                          + "msx: \(conflicts.map { ($0.base, $0.ours, $0.theirs) })")
        }
        let (oursLines, theirsLines) = (Self.lineCounts(ours), Self.lineCounts(theirs))
        for choice in [ConflictChoice.ours, .theirs] {
            let resolved = Self.resolving(merged.markdown, conflicts, choice)
            // A line in neither side is a paragraph both sides changed, merged: once.
            for (line, count) in Self.lineCounts(resolved) where count > max(oursLines[line, default: 0], theirsLines[line, default: 0], 1) {
                XCTFail("'\(line.prefix(120))' \(count) times in the merge (conflicts resolved \(choice)), "
                        + "\(oursLines[line, default: 0]) in ours, \(theirsLines[line, default: 0]) in theirs; \(context)")
            }
        }
    }

    /// The merged text with every conflict settled as `choice` says, the last first so offsets hold.
    private static func resolving(_ markdown: String, _ conflicts: [MergeConflict], _ choice: ConflictChoice) -> String {
        var units = Array(markdown.utf16)
        for conflict in conflicts.sorted(by: { $0.offset > $1.offset }) {
            units.replaceSubrange(conflict.offset..<conflict.offset + conflict.placed.utf16.count,
                                  with: Array(conflict.replacement(choosing: choice).utf16))
        }
        return String(decoding: units, as: UTF16.self)
    }

    // MARK: git, the oracle

    private struct Hunk {
        var base = "", ours = "", theirs = ""
    }

    /// `git merge-file -p --diff3`: the merged text, and each conflicting hunk's three sides.
    private static func gitMerge(base: String, ours: String, theirs: String) throws -> (text: String, hunks: [Hunk]) {
        let output = try mergeFile(base: base, ours: ours, theirs: theirs)
        var hunks: [Hunk] = []
        var side: WritableKeyPath<Hunk, String>?
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("<<<<<<< ") { hunks.append(Hunk()); side = \.ours; continue }
            if line.hasPrefix("||||||| ") { side = \.base; continue }
            if line == "=======" { side = \.theirs; continue }
            if line.hasPrefix(">>>>>>> ") { side = nil; continue }
            if let side { hunks[hunks.count - 1][keyPath: side] += line + "\n" }
        }
        return (output, hunks)
    }

    /// A text cut one word or mark a line, a line break as `¶`.
    private static func cut(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { tokens(String($0)) + ["¶"] }
            .joined().joined(separator: "\n") + "\n"
    }

    private static func mergeFile(base: String, ours: String, theirs: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("msx-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in [("ours", ours), ("base", base), ("theirs", theirs)] {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        let result = try ExternalTool.run("/usr/bin/git", ["-C", folder.path, "merge-file", "-p", "--diff3", "ours", "base", "theirs"],
                                          package: "git")
        XCTAssertGreaterThanOrEqual(result.status, 0, "git merge-file failed")
        return result.output
    }

    // MARK: The material

    private static func revisions() throws -> [String] {
        let file = MsxRunner.packageRoot.appendingPathComponent("Tests/MsxCLITests/Fixtures/history/readme-revisions.txt")
        let text = try String(contentsOf: file, encoding: .utf8)
        return text.components(separatedBy: "\n").split { $0.hasPrefix("%%% msx revision ") }
            .map { $0.joined(separator: "\n").trimmingCharacters(in: .newlines) + "\n" }
    }

    /// The revision with each hard-wrapped paragraph and list item joined into one line; headings, table rows,
    /// indented and fenced code keep their lines.
    private static func oneParagraphALine(_ text: String) -> String {
        var lines: [String] = []
        var fenced = false, joining = false
        for line in text.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") { fenced.toggle(); joining = false; lines.append(line); continue }
            let standsAlone = fenced || trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix("|")
                || line.hasPrefix("    ") || line.hasPrefix("\t")
            let startsItem = trimmed.range(of: #"^([-*+]|\d+[.)])\s"#, options: .regularExpression) != nil
            if joining, !standsAlone, !startsItem {
                lines[lines.count - 1] += " " + trimmed
            } else {
                lines.append(line)
                joining = !standsAlone
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Base, ours and theirs: consecutive revisions, the base between the two sides, and revisions further apart.
    private static func triples(count: Int) -> [(Int, Int, Int)] {
        var triples: [(Int, Int, Int)] = []
        for base in 0..<count {
            for ours in base + 1..<min(count, base + 5) {
                for theirs in ours + 1..<min(count, base + 7) { triples.append((base, ours, theirs)) }
            }
            if base > 0, base + 1 < count { triples.append((base, base - 1, base + 1)) }
        }
        return triples
    }

    // MARK: Words and lines, counted apart from msx

    /// Words (letters and digits) and every other character but spaces, each a token.
    private static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var word = ""
        for character in text {
            if character.isLetter || character.isNumber {
                word.append(character)
                continue
            }
            if !word.isEmpty { tokens.append(word); word = "" }
            if !character.isWhitespace { tokens.append(String(character)) }
        }
        if !word.isEmpty { tokens.append(word) }
        return tokens
    }

    /// Whether `merged` holds each of `words` as often as both sides' edits give: each side's additions and
    /// deletions of it applied, or, where both sides made the same one, applied once.
    private static func holdsEverySideEdit(of words: Set<String>, _ texts: (base: String, ours: String, theirs: String),
                                           merged: String) -> Bool {
        let count = { (text: String) in tokens(text).reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 } }
        let (b, o, t, m) = (count(texts.base), count(texts.ours), count(texts.theirs), count(merged))
        return words.allSatisfy { word in
            let base = b[word, default: 0]
            let (ours, theirs) = (o[word, default: 0] - base, t[word, default: 0] - base)
            let both = max(0, base + ours + theirs), once = base + (abs(ours) >= abs(theirs) ? ours : theirs)
            return (min(both, once)...max(both, once)).contains(m[word, default: 0])
        }
    }

    private static func words(_ text: String) -> Set<String> {
        Set(tokens(text).filter { $0.first?.isLetter == true || $0.first?.isNumber == true })
    }

    private static func lineCounts(_ text: String) -> [String: Int] {
        text.split(separator: "\n").map(String.init).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }
}
