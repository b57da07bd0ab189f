/// Every report an action returns, for the schemas written from them (`docs/schema/cli/`).
public enum ActionReports {
    public static let all: [any ActionReport.Type] = [BinderChangeReport.self, CommentReport.self, CommentsReport.self, ConflictsReport.self, ResolveReport.self, ReviewChangesReport.self, ReviewDecisionReport.self, MetaReport.self, NewReport.self, NotesReport.self, SnapshotReport.self, StatsReport.self, TagReport.self, TagsReport.self,
                                                    TargetReport.self, TreeReport.self]
}
