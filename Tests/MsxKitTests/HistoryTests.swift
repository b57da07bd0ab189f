import XCTest
@testable import MsxConvert
@testable import MsxDiff
@testable import MsxGit
@testable import MsxHistory
@testable import MsxModel
@testable import MsxProject

final class HistoryTests: XCTestCase {
    private var folder: URL!
    private let author = Author(name: "Test Writer", email: "test@example.com")

    override func setUpWithError() throws { folder = try temporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func makeHistory() throws -> ProjectHistory {
        let creator = ProjectCreator(templateFolders: [packageRoot.appendingPathComponent("templates")])
        let project = try creator.create(at: folder.appendingPathComponent("book"), from: try creator.locate("blank", relativeTo: folder),
                                         details: .init(title: "Book", author: "Ada", date: "2026-11-22"))
        return try ProjectHistory.create(project)
    }

    private func write(_ text: String, to node: BinderNode, in history: ProjectHistory) throws {
        try FileIO.writeAtomically(Data(text.utf8), to: try history.project.url(node.path))
    }

    func testSnapshotRecordsTrailersAndNothingWhenUnchanged() throws {
        let history = try makeHistory()
        let chapter = history.project.manifest.entries.first { $0.node.kind == .document }!.node
        let first = try history.snapshot(author: author)
        XCTAssertNotNil(first.version)
        XCTAssertTrue(first.message.contains("Msx-Document: \(chapter.id)"))
        XCTAssertNil(try history.snapshot(author: author).version)
        try write("# Chapter 1\n\nThe storm came.\n", to: chapter, in: history)
        let changes = try history.changes()
        XCTAssertEqual(changes.map(\.node.id), [chapter.id])
        XCTAssertTrue(changes[0].text)
        let second = try history.snapshot(author: author)
        XCTAssertEqual(try history.log(of: chapter.id).map(\.version), [second.version!, first.version!])
        let (node, document, _) = try history.document(chapter.id, at: try history.resolve("~1", for: chapter.id))
        XCTAssertEqual(node.id, chapter.id)
        XCTAssertEqual(document.text, "Chapter 1")
    }

    func testPackingKeepsEveryVersionReadable() throws {
        let history = try makeHistory()
        let chapter = history.project.manifest.entries.first { $0.node.kind == .document }!.node
        var versions: [(GitOID, String)] = []
        for i in 0..<12 {
            let text = "# Chapter 1\n\nVersion \(i) of the storm.\n"
            try write(text, to: chapter, in: history)
            versions.append((try history.snapshot(author: author).version!, text))
        }
        XCTAssertGreaterThan(try history.repository.pack(), 20)
        let objects = history.repository.gitFolder.appendingPathComponent("objects")
        let loose = try FileManager.default.contentsOfDirectory(atPath: objects.path).filter { $0.count == 2 }
            .flatMap { try FileManager.default.contentsOfDirectory(atPath: objects.appendingPathComponent($0).path) }
        XCTAssertEqual(loose, [])
        for (version, text) in versions {
            XCTAssertEqual(try history.repository.file(at: chapter.path, in: version), Data(text.utf8))
        }
    }

    func testMilestoneNamesWithSpacesBecomeValidTags() throws {
        XCTAssertEqual(try Milestone.tagName(for: "first draft"), "first-draft")
        XCTAssertEqual(try Milestone.tagName(for: "sent to editor: v2?"), "sent-to-editor-v2")
        XCTAssertEqual(try Milestone.tagName(for: "draft.lock"), "draft")
        XCTAssertEqual(try Milestone.tagName(for: "@"), "milestone")
        let history = try makeHistory()
        _ = try history.snapshot(author: author)
        let milestone = try history.addMilestone("first draft", note: "all chapters", author: author)
        XCTAssertEqual(milestone.tag, "first-draft")
        XCTAssertEqual(try history.milestoneList().map(\.name), ["first draft"])
        XCTAssertEqual(try history.resolve("first draft"), milestone.version)
        XCTAssertThrowsError(try history.addMilestone("first draft", author: author))
        try history.deleteMilestone("first draft")
        XCTAssertEqual(try history.milestoneList().count, 0)
    }

    func testRevisionReferenceSplitsAtTheLastAt() {
        XCTAssertEqual(RevisionReference.split("Notes @ Sea@HEAD").reference, "Notes @ Sea")
        XCTAssertEqual(RevisionReference.split("Notes @ Sea@HEAD").revision, "HEAD")
        XCTAssertNil(RevisionReference.split("Chapter 1").revision)
        XCTAssertEqual(WordDelta.between("the storm came", "the storm came back home").added, 2)
        XCTAssertEqual(WordDelta.between("the storm came", "the sea came").removed, 1)
    }
}
