import Foundation
import XCTest

/// Every generation of Scrivener that writes the older format (Scrivener for Windows 1.8 and 1.9, Scrivener 2 and
/// 1 for Mac) comes across: its binder and metadata, each text as LibreOffice reads the same RTF, and each snapshot
/// a version, in date order, titled as its index says.
final class ScrivenerGenerationTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    /// A node of the manifest by title.
    private func node(_ title: String, in root: URL) throws -> [String: Any] {
        try XCTUnwrap(try nodes(root).first { $0.title == title }?.fields, title)
    }

    /// Text as lines a reader sees, blank lines left out (LibreOffice's plain text starts with a byte order mark).
    private func lines(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\u{FEFF}", with: "").split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
    }

    func testEveryOlderGenerationComesAcrossAsLibreOfficeReadsIt() throws {
        var shown: [[String]] = [], files: [URL] = [], names: [String] = []
        for generation in ScrivenerFixture.OlderGeneration.allCases {
            let source = try ScrivenerFixture.scrivener2(in: scratch.appendingPathComponent(generation.rawValue), generation: generation)
            let root = scratch.appendingPathComponent("harbour-\(generation.rawValue)")
            let report = try expect(0, "init", root.path, "--from", source.path, "--json", in: scratch).json()
            XCTAssertEqual(report["documents"] as? Int, 2, "\(generation): \(report)")
            XCTAssertEqual(report["snapshots"] as? Int, 2, "\(generation)")
            XCTAssertEqual(report["problems"] as? [String], [], "\(generation): nothing is damaged")
            let chapter = try node("Chapter One", in: root)
            XCTAssertEqual(chapter["label"] as? String, "Chapter", "\(generation)")
            XCTAssertEqual(chapter["status"] as? String, "Revised")
            XCTAssertEqual(chapter["synopsis"] as? String, "Nothing happens, slowly.")
            XCTAssertNil(chapter["target"], "a target of 0 is none")
            XCTAssertEqual(try node("Cut scene", in: root)["includeInCompile"] as? Bool, false)
            XCTAssertEqual(try expect(0, "show", "Chapter One", "--notes", in: root).stdout, "Too slow?\n", "\(generation)")
            let log = try expect(0, "log", "Chapter One", "--json", in: root).json()["versions"] as? [[String: Any]] ?? []
            let titled = generation.snapshotIndex
            XCTAssertEqual(log.map { $0["message"] as? String },
                           ["Imported from Scrivener: Harbour", titled ? "Quiet harbour" : "Untitled Snapshot", titled ? "Opening line" : "Untitled Snapshot"],
                           "\(generation)")
            XCTAssertEqual(log.compactMap { $0["date"] as? String }.suffix(2), ["2012-08-02T15:46:01-05:00", "2012-07-17T19:49:41Z"], "\(generation)")
            try expect(0, "check", in: root)
            // Today's text and each snapshot's, for LibreOffice to read from the same RTF.
            let docs = source.appendingPathComponent("Files/Docs")
            let snapshots = source.appendingPathComponent("Snapshots/3.snapshots")
            for (revision, file) in [(nil, generation == .mac1 ? docs.appendingPathComponent("3.rtfd/TXT.rtf") : docs.appendingPathComponent("3.rtf")),
                                     (log[2]["short"] as? String, snapshots.appendingPathComponent("2012-07-17-19-49-41+0000.rtf")),
                                     (log[1]["short"] as? String, snapshots.appendingPathComponent("2012-08-02-15-46-01-0500.rtf"))] {
                shown.append(lines(try expect(0, "show", "Chapter One" + (revision.map { "@" + $0 } ?? ""), in: root).stdout))
                files.append(file)
                names.append("\(generation) \(revision ?? "today")")
            }
        }
        let libreOffice = try LibreOffice.plainTexts(of: files, in: scratch).map(lines)
        for (name, (msx, read)) in zip(names, zip(shown, libreOffice)) { XCTAssertEqual(msx, read, name) }
        XCTAssertEqual(shown.count, 12)
    }

    /// Scrivener 1 and 2 keep a text's pictures in its RTFD package, named by `\NeXTGraphic`: a PNG comes across as
    /// a picture of the document, in its place; one msx cannot keep (a TIFF) is named, never dropped in silence; the
    /// mark Cocoa writes for each (¬) is no word.
    func testPicturesOfAnRTFDPackageComeAcrossOrAreNamed() throws {
        let source = try ScrivenerFixture.scrivener2(in: scratch, generation: .mac1)
        let package = source.appendingPathComponent("Files/Docs/3.rtfd")
        let png = Data(base64Encoded: EpubCompileTests.onePixelPNG)!
        try png.write(to: package.appendingPathComponent("harbour map.png"))
        try Data([0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00]).write(to: package.appendingPathComponent("Pasted Graphic.tiff"))
        try #"""
            {\rtf1\ansi\ansicpg1252\cocoartf949
            {\fonttbl\f0\fswiss\fcharset0 Helvetica;}
            \pard\f0\fs24 The harbour was quiet.\
            {{\NeXTGraphic harbour map.png \width2880 \height1920
            }\'ac}\
            Gulls sat on the wall.{{\NeXTGraphic Pasted Graphic.tiff \width200 \height200
            }\'ac}}
            """#.write(to: package.appendingPathComponent("TXT.rtf"), atomically: true, encoding: .utf8)
        let root = scratch.appendingPathComponent("harbour")
        let report = try expect(0, "init", root.path, "--from", source.path, "--json", in: scratch).json()
        XCTAssertEqual(report["problems"] as? [String], [
            "Chapter One: 1 picture in its text left out (msx keeps PNG, JPEG and GIF pictures; save it as one of those in Scrivener and import again)",
        ])
        let chapter = try XCTUnwrap(try nodes(root).first { $0.title == "Chapter One" })
        let markdown = try read(chapter.path, in: root)
        let name = try XCTUnwrap(markdown.firstMatch(of: #/!\[\]\((picture-[0-9a-f]+\.png)\)/#)?.1, markdown)
        let folder = (chapter.path as NSString).deletingLastPathComponent
        XCTAssertEqual(try Data(contentsOf: root.appendingPathComponent(folder + "/" + name)), png)
        XCTAssertEqual(lines(markdown.replacingOccurrences(of: "![](\(name))", with: "")), ["The harbour was quiet.", "Gulls sat on the wall."])
        XCTAssertFalse(markdown.contains("¬"), markdown)
        try expect(0, "check", in: root)
    }
}
