import Foundation

extension Project {
    /// `.md` files under `contents/` that the binder does not list.
    public func strayDocuments() throws -> [String] {
        try strayFiles(known: Set(manifest.entries.map(\.node.path))).documents
    }

    /// Files under `contents/` that are neither documents nor sidecars (pictures, `.gitkeep`, ...).
    func companionFiles() throws -> [String] {
        guard let walker = FileManager.default.enumerator(at: root.appendingPathComponent("contents"), includingPropertiesForKeys: [.isRegularFileKey])
        else { return [] }
        var result: [String] = []
        for case let url as URL in walker {
            let name = url.lastPathComponent
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                !name.hasSuffix(".md"), !name.hasSuffix(".attrs.json"), !name.hasSuffix(".msx-tmp"),
                let path = paths.relative(url)
            else { continue }
            result.append(path)
        }
        return result.sorted()
    }

    /// `.md` files under `contents/` not in `known`, and temporary files an interrupted write left behind.
    func strayFiles(known: Set<String>) throws -> (documents: [String], temporary: [String]) {
        var documents: [String] = []
        var temporary: [String] = []
        if let walker = FileManager.default.enumerator(atPath: root.appendingPathComponent("contents").path) {
            for case let inner as String in walker {
                let path = "contents/" + inner
                if path.hasSuffix(".msx-tmp") {
                    temporary.append(path)
                } else if path.hasSuffix(".md") && !known.contains(path) {
                    documents.append(path)
                }
            }
        }
        let rootFiles = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        temporary += rootFiles.filter { $0.hasSuffix(".msx-tmp") }
        let privateFiles = (try? FileManager.default.contentsOfDirectory(atPath: paths.privateFolder.path)) ?? []
        temporary += privateFiles.filter { $0.hasSuffix(".msx-tmp") }.map { ".msx/" + $0 }
        return (documents.sorted(), temporary.sorted())
    }
}
