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
