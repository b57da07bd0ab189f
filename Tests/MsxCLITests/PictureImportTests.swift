import Foundation
import MsxTestSupport
import XCTest

/// Pictures come in with the text. A PNG or JPEG in a Word file (DrawingML or VML) or an RTF file
/// (`\pict\pngblip`, `\jpegblip`) is written beside the imported document, named by its bytes, and shown where it
/// stood (`![](picture-….png)`); pictures msx cannot show (WMF, EMF) are left out with a warning.
final class PictureImportTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    private var dot: Data { Data(base64Encoded: EpubCompileTests.onePixelPNG)! }

    /// A project whose draft document Harbour shows dot.png between bold words.
    private func book() throws -> URL {
        let root = try makeProject()
        try expect(0, "trash", "Chapter 1", in: root)
        try dot.write(to: root.appendingPathComponent("contents/draft/dot.png"))
        try addDocument("Harbour", "A light ![the lamp](dot.png) on **the** wall.\n", to: root)
        return root
    }

    /// The imported document's Markdown and the bytes of the one picture beside it.
    private func imported(_ name: String, in root: URL) throws -> (markdown: String, picture: Data?) {
        let markdown = try read("contents/research/\(name).md", in: root)
        let file = markdown.firstMatch(of: #/!\[\]\((picture-[0-9a-f]{16}\.png)\)/#).map { String($0.1) }
        return (markdown, try file.map { try Data(contentsOf: root.appendingPathComponent("contents/research/" + $0)) })
    }

    func testPicturesComeBackFromWordAndRTFAsWrittenByMsxAndByLibreOffice() throws {
        let root = try book()
        let docx = scratch.appendingPathComponent("harbour.docx")
        try expect(0, "compile", "--out", docx.path, in: root)
        let resaved = try LibreOffice.convert(docx, to: "docx:MS Word 2007 XML", extension: "docx", in: scratch)
        let rtf = try LibreOffice.convert(docx, to: "rtf", extension: "rtf", in: scratch)
        for (index, file) in [docx, resaved, rtf].enumerated() {
            let result = try expect(0, "import", file.path, "--into", "Research", "--json", in: root).json()
            XCTAssertEqual(result["warnings"] as? [String], [], file.lastPathComponent)
            let (markdown, picture) = try imported("harbour" + (index == 0 ? "" : "-\(index + 1)"), in: root)
            XCTAssertTrue(markdown.hasPrefix("A light ![](picture-"), markdown)
            XCTAssertTrue(markdown.hasSuffix(") on **the** wall.\n"), markdown)
            XCTAssertEqual(picture, dot, "\(file.lastPathComponent): the picture's bytes")
        }
        try expect(0, "check", in: root)
        // The imported document compiles with its picture again.
        let html = try expect(0, "compile", "--root", "Research", "--format", "html", in: root).stdout
        XCTAssertTrue(html.contains("<img src=\"picture-"), html)
    }

    func testWordsRTFPictureComesInAndOthersAreNamedAsLeftOut() throws {
        let root = try makeProject()
        let hex = dot.map { String(format: "%02x", $0) }.joined()
        // As Word writes it: the PNG for readers that can, a metafile for those that cannot (skipped, not counted);
        // an EMF alone is a picture msx cannot show.
        let rtf = "{\\rtf1\\ansi{\\fonttbl{\\f0 Times;}}\\pard A dot {\\*\\shppict{\\pict\\pngblip\\picw1\\pich1 \(hex)}}"
            + "{\\nonshppict{\\pict\\wmetafile8 0102}} and {\\pict\\emfblip 0102} end.\\par}"
        let file = scratch.appendingPathComponent("dot.rtf")
        try rtf.write(to: file, atomically: true, encoding: .utf8)
        let result = try expect(0, "import", file.path, "--into", "Research", "--json", in: root).json()
        XCTAssertEqual(result["warnings"] as? [String], ["\(file.path): 1 picture skipped"])
        let (markdown, picture) = try imported("dot", in: root)
        XCTAssertTrue(markdown.hasPrefix("A dot ![](picture-") && markdown.hasSuffix(") and  end.\n"), markdown)
        XCTAssertEqual(picture, dot)
        // Nothing is written on a dry run.
        try expect(0, "import", file.path, "--into", "Research", "--dry-run", in: root)
        let files = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("contents/research").path)
        XCTAssertEqual(files.filter { $0.hasPrefix("picture-") }.count, 1, "\(files)")
    }
}
