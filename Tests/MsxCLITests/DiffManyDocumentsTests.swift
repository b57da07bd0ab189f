import Foundation
import XCTest

/// `msx diff --from VERSION` on a project of more documents than it hashes before it reads git's index: every
/// document edited since the version is found, however it was edited, and no document that reads the same.
final class DiffManyDocumentsTests: DiffTestCase {
    func testEveryEditedDocumentIsFoundAndNoOther() throws {
        let root = try makeProject(name: "many")
        let paths = try (0..<40).map { try addDocument("Scene \($0)", "Scene \($0) begins at the quay.\n", to: root).path }
        let version = try snapshotVersion("forty scenes", in: root)
        // Other words of the same length; more words; the same bytes written again (a new time, no change); a
        // document's file deleted by hand: among the first documents, hashed, and among the last, read after the
        // index.
        for scene in [7, 35] { try write("Scene \(scene) begins at the pier.\n", to: paths[scene], in: root) }
        for scene in [23, 36] { try write("Scene \(scene) begins at the quay at dusk.\n", to: paths[scene], in: root) }
        for scene in [3, 37] { try write("Scene \(scene) begins at the quay.\n", to: paths[scene], in: root) }
        try FileManager.default.removeItem(at: root.appendingPathComponent(paths[38]))
        let titles = try diffDocuments("--from", version, in: root).map { $0["title"] as? String ?? "?" }
        XCTAssertEqual(titles, ["Scene 7", "Scene 23", "Scene 35", "Scene 36", "Scene 38"])
        // Once more after the snapshot that records them: nothing differs.
        try expect(0, "snapshot", "-m", "edited", in: root)
        XCTAssertEqual(try diffDocuments("--from", "HEAD", in: root).count, 0)
    }
}
