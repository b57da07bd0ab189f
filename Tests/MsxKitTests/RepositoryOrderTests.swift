import XCTest
@testable import MsxConvert
@testable import MsxWorkspace
@testable import MsxModel

/// What a git repository of Markdown states about its chapters: YAML front matter, and the order mdBook, Longform
/// and pandoc books give, each as those tools write their files.
final class RepositoryOrderTests: XCTestCase {
    func testFrontMatterBecomesValuesAndTheRestIsTheBody() {
        let matter = FrontMatter("""
            ---
            title: "The Storm: Part 1"
            status: Draft   # revised next week
            tags: [sea, 'night']
            keywords:
              - storm
              - harbour
            summary: >-
              Mara waits out
              the storm.
            pov: Mara
            ---

            The storm came.
            """)
        XCTAssertEqual(matter.text("title"), "The Storm: Part 1")
        XCTAssertEqual(matter.text("status"), "Draft")
        XCTAssertEqual(matter.list("tags"), ["sea", "night"])
        XCTAssertEqual(matter.list("keywords"), ["storm", "harbour"])
        XCTAssertEqual(matter.text("pov"), "Mara")
        XCTAssertEqual(matter.text("summary"), "Mara waits out the storm.")
        XCTAssertEqual(matter.body, "The storm came.")
        XCTAssertEqual(FrontMatter("No front matter.\n---\n").body, "No front matter.\n---\n", "a rule later is text")
        XCTAssertEqual(FrontMatter("---\ntitle: never closed\n\nText").body, "---\ntitle: never closed\n\nText")
    }

    func testMdBooksSummaryGivesOrderAndTitles() {
        let summary = """
            # Summary

            [Introduction](README.md)

            - [The Storm](chapters/storm.md)
              - [Aftermath](./chapters/after%20math.md)
            - [Calm](chapters/calm.md)
            """
        let chapters: Set = ["src/chapters/calm.md", "src/chapters/storm.md", "src/chapters/after math.md", "src/chapters/extra.md"]
        let order = BookOrder(files: ["src/SUMMARY.md": summary], chapters: chapters)
        XCTAssertEqual(order.source, "src/SUMMARY.md")
        XCTAssertEqual(chapters.sorted(by: order.precedes), ["src/chapters/storm.md", "src/chapters/after math.md", "src/chapters/calm.md", "src/chapters/extra.md"],
                       "a chapter the summary does not list comes after those it does")
        XCTAssertEqual(order.titles["src/chapters/after math.md"], "Aftermath")
    }

    func testALongformIndexGivesTheScenesOrder() {
        let index = """
            ---
            longform:
              format: scenes
              title: My Novel
              sceneFolder: /scenes
              scenes:
                - Opening
                - - Storm
                  - Calm
                - Ending
            ---
            """
        let chapters: Set = ["novel/scenes/Calm.md", "novel/scenes/Ending.md", "novel/scenes/Opening.md", "novel/scenes/Storm.md"]
        let order = BookOrder(files: ["novel/Index.md": index], chapters: chapters)
        XCTAssertEqual(order.source, "novel/Index.md")
        XCTAssertEqual(chapters.sorted(by: order.precedes), ["novel/scenes/Opening.md", "novel/scenes/Storm.md", "novel/scenes/Calm.md", "novel/scenes/Ending.md"])
    }

    func testAPandocDefaultsFileGivesTheInputOrder() {
        let defaults = "from: markdown\nto: epub\ninput-files:\n  - text/b.md\n  - text/a.md\n"
        let chapters: Set = ["text/a.md", "text/b.md"]
        let order = BookOrder(files: ["book.yaml": defaults], chapters: chapters)
        XCTAssertEqual(chapters.sorted(by: order.precedes), ["text/b.md", "text/a.md"])
    }

    func testWithoutAStatedOrderNumberedNamesGoInNaturalOrder() {
        let chapters: Set = ["10-end.md", "2-middle.md", "1-start.md"]
        let order = BookOrder(files: [:], chapters: chapters)
        XCTAssertNil(order.source)
        XCTAssertEqual(chapters.sorted(by: order.precedes), ["1-start.md", "2-middle.md", "10-end.md"])
    }

    func testGlobsAndTitlesFromFileNames() {
        XCTAssertTrue(Glob.matches("chapters/*.md", "chapters/one.md"))
        XCTAssertFalse(Glob.matches("chapters/*.md", "chapters/part/one.md"))
        XCTAssertTrue(Glob.matches("**/*.md", "one.md"))
        XCTAssertTrue(Glob.matches("**/*.md", "a/b/one.md"))
        XCTAssertTrue(Glob.matches("ch??.md", "ch01.md"))
        XCTAssertEqual(MarkdownRepositoryImporter.title(fromFileName: "03-the-calm"), "The calm")
        XCTAssertEqual(MarkdownRepositoryImporter.title(fromFileName: "2024"), "2024")
    }
}
