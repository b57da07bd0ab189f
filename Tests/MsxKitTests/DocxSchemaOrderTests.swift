import XCTest
@testable import MsxConvert
@testable import MsxModel

/// Word refuses (or silently drops) paragraph and run properties out of the order the WordprocessingML schema
/// gives (ECMA-376 Part 1, 17.3.1.26 `pPr` and 17.3.2.28 `rPr`), and no reader on Debian checks that order: this
/// test does, with every attribute set at once.
final class DocxSchemaOrderTests: XCTestCase {
    /// The schema's sequences, for the elements msx writes (and their neighbours).
    private static let paragraphSequence = ["pStyle", "keepNext", "keepLines", "pageBreakBefore", "framePr", "widowControl",
                                            "numPr", "suppressLineNumbers", "pBdr", "shd", "tabs", "suppressAutoHyphens",
                                            "spacing", "ind", "contextualSpacing", "jc", "textDirection", "outlineLvl", "rPr"]
    private static let runSequence = ["rStyle", "rFonts", "b", "bCs", "i", "iCs", "caps", "smallCaps", "strike", "dstrike",
                                      "vanish", "color", "spacing", "w", "kern", "position", "sz", "szCs", "highlight", "u",
                                      "effect", "bdr", "shd", "fitText", "vertAlign", "lang"]

    /// The names of the top-level elements of an XML fragment, in order.
    private func children(_ xml: String) -> [String] {
        var names: [String] = [], depth = 0
        var scanner = xml[...]
        while let open = scanner.firstIndex(of: "<") {
            let close = scanner[open...].firstIndex(of: ">")!
            let tag = scanner[scanner.index(after: open)..<close]
            if tag.hasPrefix("/") {
                depth -= 1
            } else {
                if depth == 0 { names.append(String(tag.dropFirst(2).prefix { $0 != " " && $0 != "/" })) }
                if !tag.hasSuffix("/") { depth += 1 }
            }
            scanner = scanner[scanner.index(after: close)...]
        }
        return names
    }

    private func assertInOrder(_ names: [String], _ sequence: [String], file: StaticString = #filePath, line: UInt = #line) {
        let positions = names.map { sequence.firstIndex(of: $0) }
        XCTAssertFalse(positions.contains(nil), "not in the schema's sequence: \(names)", file: file, line: line)
        let known = positions.compactMap { $0 }
        XCTAssertEqual(known, known.sorted(), "out of the schema's order: \(names)", file: file, line: line)
        XCTAssertEqual(Set(known).count, known.count, "repeated: \(names)", file: file, line: line)
    }

    func testParagraphAndRunPropertiesFollowTheSchemaOrder() {
        let character: Attributes = [
            .fontFamily: "Baskerville", .fontSize: 13, .bold: true, .italic: true, .underline: "double", .strikethrough: true,
            .foregroundColor: "#8B0000", .backgroundColor: "#FFFF00",
        ]
        let runs = children(DocxParagraphWriter.characterProperties(character, superscript: true))
        XCTAssertEqual(runs.count, 12, "\(runs)")
        assertInOrder(runs, Self.runSequence)
        let paragraph: Attributes = [
            .alignment: "justified", .firstLineHeadIndent: 36, .headIndent: 18, .tailIndent: -9, .lineHeightMultiple: 2,
            .paragraphSpacingBefore: 6, .paragraphSpacing: 12, .tabStops: [72, 144], .style: "Body", .pageBreakBefore: true,
            .listFormat: "decimal",
        ]
        let sheet = StyleSheet(manifest: .empty)
        let resolved = ResolvedParagraph(index: 0, kind: .listItem, text: "One", attributes: paragraph,
                                         runs: [ResolvedRun(range: 0..<3, text: "One", attributes: character)], listDepth: 1)
        var writer = DocxParagraphWriter(tables: OutputTables([resolved], sheet: sheet), sheet: sheet)
        let xml = writer.write(resolved, at: 0)
        let properties = xml.range(of: "<w:pPr>").flatMap { start in
            xml.range(of: "</w:pPr>").map { String(xml[start.upperBound..<$0.lowerBound]) }
        } ?? ""
        let names = children(properties)
        XCTAssertEqual(names, ["pStyle", "pageBreakBefore", "numPr", "tabs", "spacing", "ind", "jc"])
        assertInOrder(names, Self.paragraphSequence)
        let heading = ResolvedParagraph(index: 0, kind: .heading(level: 2, setext: false), text: "Two",
                                        attributes: paragraph, runs: [])
        let headingXML = writer.write(heading, at: 1)
        assertInOrder(children(String(headingXML.split(separator: ">", maxSplits: 1)[1])
            .components(separatedBy: "<w:pPr>").last!.components(separatedBy: "</w:pPr>").first!), Self.paragraphSequence)
    }

    /// Style ids are letters and digits, unique, and never the default style's.
    func testStyleIDsAreUnique() {
        XCTAssertEqual(DocxStyles.ids(of: ["Scene Break", "Scene-Break", "Normal", "---", "Heading 1"]),
                       ["Scene Break": "SceneBreak", "Scene-Break": "SceneBreak2", "Normal": "Normal2", "---": "Style",
                        "Heading 1": "Heading1"])
    }
}
