import CTLSRandomOnDemand
import Foundation
import MsxKit
@testable import MsxGit
import XCTest

/// libgit2's TLS random generator is seeded by the first https handshake, not when libgit2 starts, where libgit2 is
/// linked from its static archive (scripts/swift-static.sh): the handshake to a loopback listener asks it for
/// the client's random bytes, and from then on it is seeded.
final class TLSRandomOnDemandTests: XCTestCase {
    func testTheFirstHandshakeSeedsTheGenerator() throws {
        #if MSX_SEEDS_TLS_RANDOM_ON_DEMAND
        // libgit2 started as msx starts it: the seeding is noted, not made.
        XCTAssertTrue(LibGit2.initialized)
        XCTAssertEqual(msx_tls_random_state(), MSX_TLS_RANDOM_WAITING, "libgit2 started without seeding its TLS generator")
        XCTAssertGreaterThan(try LoopbackListener.bytesFromAFailedClone { "https://127.0.0.1:\($0)/book.git" }, 0,
                             "the handshake reached the listener")
        XCTAssertEqual(msx_tls_random_state(), MSX_TLS_RANDOM_SEEDED)
        #else
        throw XCTSkip("this build links a shared libgit2, which seeds its generator as it starts (scripts/swift-static.sh)")
        #endif
    }
}
