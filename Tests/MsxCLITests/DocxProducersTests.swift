import Foundation
import XCTest

/// Word files from the programs writers and editors use import with the text pandoc extracts from
/// the same files: pandoc's and LibreOffice's (written here, from one sample), and Word's and Google Docs' (laid out
/// as those programs write them, `scripts/make-docx-fixtures.py`). Compared word by word, in order, with each
/// footnote's words after the text (where pandoc's plain text puts them).
final class DocxProducersTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("MsxKitTests/Fixtures/docx")

    private static let sample = """
        # The Harbour

        It was *dark* and **cold** over the old harbour.[^1] The keeper climbed to [the light](https://example.com/light).

        ## Tides

        - high water at six
        - low water at noon
            - slack between

        1. Climb the stair.
        2. Light the lamp.

        > A quoted line, from the log.

        | Tide | Hour |
        | --- | --- |
        | high | six |

        Café, naïve, “quotes” — and an ellipsis…

        [^1]: Not the *new* one.
        """ + "\n"

    /// The words of a text, in order: runs of letters and digits.
    private func words(_ text: String) -> [String] {
        text.split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    /// What msx imported from `file`, as words, its inline footnotes' words moved after the text.
    private func msxWords(_ file: URL, in root: URL) throws -> [String] {
        let created = try expect(0, "import", file.path, "--json", in: root).json()["created"] as? [[String: Any]] ?? []
        let id = try XCTUnwrap(created.first?["id"] as? String, file.lastPathComponent)
        let text = try expect(0, "show", id, "--as", "text", in: root).stdout
        let notes = text.matches(of: #/\^\[([^\]]*)\]/#).map { String($0.1) }
        return words(text.replacing(#/\^\[[^\]]*\]/#, with: " ")) + notes.flatMap(words)
    }

    /// What pandoc extracts from `file` as plain text, as words, without list markers and note numbers.
    private func pandocWords(_ file: URL) throws -> [String] {
        let text = try ExternalTool.run("/usr/bin/pandoc", ["-s", "-t", "plain", "--wrap=none", file.path], package: "pandoc").output
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line).replacing(#/^\s*(?:[-*+•]|\d+[.)]|[a-z][.)]|[ivxlc]+[.)])\s+/#, with: "").replacing(#/\[\d+\]/#, with: " ")
        }
        return words(lines.joined(separator: "\n"))
    }

    func testEachProducersTextMatchesWhatPandocExtracts() throws {
        let markdown = scratch.appendingPathComponent("sample.md")
        try Self.sample.write(to: markdown, atomically: true, encoding: .utf8)
        let fromPandoc = scratch.appendingPathComponent("pandoc.docx")
        _ = try ExternalTool.run("/usr/bin/pandoc", [markdown.path, "-o", fromPandoc.path], package: "pandoc")
        let fromLibreOffice = try LibreOffice.convert(fromPandoc, to: "docx:MS Word 2007 XML", extension: "docx", in: scratch)
        let files = [fromPandoc, fromLibreOffice, fixtures.appendingPathComponent("word.docx"), fixtures.appendingPathComponent("googledocs.docx")]
        let root = try makeProject()
        for file in files {
            let pandoc = try pandocWords(file)
            XCTAssertTrue(pandoc.contains("harbour") && pandoc.contains("slack"), "\(file.lastPathComponent): \(pandoc)")
            XCTAssertEqual(try msxWords(file, in: root), pandoc, file.path)
        }
        // Word's check box (one content in two forms) is one box: the paragraph is a checklist item.
        let json = try expect(0, "show", "word", "--as", "json", in: root).json()
        let last = try XCTUnwrap((json["paragraphs"] as? [[String: Any]])?.last)
        XCTAssertEqual(last["text"] as? String, "Oil the hinge.")
        XCTAssertEqual((last["attributes"] as? [String: Any])?["checklist"] as? String, "unchecked")
        try expect(0, "check", in: root)
    }
}
