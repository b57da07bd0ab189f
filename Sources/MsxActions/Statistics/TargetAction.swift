import MsxModel
import MsxProject
import MsxWorkspace

/// Shows the project's target, first setting what the request gives (`msx target`).
public struct TargetAction: Action {
    /// The words the draft should reach (0: none); nil leaves it.
    public var words: Int?
    /// By when, `YYYY-MM-DD` ("": none); nil leaves it.
    public var deadline: String?
    /// The words of a day's session (0: none); nil leaves it.
    public var session: Int?
    /// What a day's words count: `draft` or `all`; nil leaves it.
    public var sessionCounts: String?

    public init(words: Int? = nil, deadline: String? = nil, session: Int? = nil, sessionCounts: String? = nil) {
        (self.words, self.deadline, self.session, self.sessionCounts) = (words, deadline, session, sessionCounts)
    }

    public var writes: Bool { words != nil || deadline != nil || session != nil || sessionCounts != nil }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> TargetReport {
        var project = workspace.project
        if writes { try project.setTarget(words: words, deadline: deadline, session: session, sessionCounts: sessionCounts) }
        let target = project.target
        return TargetReport(words: target.words, deadline: target.deadline, session: target.session,
                            sessionCounts: project.sessionCountsDraftOnly ? .draft : .all)
    }
}

/// The project's target after `msx target`.
public struct TargetReport: ActionReport, Equatable {
    /// What a day's words count.
    public enum SessionCounts: String, Encodable, Sendable { case draft, all }

    public var words: Int?
    public var deadline: String?
    public var session: Int?
    public var sessionCounts: SessionCounts

    public static let commands = ["target"]
    public static let schema = JSONSchema.object([
        "words": .nullable(.integer), "deadline": .nullable(.string), "session": .nullable(.integer),
        "sessionCounts": .oneOf(["draft", "all"]),
    ])
}
