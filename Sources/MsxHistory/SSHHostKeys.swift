import Foundation
import MsxModel

/// What became of a server's ssh host key.
enum HostKeyCheck: Equatable {
    /// known_hosts has this key for this host.
    case known
    /// known_hosts had no key for this host: this one was added, as `ssh -o StrictHostKeyChecking=accept-new` does.
    case learned(file: String, fingerprint: String)
    /// known_hosts has another key for this host: the connection is refused.
    case changed(file: String, fingerprint: String)
}

/// Checks ssh host keys against OpenSSH's known_hosts files (plain and hashed host names, `[host]:port`), learning
/// the key of a host seen for the first time. The file is `MSX_SSH_KNOWN_HOSTS` when set, else ~/.ssh/known_hosts.
struct SSHHostKeys {
    let file: String

    init(environment: [String: String]) {
        file = environment["MSX_SSH_KNOWN_HOSTS"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.ssh/known_hosts"
    }

    /// The name known_hosts files use for a host: `host`, or `[host]:port` off port 22.
    static func entryName(host: String, port: Int?) -> String {
        guard let port, port != 22 else { return host }
        return "[\(host)]:\(port)"
    }

    /// Checks `key` (its type name, as `ssh-ed25519`, and its bytes) for `name` (see `entryName`).
    func check(name: String, keyType: String, key: [UInt8], sha256: [UInt8]) throws -> HostKeyCheck {
        let encoded = Data(key).base64EncodedString()
        let fingerprint = "SHA256:" + Data(sha256).base64EncodedString().replacingOccurrences(of: "=", with: "")
        var otherKey = false
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        for line in text.split(whereSeparator: \.isNewline) {
            var fields = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard let first = fields.first, !first.hasPrefix("#") else { continue }
            if first.hasPrefix("@") { fields.removeFirst() }  // @cert-authority / @revoked: not for plain keys
            guard fields.count >= 3, Self.matches(fields[0], name) else { continue }
            if fields[1] == keyType && fields[2] == encoded { return line.hasPrefix("@revoked") ? .changed(file: file, fingerprint: fingerprint) : .known }
            if fields[1] == keyType { otherKey = true }
        }
        if otherKey { return .changed(file: file, fingerprint: fingerprint) }
        try learn("\(name) \(keyType) \(encoded)\n")
        return .learned(file: file, fingerprint: fingerprint)
    }

    private func learn(_ entry: String) throws {
        let url = URL(fileURLWithPath: file)
        try FileIO.createFolder(url.deletingLastPathComponent())
        let existing = (try? Data(contentsOf: url)) ?? Data()
        let separator = existing.last.map { $0 == 0x0A ? "" : "\n" } ?? ""
        try FileIO.writeAtomically(existing + Data((separator + entry).utf8), to: url)
    }

    /// Whether a known_hosts host field (comma-separated names, `|1|salt|hash` hashed names, `*` and `?`
    /// wildcards, `!` negations) covers `name`.
    static func matches(_ field: String, _ name: String) -> Bool {
        if field.hasPrefix("|1|") {
            let parts = field.split(separator: "|").map(String.init)
            guard parts.count == 3, let salt = Data(base64Encoded: parts[1]), let hash = Data(base64Encoded: parts[2]) else { return false }
            return SHA1.hmac(key: Array(salt), message: Array(name.utf8)) == Array(hash)
        }
        var matched = false
        for pattern in field.split(separator: ",").map(String.init) {
            if pattern.hasPrefix("!") {
                if wildcard(String(pattern.dropFirst()), name) { return false }
            } else if wildcard(pattern, name) {
                matched = true
            }
        }
        return matched
    }

    private static func wildcard(_ pattern: String, _ name: String) -> Bool {
        let p = Array(pattern.lowercased()), n = Array(name.lowercased())
        func match(_ i: Int, _ j: Int) -> Bool {
            if i == p.count { return j == n.count }
            if p[i] == "*" { return (j...n.count).contains { match(i + 1, $0) } }
            return j < n.count && (p[i] == "?" || p[i] == n[j]) && match(i + 1, j + 1)
        }
        return match(0, 0)
    }
}

/// SHA-1 and HMAC-SHA-1, for hashed known_hosts names (OpenSSH's `HashKnownHosts`), and nothing else.
enum SHA1 {
    static func hash(_ message: [UInt8]) -> [UInt8] {
        var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var data = message + [0x80]
        while data.count % 64 != 56 { data.append(0) }
        let bits = UInt64(message.count) * 8
        data += (0..<8).map { UInt8(truncatingIfNeeded: bits >> (56 - 8 * UInt64($0))) }
        for chunk in stride(from: 0, to: data.count, by: 64) {
            var w = (0..<16).map { i in
                (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(data[chunk + 4 * i + $1]) }
            }
            for i in 16..<80 {
                let x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]
                w.append(x << 1 | x >> 31)
            }
            var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
            for i in 0..<80 {
                let (f, k): (UInt32, UInt32) = switch i {
                case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
                case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
                case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                default: (b ^ c ^ d, 0xCA62_C1D6)
                }
                let t = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[i]
                (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, t)
            }
            h = [h[0] &+ a, h[1] &+ b, h[2] &+ c, h[3] &+ d, h[4] &+ e]
        }
        return h.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32($0))) } }
    }

    static func hmac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var block = key.count > 64 ? hash(key) : key
        block += [UInt8](repeating: 0, count: 64 - block.count)
        let inner = hash(block.map { $0 ^ 0x36 } + message)
        return hash(block.map { $0 ^ 0x5C } + inner)
    }
}
