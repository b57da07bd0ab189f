import Foundation
import XCTest

/// msx reads git's configuration as git does: GIT_CONFIG_GLOBAL names the global file instead
/// of ~/.gitconfig (`/dev/null`: none), so versions are signed with the identity git itself would use.
final class GitConfigurationTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    func testGitConfigGlobalReplacesTheHomeConfiguration() throws {
        let home = scratch.appendingPathComponent("home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try Data("[user]\n\tname = Home Person\n\temail = home@example.com\n".utf8).write(to: home.appendingPathComponent(".gitconfig"))
        let other = scratch.appendingPathComponent("other-\(UUID().uuidString).gitconfig")
        try Data("[user]\n\tname = Other Person\n\temail = other@example.com\n".utf8).write(to: other)

        let root = try makeProject()
        let (_, path) = try addDocument("Storm", "The storm.\n", to: root)
        func snapshot(_ message: String, _ env: [String: String]) throws -> String {
            try write("The storm, \(message).\n", to: path, in: root)
            var environment = env
            environment["HOME"] = home.path
            let result = try runMsx(["snapshot", "-m", message], in: root, stdin: nil, env: environment)
            assertExit(result, 0)
            let log = try expect(0, "log", "--json", in: root).json()["versions"] as? [[String: Any]] ?? []
            return "\(log.first?["author"] as? String ?? "") <\(log.first?["email"] as? String ?? "")>"
        }
        XCTAssertEqual(try snapshot("one", ["GIT_CONFIG_GLOBAL": other.path]), "Other Person <other@example.com>")
        // Empty is unset, as for git: the home configuration (whatever the environment running the tests says).
        XCTAssertEqual(try snapshot("two", ["GIT_CONFIG_GLOBAL": ""]), "Home Person <home@example.com>")
        XCTAssertNotEqual(try snapshot("three", ["GIT_CONFIG_GLOBAL": "/dev/null"]), "Home Person <home@example.com>")
    }
}
