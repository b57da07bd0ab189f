import MsxHistory
import MsxModel
import MsxWorkspace

/// Makes git's own commands (diff, log -p, show, merge) use msx for this project's documents (`msx git-setup`).
public struct GitSetupAction: Action {
    /// The msx executable git is to run.
    public var executable: String

    public init(executable: String) { self.executable = executable }

    public var writes: Bool { false }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> GitSetupReport {
        try workspace.creatingHistory().configureGitDiff(executable: executable)
        return GitSetupReport(driver: executable)
    }
}

/// The driver git now runs.
public struct GitSetupReport: ActionReport {
    public var driver: String

    public static let commands = ["git-setup"]
    public static var schema: JSONSchema { .object(["driver": .string]) }
}
