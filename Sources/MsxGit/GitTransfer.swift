import CGit2
import Foundation
import MsxModel

/// How a transfer reports its progress: objects received or sent of the total (called often, from libgit2's thread).
public typealias TransferProgress = @Sendable (_ done: Int, _ total: Int) -> Void

/// What a fetch, push or clone is given: the environment credentials and known_hosts come from, and whom to tell
/// about progress and about ssh host keys seen for the first time (added to known_hosts).
public struct TransferOptions: Sendable {
    public var environment: [String: String]
    public var progress: TransferProgress?
    public var learnedHostKey: (@Sendable (_ host: String, _ fingerprint: String, _ file: String) -> Void)?

    public init(environment: [String: String], progress: TransferProgress? = nil,
                learnedHostKey: (@Sendable (_ host: String, _ fingerprint: String, _ file: String) -> Void)? = nil) {
        self.environment = environment
        self.progress = progress
        self.learnedHostKey = learnedHostKey
    }
}

/// One fetch or push: the credentials it may offer, in order, and what went wrong. libgit2 asks for credentials again
/// each time the server refuses the last ones; each ask takes the next kind, and when none is left the transfer fails
/// as an authentication failure rather than asking for ever.
package final class TransferSession {
    let options: TransferOptions
    var environment: [String: String] { options.environment }
    /// The remote's URL (its port decides the host's name in known_hosts).
    var url = ""
    /// Refs the remote refused to update, with its reason ("non-fast-forward").
    package internal(set) var rejected: [(ref: String, reason: String)] = []
    /// Why the server's host key was refused, when it was.
    var refusedHostKey: String?
    /// Set once every credential on offer was refused.
    private(set) var exhaustedCredentials = false
    private var sshKeysTried = 0
    private var triedAgent = false
    private var triedPassword = false

    package init(_ options: TransferOptions) { self.options = options }

    /// Callbacks for libgit2, with this session as their payload (keep the session alive for the transfer).
    func callbacks() -> git_remote_callbacks {
        var callbacks = git_remote_callbacks()
        git_remote_init_callbacks(&callbacks, UInt32(GIT_REMOTE_CALLBACKS_VERSION))
        callbacks.payload = Unmanaged.passUnretained(self).toOpaque()
        callbacks.credentials = { out, url, username, allowed, payload in
            let session = Unmanaged<TransferSession>.fromOpaque(payload!).takeUnretainedValue()
            return session.credential(out, url: url.map { String(cString: $0) } ?? "",
                                      username: username.map { String(cString: $0) }, allowed: allowed)
        }
        callbacks.certificate_check = { cert, _, host, payload in
            let session = Unmanaged<TransferSession>.fromOpaque(payload!).takeUnretainedValue()
            guard let cert, let host else { return GIT_PASSTHROUGH.rawValue }
            return session.checkHostKey(cert, host: String(cString: host))
        }
        callbacks.transfer_progress = { stats, payload in
            let session = Unmanaged<TransferSession>.fromOpaque(payload!).takeUnretainedValue()
            if let stats { session.options.progress?(Int(stats.pointee.received_objects), Int(stats.pointee.total_objects)) }
            return 0
        }
        callbacks.push_transfer_progress = { current, total, _, payload in
            let session = Unmanaged<TransferSession>.fromOpaque(payload!).takeUnretainedValue()
            session.options.progress?(Int(current), Int(total))
            return 0
        }
        callbacks.push_update_reference = { ref, status, payload in
            let session = Unmanaged<TransferSession>.fromOpaque(payload!).takeUnretainedValue()
            if let status, let ref { session.rejected.append((String(cString: ref), String(cString: status))) }
            return 0
        }
        return callbacks
    }

    /// An ssh server's host key against known_hosts (0: go on, -1: refuse); certificates of https servers are left
    /// to libgit2's own checks: GIT_PASSTHROUGH, which libgit2 turns into its verdict (a positive value would be taken
    /// for "go on", whatever that verdict).
    private func checkHostKey(_ cert: UnsafeMutablePointer<git_cert>, host: String) -> Int32 {
        guard cert.pointee.cert_type == GIT_CERT_HOSTKEY_LIBSSH2 else { return GIT_PASSTHROUGH.rawValue }
        let hostkey = UnsafeMutableRawPointer(cert).assumingMemoryBound(to: git_cert_hostkey.self).pointee
        let names: [git_cert_ssh_raw_type_t: String] = [
            GIT_CERT_SSH_RAW_TYPE_RSA: "ssh-rsa", GIT_CERT_SSH_RAW_TYPE_DSS: "ssh-dss",
            GIT_CERT_SSH_RAW_TYPE_KEY_ECDSA_256: "ecdsa-sha2-nistp256", GIT_CERT_SSH_RAW_TYPE_KEY_ECDSA_384: "ecdsa-sha2-nistp384",
            GIT_CERT_SSH_RAW_TYPE_KEY_ECDSA_521: "ecdsa-sha2-nistp521", GIT_CERT_SSH_RAW_TYPE_KEY_ED25519: "ssh-ed25519",
        ]
        guard hostkey.type.rawValue & GIT_CERT_SSH_RAW.rawValue != 0, let type = names[hostkey.raw_type], let raw = hostkey.hostkey else {
            refusedHostKey = "\(host)'s host key is of a kind msx cannot check"
            return -1
        }
        let key = Array(UnsafeRawBufferPointer(start: raw, count: hostkey.hostkey_len))
        let sha256 = withUnsafeBytes(of: hostkey.hash_sha256) { Array($0) }
        let name = SSHHostKeys.entryName(host: host, port: URLComponents(string: url)?.port)
        do {
            switch try SSHHostKeys(environment: environment).check(name: name, keyType: type, key: key, sha256: sha256) {
            case .known: return 0
            case .learned(let file, let fingerprint):
                options.learnedHostKey?(name, fingerprint, file)
                return 0
            case .changed(let file, let fingerprint):
                refusedHostKey = "\(name) presented another host key than the one in \(file) (\(type) \(fingerprint)): it may be an "
                    + "impostor; if the server's key really changed, remove its old line from \(file)"
                return -1
            }
        } catch {
            refusedHostKey = "cannot record \(name)'s host key: \(error.localizedDescription)"
            return -1
        }
    }

    /// The next credential to offer for `allowed` kinds, or GIT_PASSTHROUGH / an error when none is left.
    private func credential(_ out: UnsafeMutablePointer<UnsafeMutablePointer<git_credential>?>?, url: String, username: String?, allowed: UInt32) -> Int32 {
        let user = username ?? environment["MSX_GIT_USERNAME"] ?? "git"
        if allowed & GIT_CREDENTIAL_USERNAME.rawValue != 0 {
            return git_credential_username_new(out, user)
        }
        if allowed & GIT_CREDENTIAL_SSH_KEY.rawValue != 0 {
            if !triedAgent, environment["SSH_AUTH_SOCK"].map({ !$0.isEmpty }) == true {
                triedAgent = true
                return git_credential_ssh_key_from_agent(out, user)
            }
            let keys = sshKeyFiles()
            if sshKeysTried < keys.count {
                let key = keys[sshKeysTried]
                sshKeysTried += 1
                let publicKey = FileManager.default.fileExists(atPath: key + ".pub") ? key + ".pub" : nil
                return git_credential_ssh_key_new(out, user, publicKey, key, environment["MSX_SSH_PASSPHRASE"])
            }
        }
        if allowed & GIT_CREDENTIAL_USERPASS_PLAINTEXT.rawValue != 0, !triedPassword,
           let login = HTTPCredentials.find(for: url, username: username, environment: environment) {
            triedPassword = true
            return git_credential_userpass_plaintext_new(out, login.user, login.password)
        }
        exhaustedCredentials = true
        git_error_set_str(Int32(GIT_ERROR_NET.rawValue), "no more credentials to offer")
        return -1
    }

    /// Private key files to offer over ssh: `MSX_SSH_KEY`, else the usual ones in ~/.ssh that exist.
    private func sshKeyFiles() -> [String] {
        if let key = environment["MSX_SSH_KEY"], !key.isEmpty { return [key] }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return ["id_ed25519", "id_ecdsa", "id_rsa"].map { "\(home)/.ssh/\($0)" }
            .filter { FileManager.default.fileExists(atPath: $0) }
    }
}

/// A user name and password for an https remote: from the URL, then `MSX_GIT_USERNAME` and `MSX_GIT_PASSWORD`, then
/// the netrc file (`NETRC`, else ~/.netrc) entry for the host.
enum HTTPCredentials {
    static func find(for url: String, username: String?, environment: [String: String]) -> (user: String, password: String)? {
        let parts = URLComponents(string: url)
        if let user = parts?.user, let password = parts?.password { return (user.removingPercentEncoding ?? user, password.removingPercentEncoding ?? password) }
        if let password = environment["MSX_GIT_PASSWORD"] {
            return (username ?? environment["MSX_GIT_USERNAME"] ?? "git", password)
        }
        guard let host = parts?.host else { return nil }
        let file = environment["NETRC"] ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.netrc"
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        return netrc(text, host: host, username: username)
    }

    /// The login for `host` in a netrc file's text (`machine HOST login USER password PASS`, or `default`).
    static func netrc(_ text: String, host: String, username: String?) -> (user: String, password: String)? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).map(String.init)
        var entries: [(machine: String?, user: String?, password: String?)] = []
        var i = 0
        while i < words.count {
            switch words[i] {
            case "machine" where i + 1 < words.count:
                entries.append((words[i + 1], nil, nil))
                i += 2
            case "default":
                entries.append((nil, nil, nil))
                i += 1
            case "login" where i + 1 < words.count && !entries.isEmpty:
                entries[entries.count - 1].user = words[i + 1]
                i += 2
            case "password" where i + 1 < words.count && !entries.isEmpty:
                entries[entries.count - 1].password = words[i + 1]
                i += 2
            default:
                i += 1
            }
        }
        let matching = entries.filter { $0.machine == host } + entries.filter { $0.machine == nil }
        guard let entry = matching.first(where: { $0.password != nil && (username == nil || $0.user == nil || $0.user == username) }),
              let password = entry.password else { return nil }
        return (entry.user ?? username ?? "git", password)
    }
}
