import Foundation
import XCTest

/// `msx show` in its four forms.
final class ShowTests: MsxTestCase {
    static let sample = """
        # The Harbour

        Rain came *sideways*, and **the boats** knocked.

        - [x] Check the tide tables
        - [ ] Mend the net

        > Keep the lamp lit.

        """

    /// A blank project with the sample as "Harbour".
    private func sampleProject() throws -> URL {
        let root = try makeProject()
        try addDocument("Harbour", Self.sample, to: root)
        return root
    }

    func testTextShowsChecklistBoxes() throws {
        let root = try sampleProject()
        let text = try expect(0, "show", "Harbour", "--as", "text", in: root).stdout
        XCTAssertEqual(text, """
            The Harbour

            Rain came sideways, and the boats knocked.

            [x] Check the tide tables

            [ ] Mend the net

            Keep the lamp lit.

            """)
        XCTAssertEqual(try expect(0, "show", "Harbour", in: root).stdout, text, "text is the default")
    }

    func testMarkdownIsByteIdentical() throws {
        let root = try makeProject("novel")
        let path = "contents/draft/part-one/chapter-1/scene-1.md"
        try write(try read(path, in: root).replacingOccurrences(of: "\n", with: "\r\n"), to: path, in: root)
        let shown = try expect(0, "show", path, "--as", "markdown", in: root)
        XCTAssertEqual(Data(shown.stdout.utf8), try bytes(path, in: root))
    }

    func testHTMLIsAFullPageWithBold() throws {
        let root = try sampleProject()
        try expect(0, "format", "Harbour", "--match", "Rain", "--underline", in: root)
        let html = try expect(0, "show", "Harbour", "--as", "html", in: root).stdout
        XCTAssertTrue(html.lowercased().hasPrefix("<!doctype html>"), String(html.prefix(80)))
        for part in ["<html", "<head", "<meta charset=\"utf-8\">", "<title>Harbour</title>", "<body", "</body>", "</html>"] {
            XCTAssertTrue(html.contains(part), "missing \(part)")
        }
        XCTAssertTrue(html.contains("<strong>the boats</strong>") || html.contains("font-weight: bold"), html)
        XCTAssertTrue(html.contains("underline"), html)
        XCTAssertTrue(html.contains("sideways"), html)
    }

    func testJSONModel() throws {
        let root = try sampleProject()
        let doc = try node(titled: "Harbour", in: root)
        let json = try expect(0, "show", "Harbour", "--as", "json", in: root).json()
        XCTAssertEqual(json["schemaVersion"] as? Int, 1)
        let document = json["document"] as? [String: Any]
        XCTAssertEqual(document?["id"] as? String, doc.id)
        XCTAssertEqual(document?["path"] as? String, doc.path)
        XCTAssertEqual(document?["title"] as? String, "Harbour")
        XCTAssertEqual(json["warnings"] as? [String], [])
        let paragraphs = json["paragraphs"] as? [[String: Any]] ?? []
        XCTAssertEqual(paragraphs.compactMap { $0["kind"] as? String }, ["heading", "paragraph", "listItem", "listItem", "paragraph"])
        XCTAssertEqual(paragraphs.compactMap { $0["index"] as? Int }, [0, 1, 2, 3, 4])
        let attributes = paragraphs.map { $0["attributes"] as? [String: Any] ?? [:] }
        XCTAssertEqual(attributes[0]["headingLevel"] as? Int, 1)
        XCTAssertEqual(attributes[2]["checklist"] as? String, "checked")
        XCTAssertEqual(attributes[3]["checklist"] as? String, "unchecked")
        XCTAssertEqual(attributes[4]["quoteDepth"] as? Int, 1)
        for paragraph in paragraphs {
            let text = paragraph["text"] as? String ?? ""
            let runs = paragraph["runs"] as? [[String: Any]] ?? []
            XCTAssertEqual(runs.compactMap { $0["text"] as? String }.joined(), text, "runs must cover the text exactly")
            XCTAssertEqual(runs.last?["end"] as? Int, text.utf16.count)
            for run in runs {
                let keys = Set((run["attributes"] as? [String: Any] ?? [:]).keys)
                XCTAssertTrue(keys.isSuperset(of: ["bold", "italic", "underline", "strikethrough", "code", "link",
                                                   "fontFamily", "fontSize", "foregroundColor", "backgroundColor"]), "\(keys)")
            }
        }
        let second = paragraphs[1]["runs"] as? [[String: Any]] ?? []
        let italic = second.filter { ($0["attributes"] as? [String: Any])?["italic"] as? Bool == true }
        XCTAssertEqual(italic.compactMap { $0["text"] as? String }, ["sideways"])
        // --json means the JSON model whatever --as says.
        XCTAssertEqual(try expect(0, "show", "Harbour", "--json", in: root).stdout,
                       try expect(0, "show", "Harbour", "--as", "json", in: root).stdout)
    }

    /// With no `defaults` in the manifest, the reference defaults of the format apply (section 7).
    func testJSONResolvesReferenceDefaults() throws {
        let root = try sampleProject()
        let paragraphs = try paragraphs(of: "Harbour", in: root)
        let body = paragraphs[1]["attributes"] as? [String: Any] ?? [:]
        XCTAssertEqual(body["style"] as? String, "Body")
        XCTAssertEqual(jsonNumber(body["firstLineHeadIndent"]), 36)
        XCTAssertEqual(jsonNumber(body["lineHeightMultiple"]), 1.2)
        let run = (paragraphs[1]["runs"] as? [[String: Any]])?.first?["attributes"] as? [String: Any] ?? [:]
        XCTAssertEqual(run["fontFamily"] as? String, "Palatino")
        XCTAssertEqual(jsonNumber(run["fontSize"]), 13)
        let heading = (paragraphs[0]["runs"] as? [[String: Any]])?.first?["attributes"] as? [String: Any] ?? [:]
        XCTAssertEqual(jsonNumber(heading["fontSize"]), 24)
        XCTAssertEqual(heading["bold"] as? Bool, true)
    }

    func testShowIsReadOnly() throws {
        let root = try sampleProject()
        try expect(0, "format", "Harbour", "--match", "Rain", "--underline", in: root)
        let before = snapshot(root)
        for form in ["text", "markdown", "html", "json"] { try expect(0, "show", "Harbour", "--as", form, in: root) }
        assertSameSnapshot(before, snapshot(root))
        try expect(64, "show", "Harbour", "--as", "pdf", in: root)
    }
}
