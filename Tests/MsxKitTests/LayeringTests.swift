import Foundation
import XCTest

/// The core's layers below the history build without git: the model, the project, comparing and converting reach
/// versions through `ProjectReader`, never through libgit2. Read from `Package.swift` (every target and the targets
/// it depends on, followed to the end) and from the sources (what each file imports), so that a dependency added
/// either way fails here.
final class LayeringTests: XCTestCase {
    /// The modules that must not reach git.
    private let withoutGit = ["MsxModel", "MsxProject", "MsxDiff", "MsxConvert"]
    /// What reaching git means: libgit2 itself, and the modules over it.
    private let gitModules: Set<String> = ["CGit2", "MsxGit", "MsxHistory", "MsxWorkspace", "MsxKit"]

    /// Each target's direct dependencies, as `Package.swift` names them (targets and products alike).
    private func dependencies() throws -> [String: [String]] {
        let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        var graph: [String: [String]] = [:]
        let target = try NSRegularExpression(pattern: #"\.(?:target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*"([^"]+)"(?:[^\[\)]*dependencies:\s*\[([^\]]*)\])?"#)
        let name = try NSRegularExpression(pattern: #""([^"]+)""#)
        for match in target.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)) {
            let target = String(manifest[Range(match.range(at: 1), in: manifest)!])
            let list = Range(match.range(at: 2), in: manifest).map { String(manifest[$0]) } ?? ""
            graph[target] = name.matches(in: list, range: NSRange(list.startIndex..., in: list)).map { String(list[Range($0.range(at: 1), in: list)!]) }
        }
        return graph
    }

    func testTheLayersBelowTheHistoryDependOnNoGit() throws {
        let graph = try dependencies()
        XCTAssertEqual(graph["MsxGit"]?.contains("CGit2"), true, "the manifest was read: \(graph)")
        for module in withoutGit {
            XCTAssertNotNil(graph[module], "\(module) is a target")
            var reached = Set<String>(), queue = graph[module] ?? []
            while let next = queue.popLast() {
                if reached.insert(next).inserted { queue += graph[next] ?? [] }
            }
            XCTAssertTrue(reached.isDisjoint(with: gitModules), "\(module) reaches \(reached.intersection(gitModules).sorted())")
        }
    }

    func testNoSourceBelowTheHistoryImportsGit() throws {
        var files = 0
        for module in withoutGit {
            let folder = packageRoot.appendingPathComponent("Sources/\(module)")
            let walker = try XCTUnwrap(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            for case let url as URL in walker where url.pathExtension == "swift" {
                files += 1
                let imports = try imports(of: url)
                XCTAssertTrue(Set(imports).isDisjoint(with: gitModules), "\(module)/\(url.lastPathComponent) imports \(imports)")
            }
        }
        XCTAssertGreaterThan(files, 100, "the sources were found")
    }

    /// The modules a source file imports, however it imports them.
    private func imports(of url: URL) throws -> [String] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
            .filter { $0.hasPrefix("import ") || $0.hasPrefix("@_exported import ") || $0.hasPrefix("@testable import ") }
            .compactMap { $0.split(separator: " ").last.map(String.init) }
    }

    /// libgit2 is called from MsxGit alone, so that its C types, handles and return codes stay behind one module's
    /// Swift API: no other target depends on CGit2, and no source of any other module imports it (the history's
    /// included).
    func testOnlyMsxGitCallsLibgit2() throws {
        let graph = try dependencies()
        XCTAssertEqual(graph.filter { $0.value.contains("CGit2") }.keys.sorted(), ["MsxGit"], "the targets that depend on libgit2")
        let sources = packageRoot.appendingPathComponent("Sources")
        var importers: [String] = [], files = 0
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
            let walker = try XCTUnwrap(FileManager.default.enumerator(at: sources.appendingPathComponent(module), includingPropertiesForKeys: nil))
            for case let url as URL in walker where url.pathExtension == "swift" {
                files += 1
                if try imports(of: url).contains("CGit2") { importers.append("\(module)/\(url.lastPathComponent)") }
            }
        }
        XCTAssertGreaterThan(files, 300, "the sources were found")
        XCTAssertTrue(importers.contains { $0.hasPrefix("MsxGit/") }, "MsxGit's imports were read: \(importers)")
        XCTAssertEqual(importers.filter { !$0.hasPrefix("MsxGit/") }.sorted(), [], "only MsxGit imports CGit2")
    }

    /// How a front end reaches the core directly instead of through an action: opening the project or its history.
    private let directGateways = ["openProject(", "openHistory(", "ProjectHistory", "Workspace.open(", "Project.open(",
                                  "FileComparison.", "ProjectCreator", "ProjectChecker"]

    /// The command line and the review server reach the core only through actions (and draw with the shared
    /// renderers): no file of theirs opens the project or its history itself.
    func testTheFrontEndsReachTheCoreThroughActions() throws {
        var checked = 0
        for module in ["MsxCLI", "MsxServe"] {
            let folder = packageRoot.appendingPathComponent("Sources/\(module)")
            let walker = try XCTUnwrap(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            for case let url as URL in walker where url.pathExtension == "swift" {
                checked += 1
                let text = try String(contentsOf: url, encoding: .utf8)
                XCTAssertEqual(directGateways.filter(text.contains), [], "\(module)/\(url.lastPathComponent) reaches the core without an action")
            }
        }
        XCTAssertGreaterThan(checked, 40, "the sources were found")
    }

    /// The server is a front end beside the command line: neither imports the other's module.
    func testTheServerAndTheCommandLineShareOnlyTheCore() throws {
        let serve = packageRoot.appendingPathComponent("Sources/MsxServe")
        let walker = try XCTUnwrap(FileManager.default.enumerator(at: serve, includingPropertiesForKeys: nil))
        for case let url as URL in walker where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            XCTAssertFalse(text.contains("import MsxCLI") || text.contains("import ArgumentParser"), url.lastPathComponent)
        }
    }
}
