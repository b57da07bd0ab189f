import Foundation

/// What every request must show before the server reads the project for it: the server listens on loopback, but any
/// page in the writer's browser can send requests there, so each is checked.
///
/// - Its path holds no `..`, backslash or encoded slash (nothing from a URL reaches the file system anyway: documents
///   are named by id).
/// - Its `Host` is the server's own (`127.0.0.1:PORT` or `localhost:PORT`): a DNS-rebinding page, whose requests
///   name its own host, is refused.
/// - It carries the token printed with the URL, in the query (the first visit) or in the cookie set then.
/// - A POST comes from the server's own pages: its `Origin` is the server's, and its form repeats the token.
struct RequestGate: Sendable {
    /// Why a request is refused.
    enum Refusal: Error, Equatable {
        case badPath
        case wrongHost
        case noToken
        case crossOrigin

        var status: Int {
            switch self {
            case .badPath: 400
            case .wrongHost: 421
            case .noToken, .crossOrigin: 403
            }
        }

        var message: String {
            switch self {
            case .badPath: "This address is not one of msx's pages."
            case .wrongHost: "This server answers only as 127.0.0.1 or localhost."
            case .noToken: "Open the address msx serve printed (it carries the key to this project)."
            case .crossOrigin: "Changes are accepted only from msx's own pages."
            }
        }
    }

    let port: UInt16
    let token: String

    /// The cookie that keeps the token after the first visit (one per port: two projects served at once keep theirs).
    var cookieName: String { "msx-token-\(port)" }

    /// The origins of the server's own pages.
    var origins: [String] { ["http://127.0.0.1:\(port)", "http://localhost:\(port)"] }

    /// Checks the path, host and token of any request.
    /// - Parameters:
    ///   - rawPath: the path as sent, still percent-encoded.
    ///   - queryToken: the `token` query item, if any.
    func admit(rawPath: String, host: String?, cookie: String?, queryToken: String?) throws(Refusal) {
        guard Self.isPlain(rawPath) else { throw .badPath }
        guard let host, ["127.0.0.1:\(port)", "localhost:\(port)"].contains(host.lowercased()) else { throw .wrongHost }
        let presented = queryToken ?? cookie.flatMap(cookieToken)
        guard let presented, Self.same(presented, token) else { throw .noToken }
    }

    /// Checks what a POST must show besides: the server's own origin, and the token in its form.
    func admitChange(origin: String?, formToken: String?) throws(Refusal) {
        guard let origin, origins.contains(origin.lowercased()) else { throw .crossOrigin }
        guard let formToken, Self.same(formToken, token) else { throw .crossOrigin }
    }

    /// The token in a `Cookie` header, if this server's cookie is there.
    func cookieToken(_ header: String) -> String? {
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0] == cookieName { return parts[1] }
        }
        return nil
    }

    /// A path of plain segments: no `.` or `..` (as sent or percent-encoded), no backslash, no encoded slash or NUL.
    static func isPlain(_ rawPath: String) -> Bool {
        guard rawPath.hasPrefix("/"), !rawPath.contains("\\") else { return false }
        let lowered = rawPath.lowercased()
        if ["%2f", "%5c", "%00"].contains(where: lowered.contains) { return false }
        return !rawPath.split(separator: "/", omittingEmptySubsequences: false).contains { segment in
            let decoded = String(segment).removingPercentEncoding ?? String(segment)
            return decoded == "." || decoded == ".."
        }
    }

    /// Compares in time that does not depend on where the strings differ.
    static func same(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// A new random token: 32 bytes as hex.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }
}
