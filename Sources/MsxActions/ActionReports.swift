/// Every report an action returns, for the schemas written from them (`docs/schema/cli/`).
public enum ActionReports {
    public static let all: [any ActionReport.Type] = [BinderChangeReport.self, CompareReport.self, CheckResult.self, InitReport.self, TemplatesReport.self, ImportReport.self, CompileReport.self, TransferReport.self, RemotesReport.self, CloneReport.self, DraftsReport.self, SwitchReport.self, MergeReport.self, ReviewImportReport.self, GitSetupReport.self, ReanchorReport.self, FormatReport.self, StatusReport.self, ShowReport.self, SearchReport.self, LogReport.self, BlameReport.self, RestoreReport.self, CommentReport.self, CommentsReport.self, ConflictsReport.self, ResolveReport.self, ReviewChangesReport.self, ReviewDecisionReport.self, MetaReport.self, NewReport.self, NotesReport.self, SnapshotReport.self, StatsReport.self, TagReport.self, TagsReport.self,
                                                    TargetReport.self, TreeReport.self]
}
