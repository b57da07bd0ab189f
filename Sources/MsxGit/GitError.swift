import CGit2
import CSSHOnDemand
import CTLSRandomOnDemand
import Foundation
import MsxModel

/// libgit2 is initialised once per process, before the first call.
enum LibGit2 {
    static let initialized: Bool = {
        // The CA bundle is read by the first https transfer, the TLS random generator seeded by its handshake, and
        // libssh2 started by the first ssh session.
        CertificateAuthorities.deferringBundle {
            (msx_tls_random_deferring(1), msx_ssh_deferring(1))
            git_libgit2_init()
            (msx_tls_random_deferring(0), msx_ssh_deferring(0))
        }
        // A version msx reports saved is on disk: objects, packs, refs and the index are fsynced. (MSX_BENCH_NO_FSYNC=1
        // turns that off, for `make bench` alone, to measure what it costs.)
        _ = msx_git_enable_fsync(EnvironmentVariable.value("MSX_BENCH_NO_FSYNC") == "1" ? 0 : 1)
        // Loose objects are checked by msx's own reader (`LooseObject`); re-hashing every packed object on each read
        // is work git does not do either.
        _ = msx_git_verify_object_hashes(0)
        // libgit2 keeps parsed commits and trees only up to 4 KB each: a first version whose message names every
        // document, or a folder of a few hundred scenes, would be read and parsed again at each step of a walk.
        for type in [GIT_OBJECT_COMMIT, GIT_OBJECT_TREE] { _ = msx_git_set_cache_object_limit(type, 16 << 20) }
        GitConfigurationSearch.libraryStarted()
        return true
    }()

    /// Turns a libgit2 return code into a thrown MsxError with libgit2's own explanation.
    static func check(_ code: Int32, _ what: @autoclosure () -> String) throws {
        guard code < 0 else { return }
        throw error(code, what())
    }

    /// libgit2's own explanation of the last failure ("error CODE" when it gave none).
    static func lastErrorDetail(_ code: Int32) -> String {
        git_error_last().flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "error \(code)"
    }

    static func error(_ code: Int32, _ what: String) -> MsxError {
        let last = git_error_last()
        let detail = lastErrorDetail(code)
        switch code {
        case GIT_ENOTFOUND.rawValue where last?.pointee.klass == Int32(GIT_ERROR_ODB.rawValue):
            // An object the history refers to is not in the repository: the history is damaged or incomplete.
            return MsxError(.incompleteHistory, "\(what): an object of the history is missing (\(detail)); git fsck names what is damaged")
        case GIT_ENOTFOUND.rawValue:
            return MsxError(.notFound, "\(what): not found (\(detail))")
        case GIT_EOWNER.rawValue:
            return MsxError(.repositoryOwner, "\(what): the repository is owned by another user (\(detail))")
        case GIT_ELOCKED.rawValue:
            return MsxError(.repositoryLocked, "\(what): another program holds the repository's lock (\(detail))")
        case _ where errno == ENOSPC || errno == EDQUOT || detail.lowercased().contains("no space left"):
            // A full disk: the data is fine, the write is not done.
            return MsxError(.io, "\(what): No space left on device (free some space, then run the command again; nothing was recorded)")
        default:
            let reasons = [
                ("extensions.objectformat", "it uses SHA-256 object names, which libgit2 1.5 cannot read"),
                ("extensions.partialclone", "it is a partial clone with objects missing locally, which libgit2 1.5 cannot read"),
                ("extensions.worktreeconfig", "it uses per-worktree configuration, which libgit2 1.5 cannot read"),
            ]
            if let reason = reasons.first(where: { detail.contains($0.0) }) {
                return MsxError(.unsupportedRepository, "\(what): \(reason.1) (\(detail))")
            }
            // A damaged pack or object: libgit2 says it in zlib's or the pack reader's words.
            if let klass = last?.pointee.klass, [GIT_ERROR_ZLIB, GIT_ERROR_ODB, GIT_ERROR_OBJECT].map({ Int32($0.rawValue) }).contains(klass) {
                return MsxError(.repository, "\(what): the history is damaged (\(detail)); git fsck names what is damaged")
            }
            return MsxError(.repository, "\(what): \(detail)")
        }
    }
}
