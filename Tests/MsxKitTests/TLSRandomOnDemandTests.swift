import CTLSRandomOnDemand
import XCTest

/// libgit2's TLS random generator is seeded by the first https handshake, not when libgit2 starts, where libgit2 is
/// linked from its static archive (scripts/swift-static.sh): the handshake to a loopback listener asks it for
/// the client's random bytes, and from then on it is seeded.
final class TLSRandomOnDemandTests: XCTestCase {
    func testTheFirstHandshakeSeedsTheGenerator() throws {
        #if MSX_SEEDS_TLS_RANDOM_ON_DEMAND
        // libgit2 started as msx starts it: the seeding is noted, not made; the handshake makes it.
        try assertStartedOnDemand(msx_tls_random_state, waiting: MSX_TLS_RANDOM_WAITING, started: MSX_TLS_RANDOM_SEEDED) {
            "https://127.0.0.1:\($0)/book.git"
        }
        #else
        throw XCTSkip("this build links a shared libgit2, which seeds its generator as it starts (scripts/swift-static.sh)")
        #endif
    }
}
