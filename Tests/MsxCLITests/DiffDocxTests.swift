import Foundation
import MsxTestSupport
import XCTest

/// `msx diff --docx OUT` writes the changes between two versions as tracked changes. LibreOffice
/// opens the file; accepting every change there gives the newer version's text, rejecting every change the
/// older's; msx's own reader, taking or undoing the changes, gives each version's formatting too.
final class DiffDocxTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    /// A Basic macro LibreOffice runs headless: open a file, accept or reject every tracked change, save as text.
    private static let macro = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE script:module PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "module.dtd">
        <script:module xmlns:script="http://openoffice.org/2000/script" script:name="Module1" script:language="StarBasic">
        Sub SettleChanges(source As String, target As String, command As String)
          Dim load(0) As New com.sun.star.beans.PropertyValue
          load(0).Name = &quot;Hidden&quot;
          load(0).Value = True
          doc = StarDesktop.loadComponentFromURL(ConvertToURL(source), &quot;_blank&quot;, 0, load())
          helper = createUnoService(&quot;com.sun.star.frame.DispatchHelper&quot;)
          helper.executeDispatch(doc.getCurrentController().getFrame(), &quot;.uno:&quot; &amp; command, &quot;&quot;, 0, Array())
          Dim store(0) As New com.sun.star.beans.PropertyValue
          store(0).Name = &quot;FilterName&quot;
          store(0).Value = &quot;Text&quot;
          doc.storeToURL(ConvertToURL(target), store())
          doc.close(True)
        End Sub
        </script:module>
        """

    /// The text LibreOffice shows once every tracked change in `docx` is accepted (or rejected), one paragraph a line.
    private func libreOffice(_ docx: URL, accepting: Bool) throws -> [String] {
        let soffice = ["/usr/bin/soffice", "/usr/bin/libreoffice"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let soffice else { throw XCTSkip("LibreOffice is not installed (apt-get install libreoffice-writer-nogui)") }
        // LibreOffice makes its profile (with an empty Basic module, Standard.Module1) on first start; the macro
        // then takes the module's place.
        let profile = scratch.appendingPathComponent("lo-macro-profile")
        let module = profile.appendingPathComponent("user/basic/Standard/Module1.xba")
        if !FileManager.default.fileExists(atPath: module.path) {
            _ = try LibreOffice.convert(docx, to: "txt:Text", extension: "txt", in: scratch, profile: profile)
        }
        try Self.macro.write(to: module, atomically: true, encoding: .utf8)
        let target = scratch.appendingPathComponent(accepting ? "accepted.txt" : "rejected.txt")
        let command = accepting ? "AcceptAllTrackedChanges" : "RejectAllTrackedChanges"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: soffice)
        process.arguments = ["--headless", "-env:UserInstallation=file://\(profile.path)",
                             "macro:///Standard.Module1.SettleChanges(\"\(docx.path)\",\"\(target.path)\",\"\(command)\")"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let text = try String(contentsOf: target, encoding: .utf8)
        return text.replacingOccurrences(of: "\u{FEFF}", with: "").split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
    }

    /// Each compared document's title, then its paragraphs' text, at `version`.
    private func texts(_ documents: [String], at version: String, in root: URL) throws -> [String] {
        try documents.flatMap { title -> [String] in
            let json = try expect(0, "show", "\(title)@\(version)", "--as", "json", in: root).json()
            return [title] + ((json["paragraphs"] as? [[String: Any]]) ?? []).compactMap { $0["text"] as? String }
        }
    }

    /// A project whose Storm (beside a one-pixel `dot.png`) was `before`, then `after`, each snapshotted; and the
    /// changes between the two written to `name` by `diff --docx`.
    private func storm(_ before: String, then after: String, as name: String) throws -> (root: URL, docx: URL) {
        let root = try makeProject()
        try expect(0, "trash", "Chapter 1", in: root)
        try Data(base64Encoded: EpubCompileTests.onePixelPNG)!.write(to: root.appendingPathComponent("contents/draft/dot.png"))
        try addDocument("Storm", before, to: root)
        try expect(0, "snapshot", "-m", "before", in: root)
        try write(after, to: "contents/draft/storm.md", in: root)
        try expect(0, "snapshot", "-m", "after", in: root)
        let docx = scratch.appendingPathComponent(name)
        try expect(0, "diff", "--from", "HEAD~1", "--to", "HEAD", "--docx", docx.path, in: root)
        return (root, docx)
    }

    func testLibreOfficeAcceptsOrRejectsEveryChange() throws {
        let root = try makeProject()
        try expect(0, "trash", "Chapter 1", in: root)
        try addDocument("Storm", """
            # The Storm

            It was dark and cold over the old harbour.

            The gulls were quiet that night.

            Nothing moved on the water.

            The keeper climbed the stair.
            """ + "\n", to: root)
        try addDocument("Calm", "The sea was calm.\n", to: root)
        try expect(0, "snapshot", "-m", "before", in: root)
        try write("""
            # The Storm

            It was dark and bitter over the harbour, and the wind rose.

            The keeper climbed the stair.

            The gulls were quiet that night.

            A new line the editor wanted.
            """ + "\n", to: "contents/draft/storm.md", in: root)
        try expect(0, "format", "Storm", "--match", "bitter", "--bold", in: root)
        try expect(0, "format", "Storm", "--paragraph", "3", "--align", "center", in: root)
        try expect(0, "snapshot", "-m", "after", in: root)
        let docx = scratch.appendingPathComponent("changes.docx")
        try expect(0, "diff", "--from", "HEAD~1", "--to", "HEAD", "--docx", docx.path, in: root)
        let acceptedByLibreOffice = try libreOffice(docx, accepting: true)
        let rejectedByLibreOffice = try libreOffice(docx, accepting: false)
        XCTAssertEqual(acceptedByLibreOffice, try texts(["Storm"], at: "HEAD", in: root))
        XCTAssertEqual(rejectedByLibreOffice, try texts(["Storm"], at: "HEAD~1", in: root))

        // msx's reader: the newer version's formatting with the changes taken, the older's with them undone.
        try expect(0, "import", docx.path, "--into", "Research", in: root)
        try expect(0, "import", docx.path, "--into", "Research", "--changes", "reject", in: root)
        let accepted = try expect(0, "show", "contents/research/changes.md", "--as", "json", in: root).json()
        let paragraphs = (accepted["paragraphs"] as? [[String: Any]]) ?? []
        let bold = paragraphs.flatMap { ($0["runs"] as? [[String: Any]]) ?? [] }
            .first { ($0["text"] as? String) == "bitter" }?["attributes"] as? [String: Any]
        XCTAssertEqual(bold?["bold"] as? Bool, true, "\(paragraphs)")
        XCTAssertEqual((paragraphs.first { ($0["text"] as? String)?.hasPrefix("The keeper") == true }?["attributes"] as? [String: Any])?["alignment"] as? String,
                       "center")
        let rejected = try expect(0, "show", "contents/research/changes-2.md", "--as", "json", in: root).json()
        let keeper = ((rejected["paragraphs"] as? [[String: Any]]) ?? []).first { ($0["text"] as? String)?.hasPrefix("The keeper") == true }
        XCTAssertEqual((keeper?["attributes"] as? [String: Any])?["alignment"] as? String, "left")
    }

    func testParagraphsInsertedBetweenOthersAreUndoneWithoutJoiningThem() throws {
        let (root, docx) = try storm("# The Storm\n\nOne two.\n\nNote.\n\n- first\n- second\n",
                                     then: "New opening.\n\n# The Storm\n\nOne two three.\n\nNew para.\n\nAnother.\n\nNote.\n\n- first\n- added\n- second\n",
                                     as: "inserted.docx")
        // LibreOffice's text shows a list's bullets; the versions' texts do not.
        let words = { (lines: [String]) in
            lines.map { $0.replacingOccurrences(of: "^\\s*[\u{2022}\u{25E6}\u{25AA}]\\s*", with: "", options: .regularExpression) }
        }
        let accepted = try libreOffice(docx, accepting: true), rejected = try libreOffice(docx, accepting: false)
        XCTAssertEqual(words(accepted), try texts(["Storm"], at: "HEAD", in: root))
        XCTAssertEqual(words(rejected), try texts(["Storm"], at: "HEAD~1", in: root))
        // msx's own reader, undoing the changes, gives back the heading as a heading.
        try expect(0, "import", docx.path, "--changes", "reject", "--into", "Research", in: root)
        XCTAssertTrue(try read("contents/research/inserted.md", in: root).contains("# The Storm"))
    }

    /// Paragraphs moved are written as Word writes moves: `w:moveFrom` where they were and `w:moveTo` where they
    /// are, each inside a range named alike; two paragraphs moved together are one move, and a paragraph moved
    /// and edited shows its new words inserted where it now is.
    func testMovedParagraphsAreMoves() throws {
        let root = try makeProject()
        try expect(0, "trash", "Chapter 1", in: root)
        try addDocument("Storm", """
            The first line stays.

            The tide turned at midnight and the boats came home.

            Nobody on the quay said a word about it.

            The middle line stays as well.

            Gulls circled over the harbour wall all morning.

            The last line stays.
            """ + "\n", to: root)
        try expect(0, "snapshot", "-m", "before", in: root)
        try write("""
            The first line stays.

            Gulls circled over the grey harbour wall all morning.

            The middle line stays as well.

            The last line stays.

            The tide turned at midnight and the boats came home.

            Nobody on the quay said a word about it.
            """ + "\n", to: "contents/draft/storm.md", in: root)
        try expect(0, "snapshot", "-m", "after", in: root)
        let docx = scratch.appendingPathComponent("moves.docx")
        try expect(0, "diff", "--from", "HEAD~1", "--to", "HEAD", "--docx", docx.path, in: root)
        let xml = try DocxFixture.documentXML(docx)
        func names(_ element: String) -> Set<String> {
            let starts = xml.components(separatedBy: "<w:\(element)RangeStart ").dropFirst()
            return Set(starts.compactMap { $0.firstMatch(of: #/w:name="([^"]+)"/#).map { String($0.1) } })
        }
        XCTAssertEqual(names("moveFrom").count, 2, xml)
        XCTAssertEqual(names("moveFrom"), names("moveTo"), xml)
        XCTAssertFalse(xml.contains("<w:del "), "a move is not a deletion: \(xml)")
        XCTAssertTrue(xml.contains("<w:ins "), "the word added to the moved paragraph: \(xml)")
        let accepted = try libreOffice(docx, accepting: true), rejected = try libreOffice(docx, accepting: false)
        XCTAssertEqual(accepted, try texts(["Storm"], at: "HEAD", in: root))
        XCTAssertEqual(rejected, try texts(["Storm"], at: "HEAD~1", in: root))
        // msx's own reader takes or undoes the moves too.
        try expect(0, "import", docx.path, "--into", "Research", in: root)
        try expect(0, "import", docx.path, "--into", "Research", "--changes", "reject", in: root)
        for (file, version) in [("moves.md", "HEAD"), ("moves-2.md", "HEAD~1")] {
            let json = try expect(0, "show", "contents/research/\(file)", "--as", "json", in: root).json()
            let paragraphs = ((json["paragraphs"] as? [[String: Any]]) ?? []).compactMap { $0["text"] as? String }
            XCTAssertEqual(["Storm"] + paragraphs.dropFirst(), try texts(["Storm"], at: version, in: root), file)
        }
    }

    func testDocxGoesAlone() throws {
        let root = try makeProject()
        let result = try expect(64, "diff", "--docx", "x.docx", "--html", in: root)
        XCTAssertTrue(result.stderr.contains("--docx"), result.stderr)
    }

    /// Footnotes are Word footnotes (a note changed, added or deleted tracked in the footnotes part), pictures are
    /// pictures; taking or undoing every change gives each version's text, notes and pictures included.
    func testFootnotesAreWordFootnotesAndPicturesArePictures() throws {
        let (root, docx) = try storm("The lamp^[Lit at dusk.] burned.\n\n![the lamp](dot.png)\n\nThe keeper^[An old man.] slept.\n",
                                     then: "The lamp^[Lit at dawn.] burned.\n\n![the lamp](dot.png)\n\nThe keeper slept^[Badly.].\n\nA gull ![a gull](dot.png) cried.\n",
                                     as: "notes.docx")
        let parts = try DocxFixture.parts(docx)
        let body = String(decoding: try XCTUnwrap(parts["word/document.xml"]), as: UTF8.self)
        let notes = String(decoding: try XCTUnwrap(parts["word/footnotes.xml"]), as: UTF8.self)
        XCTAssertFalse(body.contains("^[") || body.contains("\u{FFFC}"), body)
        // The keeper's note, rewritten where it stands: one note whose old words are deleted and new ones inserted.
        XCTAssertEqual(body.components(separatedBy: "<w:footnoteReference").count - 1, 2, body)
        XCTAssertEqual(body.components(separatedBy: "<w:drawing>").count - 1, 2, body)
        XCTAssertTrue(parts.keys.contains { $0.hasPrefix("word/media/") }, "\(parts.keys)")
        for deleted in ["dusk", "An old man"] { XCTAssertTrue(notes.contains(">\(deleted)</w:delText>"), notes) }
        for inserted in ["dawn", "Badly"] { XCTAssertTrue(notes.contains(">\(inserted)</w:t>"), notes) }
        // Taken or undone, each version: msx's reader, and LibreOffice's text.
        try expect(0, "import", docx.path, "--into", "Research", in: root)
        try expect(0, "import", docx.path, "--into", "Research", "--changes", "reject", in: root)
        for (imported, version) in [("notes", "HEAD"), ("notes-2", "HEAD~1")] {
            let json = try expect(0, "show", "contents/research/\(imported).md", "--as", "json", in: root).json()
            let texts = ((json["paragraphs"] as? [[String: Any]]) ?? []).compactMap { $0["text"] as? String }
            XCTAssertEqual(texts, try self.texts(["Storm"], at: version, in: root), version)
        }
        XCTAssertEqual(try libreOffice(docx, accepting: true).filter { $0.contains("burned") }, ["The lamp1 burned."])
    }
}
