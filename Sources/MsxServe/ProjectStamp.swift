import Foundation
import MsxModel
import MsxProject

/// The pages' change stamp where the folders cannot be watched (`ProjectWatcher`): every file's size and
/// modification time, msx's merge state, and git's HEAD and branches, read at each poll. msx's caches are left
/// out, since reading a page writes them.
enum ProjectStamp {
    static func current(of directory: URL) -> String {
        guard let root = try? Project.locate(from: directory) else { return "none" }
        var stamp = ""
        let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey, .isDirectoryKey]
        let skipped: Set<String> = [".msx", ".git"]
        if let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys) {
            for case let url as URL in walk {
                if skipped.contains(url.lastPathComponent) { walk.skipDescendants(); continue }
                stamp += describe(url, keys)
            }
        }
        let git = root.appendingPathComponent(".git")
        for watched in [".msx/merge.json", ".git/HEAD", ".git/packed-refs", ".git/MERGE_HEAD"] {
            stamp += describe(root.appendingPathComponent(watched), keys)
        }
        if let refs = FileManager.default.enumerator(at: git.appendingPathComponent("refs"), includingPropertiesForKeys: keys) {
            for case let url as URL in refs { stamp += describe(url, keys) }
        }
        return TextHash.fnv1a64(stamp)
    }

    private static func describe(_ url: URL, _ keys: [URLResourceKey]) -> String {
        guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isDirectory != true else { return "" }
        return "\(url.path)|\(values.fileSize ?? -1)|\(values.contentModificationDate?.timeIntervalSince1970 ?? 0)\n"
    }
}
