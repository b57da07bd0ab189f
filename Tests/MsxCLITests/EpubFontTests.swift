import Foundation
import MsxConvert
import MsxTestSupport
import XCTest

/// An EPUB embeds the font files the project supplies for the families the book uses (and no
/// others), each with its `@font-face`, and stays valid for epubcheck; what msx reads from a font file (family,
/// weight, italic) is what fontconfig reads from it.
final class EpubFontTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    /// A TrueType (or OpenType, `openType`) file holding only the tables msx reads: `name` (family and style, as
    /// Windows English names) and `OS/2` (weight class and the italic bit).
    private static func font(family: String, style: String, weight: UInt16, italic: Bool, openType: Bool = false) -> Data {
        func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func be32(_ value: Int) -> [UInt8] { be16(value >> 16) + be16(value & 0xFFFF) }
        let strings = [family, style].map { Array($0.utf16).flatMap { be16(Int($0)) } }
        var name = be16(0) + be16(strings.count) + be16(6 + 12 * strings.count), offset = 0
        for (index, string) in strings.enumerated() {
            name += be16(3) + be16(1) + be16(0x409) + be16(index + 1) + be16(string.count) + be16(offset)
            offset += string.count
        }
        name += strings.flatMap { $0 }
        var os2 = [UInt8](repeating: 0, count: 78)
        os2.replaceSubrange(4..<6, with: be16(Int(weight)))
        os2.replaceSubrange(62..<64, with: be16(italic ? 1 : 0x40))
        let tables = [("OS/2", os2), ("name", name)]
        var out = be32(openType ? 0x4F54_544F : 0x0001_0000) + be16(tables.count) + be16(0) + be16(0) + be16(0)
        var position = 12 + 16 * tables.count
        for (tag, bytes) in tables {
            out += Array(tag.utf8) + be32(0) + be32(position) + be32(bytes.count)
            position += bytes.count
        }
        return Data(out + tables.flatMap(\.1))
    }

    func testFamiliesTheBookUsesAreEmbeddedAndValid() throws {
        let root = try makeProject()
        try addDocument("Rich", "# Rich\n\nA line in the house font, *leaning*, and **heavy**.\n", to: root)
        try expect(0, "format", "Rich", "--match", "house font", "--font", "Lantern Serif", in: root)
        let fonts = root.appendingPathComponent("contents/research/fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try Self.font(family: "Lantern Serif", style: "Regular", weight: 400, italic: false).write(to: fonts.appendingPathComponent("LanternSerif-Regular.ttf"))
        try Self.font(family: "Lantern Serif", style: "Bold Italic", weight: 700, italic: true, openType: true)
            .write(to: fonts.appendingPathComponent("LanternSerif-BoldItalic.otf"))
        try Self.font(family: "Unused Sans", style: "Regular", weight: 400, italic: false).write(to: fonts.appendingPathComponent("UnusedSans.ttf"))
        try Data("not a font".utf8).write(to: fonts.appendingPathComponent("Broken.ttf"))

        let epub = scratch.appendingPathComponent("book.epub")
        try expect(0, "compile", "--out", epub.path, in: root)
        let package = try DocxFixture.parts(epub)
        XCTAssertEqual(Set(package.keys.filter { $0.hasPrefix("OEBPS/fonts/") }), ["OEBPS/fonts/font-1.otf", "OEBPS/fonts/font-2.ttf"])
        let css = String(decoding: package["OEBPS/style.css"] ?? Data(), as: UTF8.self)
        XCTAssertTrue(css.contains(#"@font-face { font-family: "Lantern Serif"; font-weight: 700; font-style: italic; src: url("fonts/font-1.otf"); }"#), css)
        XCTAssertTrue(css.contains(#"font-weight: 400; font-style: normal; src: url("fonts/font-2.ttf")"#), css)
        let opf = String(decoding: package["OEBPS/content.opf"] ?? Data(), as: UTF8.self)
        XCTAssertTrue(opf.contains(#"href="fonts/font-1.otf" media-type="font/otf""#) && opf.contains(#"media-type="font/ttf""#), opf)
        let (status, report) = try EpubCompileTests.epubcheck(epub)
        XCTAssertEqual(status, 0, report)

        // A version's book embeds the font files of that version.
        try expect(0, "snapshot", "-m", "fonts", in: root)
        try FileManager.default.removeItem(at: fonts)
        let older = scratch.appendingPathComponent("older.epub")
        try expect(0, "compile", "--at", "HEAD", "--out", older.path, in: root)
        XCTAssertEqual(try DocxFixture.parts(older).keys.filter { $0.hasPrefix("OEBPS/fonts/") }.count, 2)
        // Today's files have none: nothing is embedded, and other formats never read fonts.
        try expect(0, "compile", "--out", epub.path, in: root)
        XCTAssertFalse(try DocxFixture.parts(epub).keys.contains { $0.hasPrefix("OEBPS/fonts/") })
    }

    /// fontconfig (what LibreOffice and most Linux programs use) as the oracle, on every font file installed.
    func testFamilyWeightAndSlantAreReadAsFontconfigReadsThem() throws {
        let folder = "/usr/share/fonts/truetype"
        let files = (FileManager.default.subpaths(atPath: folder) ?? []).map { folder + "/" + $0 }
            .filter { ["ttf", "otf"].contains(($0 as NSString).pathExtension.lowercased()) }
        guard !files.isEmpty else { throw XCTSkip("no font files in \(folder) (apt-get install fonts-dejavu-core)") }
        var checked = 0
        for path in files {
            let (status, output) = try ExternalTool.run("/usr/bin/fc-scan", ["--format", "%{family[0]}|%{weight}|%{slant}\n", path],
                                                        package: "fontconfig")
            guard status == 0, let line = output.split(separator: "\n").first else { continue }
            let fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            let font = try XCTUnwrap(FontFile(try Data(contentsOf: URL(fileURLWithPath: path))), path)
            XCTAssertEqual(font.family, fields[0], path)
            // fontconfig's weights: 80 regular, 100 medium, 180 semibold, 200 bold, 205 extra bold; slant 0 roman.
            let bold = (Int(fields[1]) ?? 80) >= 180
            XCTAssertEqual(font.weight >= 600, bold, "\(path): \(font.weight) against fontconfig's \(fields[1])")
            XCTAssertEqual(font.italic, fields[2] != "0", "\(path): slant \(fields[2])")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 0)
    }
}
