import CSSHOnDemand
import XCTest

/// libssh2 (and OpenSSL's libcrypto under it) starts with the first ssh session, not when libgit2 starts, where
/// libgit2 is linked from its static archive (scripts/swift-static.sh): a clone over ssh from a loopback listener
/// makes a session, and from then on libssh2 has started.
final class SSHOnDemandTests: XCTestCase {
    func testTheFirstSessionStartsLibssh2() throws {
        #if MSX_SSH_ON_DEMAND
        // libgit2 started as msx starts it: libssh2's start is noted, not made; the first session makes it.
        try assertStartedOnDemand(msx_ssh_state, waiting: MSX_SSH_WAITING, started: MSX_SSH_STARTED) {
            "ssh://writer@127.0.0.1:\($0)/book.git"
        }
        #else
        throw XCTSkip("this build links a shared libgit2, which starts libssh2 as it starts (scripts/swift-static.sh)")
        #endif
    }
}
