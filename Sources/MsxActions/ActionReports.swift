/// Every report an action returns, for the schemas written from them (`docs/schema/cli/`).
public enum ActionReports {
    public static let all: [any ActionReport.Type] = [TargetReport.self, TreeReport.self]
}
