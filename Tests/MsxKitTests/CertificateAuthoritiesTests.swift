import XCTest
@testable import MsxGit

/// libgit2 over mbedTLS (Debian's build, which msx links) no longer parses the system's CA bundle when it starts: the
/// bundle's path is noted, and read only before the first https transfer. (That https still checks certificates, against
/// the bundle or `GIT_SSL_CAINFO`'s file, is `SyncTests.testHTTPSTrustsTheAuthorityGitSSLCAInfoNamesAndNoOther`.)
final class CertificateAuthoritiesTests: XCTestCase {
    func testStartingLibgit2NotesTheBundleInsteadOfParsingIt() throws {
        try XCTSkipUnless(CertificateAuthorities.defersBundle,
                          "this build links a shared libgit2, which reads its CA bundle when it starts (scripts/swift-static.sh)")
        _ = LibGit2.initialized
        let bundle = try XCTUnwrap(CertificateAuthorities.deferredBundle,
                                   "libgit2 read its CA bundle while starting (is libgit2 still linked with --wrap=mbedtls_x509_crt_parse_file?)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: bundle), bundle)
    }
}
