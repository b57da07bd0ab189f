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
        let listener = try LoopbackListener()
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("msx-tls-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: destination) }
        XCTAssertThrowsError(try ProjectHistory.clone("https://127.0.0.1:\(listener.port)/book.git", into: destination,
                                                      TransferOptions(environment: [:])))
        XCTAssertGreaterThan(listener.waitForClientBytes(), 0, "the handshake reached the listener")
        XCTAssertEqual(msx_tls_random_state(), MSX_TLS_RANDOM_SEEDED)
        #else
        throw XCTSkip("this build links a shared libgit2, which seeds its generator as it starts (scripts/swift-static.sh)")
        #endif
    }
}

/// A TCP listener on a free loopback port that accepts one connection, reads what the client sends first (a TLS
/// ClientHello) and closes it.
private final class LoopbackListener: @unchecked Sendable {
    let port: Int
    private let socket: Int32
    private let received = DispatchSemaphore(value: 0)
    private var count = 0

    init() throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && listen(socket, 1) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard socket >= 0, bound else {
            if socket >= 0 { close(socket) }
            throw POSIXError(.EADDRNOTAVAIL)
        }
        (self.socket, port) = (socket, Int(UInt16(bigEndian: address.sin_port)))
        Thread.detachNewThread { [self] in
            let client = accept(socket, nil, nil)
            var buffer = [UInt8](repeating: 0, count: 4096)
            count = client >= 0 ? max(0, read(client, &buffer, buffer.count)) : 0
            if client >= 0 { close(client) }
            close(socket)
            received.signal()
        }
    }

    /// How many bytes the client sent first (0 after 30 s without a connection).
    func waitForClientBytes() -> Int {
        received.wait(timeout: .now() + 30) == .success ? count : 0
    }
}
