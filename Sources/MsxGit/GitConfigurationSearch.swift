import CGit2
import Foundation

/// Where libgit2 looks for the writer's own git configuration (`~/.gitconfig`, `$XDG_CONFIG_HOME/git/config`), as
/// git does: `GIT_CONFIG_GLOBAL` names the one global file instead (`/dev/null`: none), and `GIT_CONFIG_NOSYSTEM`
/// leaves out the system's (libgit2 1.5 reads neither variable itself).
///
/// libgit2 reads `HOME` and `XDG_CONFIG_HOME` once, when it starts; a front end that runs several invocations in
/// one process, each with its own environment, states each invocation's here before it opens a repository. Stating
/// them does not start libgit2: they are applied when it starts, or at once if it already has.
public enum GitConfigurationSearch {
    /// Looks for the global and XDG configuration where `environment` says git would.
    public static func use(_ environment: [String: String]) {
        state.lock.lock()
        defer { state.lock.unlock() }
        state.wanted = Folders(environment)
        if state.started { state.apply() }
    }

    /// Called once, right after libgit2 starts.
    static func libraryStarted() {
        state.lock.lock()
        defer { state.lock.unlock() }
        state.started = true
        state.apply()
    }

    /// The file `GIT_CONFIG_GLOBAL` names, which each repository msx opens reads as its global configuration.
    static var globalFile: String? {
        state.lock.lock()
        defer { state.lock.unlock() }
        return state.wanted?.globalFile
    }

    /// A folder that holds no configuration: searching it finds none.
    private static let nowhere = "/nonexistent/msx-no-git-config"

    /// The folders git's configuration is looked up in.
    private struct Folders {
        var home: String
        var xdg: String
        var system: String?
        var globalFile: String?

        init?(_ environment: [String: String]) {
            func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
            if let file = value("GIT_CONFIG_GLOBAL") {
                (home, xdg, globalFile) = (GitConfigurationSearch.nowhere, GitConfigurationSearch.nowhere, file)
            } else {
                guard let home = value("HOME") else { return nil }
                self.home = home
                xdg = (value("XDG_CONFIG_HOME") ?? home + "/.config") + "/git"
            }
            if let noSystem = value("GIT_CONFIG_NOSYSTEM"), !["0", "false", "no", "off"].contains(noSystem.lowercased()) {
                system = GitConfigurationSearch.nowhere
            }
        }
    }

    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var started = false
        var wanted: Folders?

        func apply() {
            guard let wanted else { return }
            _ = msx_git_set_search_path(GIT_CONFIG_LEVEL_GLOBAL, wanted.home)
            _ = msx_git_set_search_path(GIT_CONFIG_LEVEL_XDG, wanted.xdg)
            if let system = wanted.system { _ = msx_git_set_search_path(GIT_CONFIG_LEVEL_SYSTEM, system) }
        }
    }

    private static let state = State()
}
