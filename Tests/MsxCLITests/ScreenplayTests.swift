import Foundation
import XCTest

/// Screenplays: `compile --format fountain` and `--format fdx`, and `import` of `.fountain` and `.fdx` files, read
/// back by readers that are not msx's: screenplain (PyPI) for Fountain and its Final Draft export, Python's XML
/// parser for Final Draft files. The expected elements of the template's script are written out here by hand.
final class ScreenplayTests: MsxTestCase {
    private static let helper = MsxRunner.packageRoot.appendingPathComponent("Tests/MsxCLITests/Fixtures/screenplay-elements.py")

    /// The elements another reader finds in a script, as (type, text as HTML) pairs.
    private func elements(_ mode: String, _ file: URL) throws -> [[String]] {
        let (probe, _) = try ExternalTool.run("/usr/bin/env", ["python3", "-c", "import screenplain"], package: "python3", mergingErrors: true)
        guard probe == 0 else { throw XCTSkip("screenplain is not installed (python3 -m pip install screenplain)") }
        let (status, output) = try ExternalTool.run("/usr/bin/env", ["python3", Self.helper.path, mode, file.path], package: "python3", mergingErrors: true)
        XCTAssertEqual(status, 0, output)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String]], output)
    }

    private func write(_ text: String, _ name: String) throws -> URL {
        let url = scratch.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// The screenplay template's script, element by element, as a screenwriter reads it.
    private static let templateScript: [[String]] = [
        ["Section", "Act One"],
        ["Scene Heading", "INT. RADIO STATION - NIGHT"],
        ["Action", "A small studio above a laundrette. One lamp, one microphone, a wall of records. JUNE PELL (40s, headphones round her neck) reads a listener's letter under her breath."],
        ["Action", "The ON AIR light blinks red."],
        ["Character", "JUNE"], ["Parenthetical", "(into the microphone)"],
        ["Dialogue", "It's ten past two, and this is the hour for people who can't sleep."],
        ["Action", "The phone line lights up. She hesitates, then takes the call."],
        ["Character", "CALLER (V.O.)"], ["Dialogue", "You played my father's song last night. He's been gone nine years."],
        ["Character", "JUNE"], ["Dialogue", "Then I'm glad someone was listening."],
        ["Transition", "CUT TO:"],
        ["Scene Heading", "EXT. HIGH STREET - NIGHT"],
        ["Action", "Rain on shuttered shops. The laundrette glows. Above it, one window, one red light."],
        ["Section", "Act Two"],
        ["Scene Heading", "INT. RADIO STATION - LATER"],
        ["Action", "June plays the song again. She does not take the next call."],
        ["Section", "Act Three"],
        ["Scene Heading", "EXT. SEAFRONT - DAWN"],
        ["Action", "June walks to the end of the pier with the letter in her coat pocket."],
    ]

    /// The template's script as Fountain is read by screenplain as the script it is; as Final Draft XML it has
    /// the paragraphs screenplain's own Final Draft export gives for that Fountain (which leaves out sections).
    func testTheTemplatesScriptAsFountainAndFinalDraft() throws {
        let root = try makeProject("screenplay", title: "Night Shift")
        let fountain = try write(try expect(0, "compile", "--format", "fountain", in: root).stdout, "night.fountain")
        XCTAssertEqual(try elements("fountain", fountain), Self.templateScript)
        let title = try ExternalTool.run("/usr/bin/env", ["python3", Self.helper.path, "title", fountain.path], package: "python3").output
        XCTAssertTrue(title.contains("\"Title\": [\"Night Shift\"]") && title.contains("\"Author\": [\"Ada Lovelace\"]"), title)

        let fdx = scratch.appendingPathComponent("night.fdx")
        try expect(0, "compile", "--out", fdx.path, in: root)
        let ours = try elements("fdx", fdx)
        XCTAssertEqual(ours.filter { $0[0] != "New Act" }, try elements("to-fdx", fountain))
        XCTAssertEqual(ours.filter { $0[0] == "New Act" }.map { $0[1] }, ["Act One", "Act Two", "Act Three"])
    }

    /// A Fountain script with forced elements, emphasis, a centred line, a page break, a title page and dual
    /// dialogue comes in with `import` and goes out with `compile` as the same script, element for element.
    func testFountainRoundTrip() throws {
        let source = """
        Title: The Pier
        Credit: Written by
        Author: Ann Writer
        Contact:
            ann@example.com
            555 0100

        .SNOW GLOBE SHOP

        !BANG. The door **slams**, and *everything* shakes. She _means_ it.

        @McCLANE
        (quietly)
        Yippee ki-yay.
        It's over.

        BRICK ^
        Screw retirement.

        > THE END <

        ===

        EXT. PIER - DAY

        Gulls. Sea. A \\*literal\\* asterisk.

        > SMASH CUT TO:

        FADE OUT.

        INT. HOUSE - NIGHT

        Nothing.
        """
        let root = try makeProject(title: "Pier")
        try expect(0, "trash", "Chapter 1", in: root)
        let file = try write(source, "pier.fountain")
        try expect(0, "import", file.path, in: root)
        let compiled = try write(try expect(0, "compile", "--format", "fountain", in: root).stdout, "out.fountain")
        let original = try elements("fountain", file), again = try elements("fountain", compiled)
        XCTAssertGreaterThan(original.count, 12)
        XCTAssertEqual(again, original)
        let title = try ExternalTool.run("/usr/bin/env", ["python3", Self.helper.path, "title", compiled.path], package: "python3").output
        XCTAssertTrue(title.contains("\"Title\": [\"The Pier\"]") && title.contains("\"Contact\": [\"ann@example.com\", \"555 0100\"]"), title)

        // Its own title page is the screenplay PDF's first page, and only there.
        let pdf = scratch.appendingPathComponent("pier.pdf")
        try expect(0, "compile", "--preset", "screenplay", "--out", pdf.path, in: root)
        let (status, pages) = try ExternalTool.run("/usr/bin/pdftotext", ["-layout", pdf.path, "-"], package: "poppler-utils")
        XCTAssertEqual(status, 0)
        let first = pages.split(separator: "\u{0C}").first.map { $0.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
        XCTAssertEqual(first, ["THE PIER", "Written by", "Ann Writer", "ann@example.com", "555 0100"])
        XCTAssertFalse(pages.contains("Title:"), pages)

        // The same script as Final Draft: imported again from msx's FDX, it gives the same FDX.
        let fdx = scratch.appendingPathComponent("pier.fdx")
        try expect(0, "compile", "--out", fdx.path, in: root)
        let other = try makeProject(name: "again", title: "Again")
        try expect(0, "trash", "Chapter 1", in: other)
        try expect(0, "import", fdx.path, in: other)
        let fdxAgain = scratch.appendingPathComponent("again.fdx")
        try expect(0, "compile", "--out", fdxAgain.path, in: other)
        XCTAssertEqual(try elements("fdx", fdxAgain), try elements("fdx", fdx))
    }

    /// A Final Draft file as Final Draft writes one (scene properties, dual dialogue, styled text, a page break)
    /// comes in with every paragraph's element, text and emphasis.
    func testFinalDraftImport() throws {
        let source = """
        <?xml version="1.0" encoding="UTF-8" standalone="no" ?>
        <FinalDraft DocumentType="Script" Template="No" Version="5">
          <Content>
            <Paragraph Type="Scene Heading"><SceneProperties Length="1" Page="1" Title=""/><Text>INT. KITCHEN - DAY</Text></Paragraph>
            <Paragraph Type="Action"><Text>Mia opens the </Text><Text Style="Bold">fridge</Text><Text>. Empty &amp; cold.</Text></Paragraph>
            <Paragraph><DualDialogue>
              <Paragraph Type="Character"><Text>MIA</Text></Paragraph>
              <Paragraph Type="Dialogue"><Text>Again?</Text></Paragraph>
              <Paragraph Type="Character"><Text>TOM</Text></Paragraph>
              <Paragraph Type="Dialogue"><Text Style="Italic+Underline">Again.</Text></Paragraph>
            </DualDialogue></Paragraph>
            <Paragraph Type="Transition"><Text>DISSOLVE TO:</Text></Paragraph>
            <Paragraph StartsNewPage="Yes" Type="Scene Heading"><Text>EXT. STREET - NIGHT</Text></Paragraph>
            <Paragraph Type="Shot"><Text>CLOSE ON THE DOOR</Text></Paragraph>
          </Content>
          <TitlePage><Content><Paragraph Alignment="Center" Type="Title"><Text>Empty</Text></Paragraph></Content></TitlePage>
        </FinalDraft>
        """
        let root = try makeProject(title: "Kitchen")
        try expect(0, "trash", "Chapter 1", in: root)
        let file = try write(source, "kitchen.fdx")
        try expect(0, "import", file.path, in: root)
        let out = scratch.appendingPathComponent("kitchen-out.fdx")
        try expect(0, "compile", "--out", out.path, in: root)
        XCTAssertEqual(try elements("fdx", out), [
            ["Scene Heading", "INT. KITCHEN - DAY"], ["Action", "Mia opens the <strong>fridge</strong>. Empty &amp; cold."],
            ["Character", "MIA"], ["Dialogue", "Again?"], ["Character", "TOM"], ["Dialogue", "<em><u>Again.</u></em>"],
            ["Transition", "DISSOLVE TO:"], ["Page Break", ""], ["Scene Heading", "EXT. STREET - NIGHT"],
            ["Scene Heading", "CLOSE ON THE DOOR"],
        ])
        XCTAssertTrue(try String(contentsOf: out, encoding: .utf8).contains("<Text>Empty</Text>"), "the title page comes through")

        let broken = try write("<FinalDraft><Nothing/></FinalDraft>", "broken.fdx")
        let refused = try expect(3, "import", broken.path, in: root)
        XCTAssertTrue(refused.stderr.contains("broken.fdx: not a Final Draft file"), refused.stderr)
    }

    /// A Final Draft file in another encoding than UTF-8 (libxml2 converts it through ICU: in a release build,
    /// Foundation's) comes in with every character.
    func testFinalDraftInOtherEncodings() throws {
        let root = try makeProject()
        for (encoding, name, text) in [(String.Encoding.windowsCP1252, "windows-1252", "Café naïve — déjà vu"),
                                       (.shiftJIS, "Shift_JIS", "日本語の台詞")] {
            let xml = "<?xml version=\"1.0\" encoding=\"\(name)\"?>\n<FinalDraft DocumentType=\"Script\" Version=\"5\"><Content>"
                + "<Paragraph Type=\"Action\"><Text>\(text)</Text></Paragraph></Content></FinalDraft>\n"
            let file = scratch.appendingPathComponent("\(name).fdx")
            try XCTUnwrap(xml.data(using: encoding)).write(to: file)
            try expect(0, "import", file.path, "--into", "Research", in: root)
            XCTAssertEqual(try expect(0, "show", name, "--as", "text", in: root).stdout, text + "\n")
        }
    }

    /// A screenplay PDF as the industry reads one, checked by poppler: Courier (standard, not embedded) on Letter,
    /// the title page unnumbered, "2." at the top right of the script's second page on, cues, dialogue and action at
    /// their indents, every speech that crosses a page closed by "(MORE)" and taken up by "NAME (CONT'D)", and
    /// every word of the text compile in order.
    func testScreenplayPDF() throws {
        let root = try makeProject("screenplay", title: "Long Night")
        var random = seededGenerator()
        let words = ["the", "night", "radio", "song", "caller", "letter", "sea", "pier", "lamp", "quiet", "voice"]
        func sentence(_ range: ClosedRange<Int>) -> String {
            (0..<Int.random(in: range, using: &random)).map { _ in words.randomElement(using: &random)! }.joined(separator: " ") + "."
        }
        var script = "INT. STUDIO - LATER\n\n"
        for number in 0..<16 {
            // One speech longer than a page (about seventy lines of dialogue), so that at least one crosses a page
            // whatever the others' lengths put where.
            let speech = number == 7 ? sentence(420...440) : sentence(20...170)
            script += "Beat \(number) \(sentence(8...40))\n\nJUNE\n" + (number % 3 == 0 ? "(softly)\n" : "") + speech + "\n\n"
        }
        try expect(0, "import", try write(script, "long.fountain").path, in: root)
        let pdf = scratch.appendingPathComponent("script.pdf")
        let compiled = try expect(0, "compile", "--preset", "screenplay", "--out", pdf.path, in: root)
        XCTAssertFalse(compiled.stderr.contains("warning"), compiled.stderr)
        func poppler(_ tool: String, _ arguments: [String]) throws -> String {
            let (status, output) = try ExternalTool.run("/usr/bin/\(tool)", arguments, package: "poppler-utils")
            XCTAssertEqual(status, 0, output)
            return output
        }
        let info = try poppler("pdfinfo", [pdf.path])
        XCTAssertTrue(info.contains("612 x 792 pts (letter)"), info)
        let fonts = try poppler("pdffonts", [pdf.path]).split(separator: "\n").dropFirst(2)
        XCTAssertEqual(fonts.map { String($0.prefix(7)) }, ["Courier"], "\(fonts)")
        let pageCount = try XCTUnwrap(info.firstMatch(of: /Pages:\s+(\d+)/).flatMap { Int($0.1) })
        let pages = try (1...pageCount).map { page in
            try poppler("pdftotext", ["-layout", "-f", "\(page)", "-l", "\(page)", pdf.path, "-"])
                .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        }
        XCTAssertEqual(pages[0], ["LONG NIGHT", "Written by", "Ada Lovelace"] + pages[0].dropFirst(3), "the title page")
        XCTAssertFalse(pages[1].first == "1.", "the script's first page is not numbered")
        var body: [String] = [], crossings = 0
        for (index, lines) in pages.enumerated().dropFirst() {
            var lines = lines
            if index >= 2 { XCTAssertEqual(lines.first, "\(index).", "page \(index + 1)'s number"); lines.removeFirst() }
            if lines.last == "(MORE)" {
                crossings += 1
                XCTAssertEqual(pages[index + 1].dropFirst().first, "JUNE (CONT'D)", "page \(index + 2) takes the speech up")
                lines.removeLast()
            }
            if lines.first == "JUNE (CONT'D)" {
                XCTAssertEqual(pages[index - 1].last, "(MORE)", "page \(index) closes the speech that page \(index + 1) takes up")
                lines.removeFirst()
            }
            body += lines
        }
        XCTAssertGreaterThan(crossings, 0, "some speeches cross pages")
        let text = try expect(0, "compile", "--preset", "screenplay", "--no-title-page", "--format", "txt", in: root).stdout
        func wordsOf(_ text: String) -> [String] { text.lowercased().matches(of: /[\p{L}\p{N}']+/).map { String($0.output) } }
        XCTAssertEqual(wordsOf(body.joined(separator: "\n")), wordsOf(text), "every word once, in order")

        // Where the elements sit: action at the margin (1.5 in), dialogue 1 in in, the cue 2.2 in in.
        let speechPage = try XCTUnwrap(pages.firstIndex { $0.last == "(MORE)" }) + 1
        let box = try poppler("pdftotext", ["-bbox", "-f", "\(speechPage)", "-l", "\(speechPage)", pdf.path, "-"])
        let lefts = Set(box.matches(of: /<word xMin="([\d.]+)"[^>]*>[^<]*</).compactMap { Double($0.1).map { Int($0.rounded()) } })
        for indent in [108, 180, 266] { XCTAssertTrue(lefts.contains(indent), "something starts \(indent) pt in: \(lefts.sorted())") }
    }
}
