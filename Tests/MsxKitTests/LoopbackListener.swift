import Foundation
import MsxKit
@testable import MsxGit
import XCTest

/// A TCP listener on a free loopback port that accepts one connection, reads what the client sends first (a TLS
/// ClientHello, an ssh client's identification) and closes it.
final class LoopbackListener: @unchecked Sendable {
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

/// Checks what libgit2 starts on demand (its state read by `state`): waiting once libgit2 has started, and started
/// once a clone from a loopback listener at `url(port)` has reached the listener (and failed: it answers nothing).
func assertStartedOnDemand<State: Equatable>(_ state: () -> State, waiting: State, started: State, by url: (Int) -> String,
                                             file: StaticString = #filePath, line: UInt = #line) throws {
    XCTAssertTrue(LibGit2.initialized, file: file, line: line)
    XCTAssertEqual(state(), waiting, "libgit2 started without starting it", file: file, line: line)
    let listener = try LoopbackListener()
    let destination = FileManager.default.temporaryDirectory.appendingPathComponent("msx-listener-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: destination) }
    XCTAssertThrowsError(try ProjectHistory.clone(url(listener.port), into: destination, TransferOptions(environment: [:])),
                         file: file, line: line)
    XCTAssertGreaterThan(listener.waitForClientBytes(), 0, "the client reached the listener", file: file, line: line)
    XCTAssertEqual(state(), started, file: file, line: line)
}
