import CGSSAPIOnDemand
import Foundation
import XCTest

/// libgit2's GSSAPI calls (Negotiate authentication) reach msx's own definitions where libgit2 is linked from its
/// static archive (scripts/swift-static.sh): the system's GSSAPI library is loaded by the first call, not by
/// the dynamic loader when every command starts, and answers it.
final class GSSAPIOnDemandTests: XCTestCase {
    func testTheLibraryIsLoadedByTheFirstCallAndAnswersIt() throws {
        #if MSX_GSSAPI_ON_DEMAND
        XCTAssertFalse(gssapiLoaded, "the GSSAPI library was loaded before any call (is it linked again?)")
        var minor: OM_uint32 = 0
        var mechanisms: gss_OID_set?
        let major = gss_indicate_mechs(&minor, &mechanisms)
        try XCTSkipUnless(gssapiLoaded, "the system's GSSAPI library (libgssapi_krb5.so.2) is not installed")
        XCTAssertEqual(major, 0, "gss_indicate_mechs failed (minor status \(minor))")
        XCTAssertGreaterThan(try XCTUnwrap(mechanisms).pointee.count, 0, "GSSAPI names no mechanism")
        XCTAssertEqual(gss_release_oid_set(&minor, &mechanisms), 0)
        #else
        throw XCTSkip("this build links a shared libgit2, which loads GSSAPI itself (scripts/swift-static.sh)")
        #endif
    }

    /// Whether this process has loaded the system's GSSAPI library (asked without loading it).
    private var gssapiLoaded: Bool {
        guard let handle = dlopen("libgssapi_krb5.so.2", RTLD_NOW | RTLD_NOLOAD) else { return false }
        dlclose(handle)
        return true
    }
}
