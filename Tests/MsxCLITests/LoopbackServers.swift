import Foundation
import XCTest

/// Real git servers for the sync tests, on the loopback interface, on free ports, with their keys and configuration
/// in the test's scratch folder; each is stopped when its test ends.
extension HistoryTestCase {
    /// A free TCP port on 127.0.0.1 (asked of the kernel, then released for the server to take).
    func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try withUnsafeMutablePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                guard bind(fd, raw, length) == 0, getsockname(fd, raw, &length) == 0 else { throw XCTSkip("no loopback port free") }
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Starts `git http-backend` behind a small CGI server serving the bare repositories under `root`; returns its
    /// port. With `auth` ("user:password") it asks for those credentials; with `negotiate` it asks every request for
    /// Negotiate (Kerberos) authentication instead; with `tls` it speaks https.
    func startSmartHTTPServer(serving root: URL, auth: String? = nil, negotiate: Bool = false, tls: TestCertificates? = nil) throws -> Int {
        let script = MsxRunner.packageRoot.appendingPathComponent("Tests/MsxCLITests/Fixtures/servers/git-http-server.py")
        let portFile = scratch.appendingPathComponent("http-port-\(UUID().uuidString)")
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.arguments = ["python3", script.path, root.path, portFile.path]
        var environment = ProcessInfo.processInfo.environment
        environment["BASIC_AUTH"] = auth
        environment["NEGOTIATE"] = negotiate ? "1" : nil
        environment["TLS_CERT"] = tls?.serverCertificate.path
        environment["TLS_KEY"] = tls?.serverKey.path
        server.environment = environment
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        addTeardownBlock { server.terminate(); server.waitUntilExit() }
        for _ in 0..<500 {
            if let text = try? String(contentsOf: portFile, encoding: .utf8), let port = Int(text) { return port }
            usleep(10_000)
        }
        throw XCTSkip("the smart-HTTP test server did not start")
    }

    /// A certificate authority of the test's own, and a certificate it signed for `localhost` (files in the scratch
    /// folder, made with the openssl tool).
    func makeTestCertificates() throws -> TestCertificates {
        let openssl = "/usr/bin/openssl"
        guard FileManager.default.isExecutableFile(atPath: openssl) else { throw XCTSkip("openssl is not installed (apt-get install openssl)") }
        let folder = scratch.appendingPathComponent("tls-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        try "subjectAltName=DNS:localhost\n".write(toFile: path("server.ext"), atomically: true, encoding: .utf8)
        let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        for arguments in [
            ["req", "-x509"] + key + ["-keyout", path("ca.key"), "-out", path("ca.pem"), "-days", "2", "-subj", "/CN=msx test authority"],
            ["req"] + key + ["-keyout", path("server.key"), "-out", path("server.csr"), "-subj", "/CN=localhost"],
            ["x509", "-req", "-in", path("server.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"), "-CAcreateserial",
             "-out", path("server.pem"), "-days", "2", "-extfile", path("server.ext")],
        ] {
            XCTAssertEqual(try gitFreeRun(openssl, arguments), 0, "openssl \(arguments.joined(separator: " "))")
        }
        return TestCertificates(authority: URL(fileURLWithPath: path("ca.pem")), serverCertificate: URL(fileURLWithPath: path("server.pem")),
                                serverKey: URL(fileURLWithPath: path("server.key")))
    }

    /// An sshd of its own: host key, client key, authorized_keys and configuration in the scratch folder, listening
    /// on 127.0.0.1 only. Returns its port and the client's private key.
    func startSSHServer() throws -> (port: Int, clientKey: URL) {
        let sshd = "/usr/sbin/sshd"
        guard FileManager.default.isExecutableFile(atPath: sshd), FileManager.default.isExecutableFile(atPath: "/usr/bin/ssh-keygen") else {
            throw XCTSkip("openssh-server is not installed (apt-get install openssh-server)")
        }
        let folder = scratch.appendingPathComponent("sshd-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for key in ["host_key", "client_key"] {
            let result = try gitFreeRun("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", folder.appendingPathComponent(key).path])
            XCTAssertEqual(result, 0, "ssh-keygen")
        }
        try FileManager.default.copyItem(at: folder.appendingPathComponent("client_key.pub"), to: folder.appendingPathComponent("authorized_keys"))
        let port = try freePort()
        let user = ProcessInfo.processInfo.environment["USER"] ?? "root"
        let config = """
            Port \(port)
            ListenAddress 127.0.0.1
            HostKey \(folder.path)/host_key
            AuthorizedKeysFile \(folder.path)/authorized_keys
            PidFile \(folder.path)/sshd.pid
            UsePAM no
            StrictModes no
            PermitRootLogin prohibit-password
            PasswordAuthentication no
            AllowUsers \(user)
            SetEnv PATH=/usr/bin:/bin

            """
        try config.write(to: folder.appendingPathComponent("sshd_config"), atomically: true, encoding: .utf8)
        try? FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true)
        // Not through Foundation's Process: sshd closes the descriptors it inherits, which Foundation takes for its
        // end and then waits for it for ever.
        let pid = try spawn(sshd, ["-D", "-f", folder.appendingPathComponent("sshd_config").path, "-E", folder.appendingPathComponent("log").path])
        addTeardownBlock {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        for _ in 0..<500 {
            if (try? String(contentsOf: folder.appendingPathComponent("log"), encoding: .utf8))?.contains("Server listening") == true {
                return (port, folder.appendingPathComponent("client_key"))
            }
            usleep(10_000)
        }
        throw XCTSkip("sshd did not start: \((try? String(contentsOf: folder.appendingPathComponent("log"), encoding: .utf8)) ?? "")")
    }

    /// Starts `program` with posix_spawn (standard input and output on /dev/null); its pid.
    private func spawn(_ program: String, _ arguments: [String]) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, program, &actions, nil, argv, environ) == 0 else { throw XCTSkip("cannot start \(program)") }
        return pid
    }

    /// Runs a program to its end; its exit status.
    private func gitFreeRun(_ program: String, _ arguments: [String]) throws -> Int32 {
        let process = try Process.run(URL(fileURLWithPath: program), arguments: arguments)
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// A test's own certificate authority and the server certificate it signed.
struct TestCertificates {
    var authority: URL
    var serverCertificate: URL
    var serverKey: URL
}
