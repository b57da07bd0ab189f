import CGit2
import Foundation

/// Where libgit2 looks for the writer's own git configuration (`~/.gitconfig`, `$XDG_CONFIG_HOME/git/config`).
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

    /// The folders git's configuration is looked up in.
    private struct Folders {
        var home: String
        var xdg: String

        init?(_ environment: [String: String]) {
            guard let home = environment["HOME"], !home.isEmpty else { return nil }
            self.home = home
            xdg = (environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config") + "/git"
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
        }
    }

    private static let state = State()
}
