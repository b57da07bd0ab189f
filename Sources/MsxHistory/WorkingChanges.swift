import MsxGit
import MsxModel
import MsxProject

extension ProjectHistory {
    /// What changed since the last snapshot, from one reading of git's index (its checksum is most of reading it):
    /// the documents (`changes()`) and, once there is a snapshot, the other files under `contents/` that changed
    /// (`fileChanges(index:recording:contents:)`).
    /// - Parameter contents: the files under `contents/`, when the caller has listed them (else they are listed now).
    public func workingChanges(contents: ContentsListing? = nil) throws -> (documents: [DocumentChange], files: [FileChange], hasHistory: Bool) {
        let index = try indexStat()
        let documents = try changes(index: index)
        guard try head() != nil else { return (documents, [], false) }
        return (documents, try fileChanges(index: index, recording: true, contents: contents), true)
    }
}
