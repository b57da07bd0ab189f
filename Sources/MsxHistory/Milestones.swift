import MsxGit
import MsxModel

extension ProjectHistory {
    /// A milestone as listed.
    public struct MilestoneInfo: Sendable {
        public var name: String
        public var tag: String
        public var version: GitOID
        public var note: String
        public var time: Int64
    }

    /// Every milestone, oldest version first.
    public func milestoneList() throws -> [MilestoneInfo] {
        try repository.tags().map { tag in
            MilestoneInfo(name: Milestone.displayName(of: tag), tag: tag.refName, version: tag.target, note: Milestone.note(of: tag),
                          time: try repository.commit(tag.target).time)
        }.sorted { ($0.time, $0.name) < ($1.time, $1.name) }
    }

    /// Marks a version (HEAD by default) as a milestone.
    /// - Parameter moving: move a milestone of that name that already exists (git tag --force), rather than fail.
    public func addMilestone(_ name: String, at revision: String? = nil, note: String? = nil, author explicit: Author? = nil,
                             moving: Bool = false) throws -> MilestoneInfo {
        let version = try resolve(revision ?? "HEAD")
        let tag = try Milestone.tagName(for: name)
        if !moving, try milestoneList().contains(where: { $0.name == name || $0.tag == tag }) {
            throw MsxError(.milestoneExists, "a milestone named '\(name)' already exists (tag --force moves it)")
        }
        let (author, _) = self.author(explicit)
        try repository.createTag(tag, at: version, message: Milestone.message(name: name, note: note), taggerName: author.name,
                                 taggerEmail: author.email, replacing: moving)
        return MilestoneInfo(name: name, tag: tag, version: version, note: note ?? "", time: try repository.commit(version).time)
    }

    /// Removes a milestone (the version stays).
    public func deleteMilestone(_ name: String) throws {
        guard let milestone = try milestoneList().first(where: { $0.name == name || $0.tag == name }) else {
            throw MsxError(.unknownMilestone, "no milestone named '\(name)'")
        }
        try repository.deleteTag(milestone.tag)
    }
}
