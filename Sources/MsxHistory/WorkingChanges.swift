import MsxGit
import MsxModel

extension ProjectHistory {
    /// What changed since the last snapshot, from one reading of git's index (its checksum is most of reading it):
    /// the documents (`changes()`) and, once there is a snapshot, the other files under `contents/` that changed
    /// (`fileChanges(index:recording:)`).
    public func workingChanges() throws -> (documents: [DocumentChange], files: [FileChange], hasHistory: Bool) {
        let index = try repository.indexStat(under: prefix)
        let documents = try changes(index: index)
        guard try head() != nil else { return (documents, [], false) }
        return (documents, try fileChanges(index: index, recording: true), true)
    }
}
