import CGit2
import Foundation
import MsxModel

/// The certificate authorities an https transfer trusts, read when the first transfer starts instead of when libgit2
/// starts.
///
/// libgit2 over mbedTLS (Debian's build) parses the system's whole CA bundle inside `git_libgit2_init`, a cost
/// that every command paid, although only https transfers use it. Where msx links libgit2's
/// static archive it does so with `--wrap=mbedtls_x509_crt_parse_file` (Package.swift, `MSX_DEFERS_CA_BUNDLE`), so
/// libgit2's calls reach msx's function (below); while
/// libgit2 starts, that function only notes the bundle's path. `trusting(for:environment:_:)` hands the path (or the file
/// `GIT_SSL_CAINFO` names, as git honours it) back to libgit2 through `GIT_OPT_SET_SSL_CERT_LOCATIONS`, whose call
/// msx's function passes to mbedTLS's own. Where libgit2 uses another TLS library or is not linked that way (a shared
/// libgit2), nothing is deferred and libgit2 reads the bundle as it always did. A transfer whose authorities were never read
/// fails closed: mbedTLS then trusts no certificate.
enum CertificateAuthorities {
    /// Runs libgit2's start-up (`start`) with the bundle's parsing deferred.
    static func deferringBundle(_ start: () -> Void) {
        state.withLock { $0.deferring = true }
        start()
        state.withLock { $0.deferring = false }
    }

    /// Runs an https (or http: it may be redirected to https) transfer to `url` with the authorities it trusts
    /// read first: `GIT_SSL_CAINFO`'s file when the environment names one (read again for each transfer, so an edited
    /// file counts), else the bundle libgit2 deferred (read once per process). Transfers over ssh or to a local
    /// folder run as they are: certificates are none of their business. https transfers of one process run one at
    /// a time, so that one never changes the authorities under another's handshake. Where nothing was deferred
    /// (another TLS library), the named file is added to those libgit2 already trusts.
    /// - Throws: `remote-unreachable` when the named file holds no certificate the TLS library can read.
    static func trusting<Result>(for url: String, environment: [String: String], _ transfer: () throws -> Result) throws -> Result {
        let scheme = url.prefix { $0 != ":" }.lowercased()
        guard scheme == "https" || scheme == "http" else { return try transfer() }
        _ = LibGit2.initialized
        transfers.lock()
        defer { transfers.unlock() }
        let named = environment["GIT_SSL_CAINFO"].flatMap { $0.isEmpty ? nil : $0 }
        let deferred = state.withLock { $0.deferredBundle }
        if let file = named ?? (loadedFile == deferred ? nil : deferred) {
            let code = msx_git_set_ssl_cert_file(file)
            guard code >= 0 else {
                throw MsxError(.remoteUnreachable, "cannot read the certificate authorities in \(file) (\(LibGit2.lastErrorDetail(code)))")
            }
            loadedFile = file
        }
        return try transfer()
    }

    /// Whether this build defers the bundle (libgit2 linked from its static archive with `--wrap`).
    static var defersBundle: Bool {
        #if MSX_DEFERS_CA_BUNDLE
        true
        #else
        false
        #endif
    }

    /// The bundle libgit2 asked to parse while it started, when that was deferred.
    static var deferredBundle: String? { state.withLock { $0.deferredBundle } }

    #if MSX_DEFERS_CA_BUNDLE
    /// Called by libgit2 for every CA file: notes the path while libgit2 starts, has mbedTLS parse it at any other time.
    fileprivate static func parseFile(_ chain: UnsafeMutableRawPointer?, _ path: UnsafePointer<CChar>?) -> Int32 {
        let deferred = state.withLock { state -> Bool in
            guard state.deferring, let path else { return false }
            state.deferredBundle = String(cString: path)
            return true
        }
        return deferred ? 0 : __real_mbedtls_x509_crt_parse_file(chain, path)
    }
    #endif

    private struct State {
        var deferring = false
        var deferredBundle: String?
    }

    private final class Guarded: @unchecked Sendable {
        private let lock = NSLock()
        private var state = State()

        func withLock<Result>(_ body: (inout State) -> Result) -> Result {
            lock.lock()
            defer { lock.unlock() }
            return body(&state)
        }
    }

    private static let state = Guarded()
    /// Held for the whole of an https transfer (not `state`'s lock, which libgit2's call into `parseFile` takes).
    private static let transfers = NSLock()
    /// The file libgit2's authorities were last read from (guarded by `transfers`).
    nonisolated(unsafe) private static var loadedFile: String?
}

#if MSX_DEFERS_CA_BUNDLE
/// What libgit2 calls for mbedTLS's `int mbedtls_x509_crt_parse_file(mbedtls_x509_crt *chain, const char *path)`, as
/// msx links it (`--wrap`), so that libgit2's start-up can defer reading the CA bundle (see `CertificateAuthorities`);
/// every other call is passed to mbedTLS unchanged. Not for use by msx's own code.
@_cdecl("__wrap_mbedtls_x509_crt_parse_file")
public func mbedtlsX509CertificateParseFile(_ chain: UnsafeMutableRawPointer?, _ path: UnsafePointer<CChar>?) -> Int32 {
    CertificateAuthorities.parseFile(chain, path)
}
#endif
