import Foundation
import XCTest

/// Remotes, clone, pull, push and sync through libgit2, over file remotes, smart HTTP
/// (`git http-backend`) and ssh (a real sshd), each server on the loopback interface. Two clones edit in turn and
/// sync: both end with the same files and the same history, and `git fsck` finds nothing wrong. Concurrent versions
/// merge by document (the merge of the words inside one document is still to come: until then pull says so and
/// changes nothing).
final class SyncTests: HistoryTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    /// A project with one version, pushed to a new bare repository `name.git` in `folder`.
    private func publish(_ name: String = "book", in folder: URL? = nil) throws -> (root: URL, remote: URL) {
        let book = try makeBook(name: "\(name)-a")
        let remote = (folder ?? scratch).appendingPathComponent("\(name).git")
        try FileManager.default.createDirectory(at: remote.deletingLastPathComponent(), withIntermediateDirectories: true)
        try git("init", "-q", "--bare", remote.path, in: scratch)
        try git("config", "http.receivepack", "true", in: remote)
        try expect(0, "remote", "add", "origin", remote.path, in: book.root)
        try expect(0, "push", in: book.root)
        return (book.root, remote)
    }

    /// The project's files (not .git or .msx), path to bytes.
    private func files(_ root: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])!
        for case let url as URL in enumerator {
            let relative = String(url.path.dropFirst(root.path.count + 1))
            if relative.hasPrefix(".git") || relative.hasPrefix(".msx") { enumerator.skipDescendants(); continue }
            if (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true { result[relative] = try Data(contentsOf: url) }
        }
        return result
    }

    /// Two clones of `url` edit in turn and sync; both end the same, and the remote passes git fsck.
    private func assertTwoClonesSync(through url: String, remote: URL, env: [String: String] = [:],
                                     file: StaticString = #filePath, line: UInt = #line) throws {
        let first = scratch.appendingPathComponent("first-\(UUID().uuidString.prefix(6))")
        let second = scratch.appendingPathComponent("second-\(UUID().uuidString.prefix(6))")
        try expect(0, "clone", url, first.path, env: env, file: file, line: line)
        try expect(0, "clone", url, second.path, env: env, file: file, line: line)
        let round = UUID().uuidString.prefix(6)
        try write("The old lamp burned till dawn \(round).\n\nNell watched it from the quay.\n", to: Book.lampPath, in: first)
        try expect(0, "sync", "-m", "dawn", in: first, env: env, file: file, line: line)
        let pulled = try expect(0, "sync", "--json", in: second, env: env, file: file, line: line).json()
        XCTAssertEqual((pulled["pulled"] as? [String: Any])?["outcome"] as? String, "fast-forward", file: file, line: line)
        try write("The sea was rough that evening \(round).\n", to: Book.seaPath, in: second)
        try expect(0, "format", "Sea", "--match", "rough", "--underline", in: second, file: file, line: line)
        try expect(0, "sync", "--snapshot", in: second, env: env, file: file, line: line)
        try expect(0, "sync", in: first, env: env, file: file, line: line)
        XCTAssertEqual(try files(first), try files(second), "the clones differ", file: file, line: line)
        XCTAssertEqual(try revision(in: first), try revision(in: second), file: file, line: line)
        XCTAssertEqual(try git("--git-dir", remote.path, "rev-parse", "main", in: scratch).trimmingCharacters(in: .whitespacesAndNewlines),
                       try revision(in: first), file: file, line: line)
        let fsck = try gitRun(["--git-dir", remote.path, "fsck", "--strict", "--no-progress"], in: scratch)
        XCTAssertEqual(fsck.status, 0, fsck.stderr, file: file, line: line)
        try assertRepositorySound(first, file: file, line: line)
        try assertRepositorySound(second, file: file, line: line)
        try expect(0, "check", in: first, file: file, line: line)
    }

    func testTwoClonesSyncThroughAFolderRemote() throws {
        let (_, remote) = try publish()
        try assertTwoClonesSync(through: remote.path, remote: remote)
        try assertTwoClonesSync(through: "file://" + remote.path, remote: remote)
    }

    func testTwoClonesSyncOverSmartHTTP() throws {
        let served = scratch.appendingPathComponent("served", isDirectory: true)
        let (_, remote) = try publish(in: served)
        let port = try startSmartHTTPServer(serving: served)
        try assertTwoClonesSync(through: "http://127.0.0.1:\(port)/book.git", remote: remote)
    }

    func testSmartHTTPCredentialsComeFromTheURLTheEnvironmentOrNetrc() throws {
        let served = scratch.appendingPathComponent("guarded", isDirectory: true)
        let (_, remote) = try publish(in: served)
        let port = try startSmartHTTPServer(serving: served, auth: "ada:s3cret")
        let url = "http://127.0.0.1:\(port)/book.git"
        let refused = try expect(1, "clone", url, scratch.appendingPathComponent("refused").path)
        XCTAssertTrue(refused.stderr.contains("credentials were refused"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("refused").path), "a failed clone leaves no folder")
        try expect(0, "clone", "http://ada:s3cret@127.0.0.1:\(port)/book.git", scratch.appendingPathComponent("by-url").path)
        try expect(0, "clone", url, scratch.appendingPathComponent("by-env").path, env: ["MSX_GIT_USERNAME": "ada", "MSX_GIT_PASSWORD": "s3cret"])
        let netrc = scratch.appendingPathComponent("netrc")
        try "machine 127.0.0.1 login ada password s3cret\n".write(to: netrc, atomically: true, encoding: .utf8)
        try assertTwoClonesSync(through: url, remote: remote, env: ["NETRC": netrc.path])
    }

    /// A server that asks only for Negotiate (Kerberos) authentication, which msx does not offer: the clone is refused
    /// in one line and nothing is written. Run as the built binary, as a writer runs it.
    func testAServerAskingForNegotiateAuthenticationIsRefusedInOneLine() throws {
        let served = scratch.appendingPathComponent("kerberos", isDirectory: true)
        _ = try publish(in: served)
        let port = try startSmartHTTPServer(serving: served, negotiate: true)
        let target = scratch.appendingPathComponent("refused")
        let result = try MsxRunner.spawn(["clone", "http://127.0.0.1:\(port)/book.git", target.path], in: scratch)
        XCTAssertFalse(result.signalled, result.stderr)
        XCTAssertEqual(result.exitCode, 1, result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("credentials were refused"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: target.path), "a failed clone leaves no folder")
    }

    /// https through libgit2 over mbedTLS, whose certificate authorities msx reads only when a transfer starts
    /// (`CertificateAuthorities`): a server whose certificate was signed by the authority `GIT_SSL_CAINFO` names is
    /// trusted; without it the certificate is refused and nothing is written; a file that holds no authority is named
    /// (and ignored by a transfer that is not over http).
    func testHTTPSTrustsTheAuthorityGitSSLCAInfoNamesAndNoOther() throws {
        let served = scratch.appendingPathComponent("secure", isDirectory: true)
        let (_, remote) = try publish(in: served)
        let certificates = try makeTestCertificates()
        let port = try startSmartHTTPServer(serving: served, tls: certificates)
        let url = "https://localhost:\(port)/book.git"
        let untrusted = scratch.appendingPathComponent("untrusted")
        let refused = try expect(74, "clone", url, untrusted.path)
        XCTAssertTrue(refused.stderr.contains("certificate"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: untrusted.path), "a refused clone leaves no folder")
        let notAnAuthority = scratch.appendingPathComponent("not-an-authority.pem")
        try "no certificate here\n".write(to: notAnAuthority, atomically: true, encoding: .utf8)
        let unreadable = try expect(74, "clone", url, untrusted.path, env: ["GIT_SSL_CAINFO": notAnAuthority.path])
        XCTAssertTrue(unreadable.stderr.contains("cannot read the certificate authorities in \(notAnAuthority.path)"), unreadable.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: untrusted.path))
        // Certificates are none of a local (or ssh) transfer's business.
        try expect(0, "clone", remote.path, scratch.appendingPathComponent("local").path, env: ["GIT_SSL_CAINFO": notAnAuthority.path])
        try assertTwoClonesSync(through: url, remote: remote, env: ["GIT_SSL_CAINFO": certificates.authority.path])
    }

    func testTwoClonesSyncOverSSH() throws {
        let (_, remote) = try publish()
        let (port, key) = try startSSHServer()
        let knownHosts = scratch.appendingPathComponent("known_hosts")
        let env = ["MSX_SSH_KEY": key.path, "MSX_SSH_KNOWN_HOSTS": knownHosts.path]
        let user = ProcessInfo.processInfo.environment["USER"] ?? "root"
        let first = try expect(0, "clone", "ssh://\(user)@127.0.0.1:\(port)\(remote.path)", scratch.appendingPathComponent("ssh-probe").path, env: env)
        XCTAssertTrue(first.stderr.contains("host key") && first.stderr.contains("SHA256:"), "the new host key is named: \(first.stderr)")
        XCTAssertTrue(try String(contentsOf: knownHosts, encoding: .utf8).hasPrefix("[127.0.0.1]:\(port) ssh-ed25519 "))
        try assertTwoClonesSync(through: "ssh://\(user)@127.0.0.1:\(port)\(remote.path)", remote: remote, env: env)
        // A server that shows another key is refused.
        let known = try String(contentsOf: knownHosts, encoding: .utf8)
        try known.replacingOccurrences(of: "AAAAC3", with: "AAAAC4").write(to: knownHosts, atomically: true, encoding: .utf8)
        let impostor = try expect(1, "pull", in: scratch.appendingPathComponent("ssh-probe"), env: env)
        XCTAssertTrue(impostor.stderr.contains("another host key"), impostor.stderr)
    }

    func testARewrittenRemoteIsSaidAndNothingIsSentUntilTheWriterAsks() throws {
        let (root, remote) = try publish()
        try write("The old lamp burned low.\n\nNell watched it from the quay.\n", to: Book.lampPath, in: root)
        try expect(0, "sync", "--snapshot", in: root)
        let sent = try git("rev-parse", "HEAD", in: root)
        // Someone rewrites the remote's history with plain git: the last version is dropped, another put there.
        let clone = scratch.appendingPathComponent("rewriter")
        try git("clone", "-q", "-b", "main", remote.path, clone.path, in: scratch)
        try git("reset", "-q", "--hard", "HEAD~1", in: clone)
        try Data("The sea was wild.\n".utf8).write(to: clone.appendingPathComponent(Book.seaPath))
        try git("-c", "user.name=Plain Git", "-c", "user.email=git@example.com", "commit", "-qam", "Rewritten", in: clone)
        try git("push", "-q", "-f", "origin", "main", in: clone)
        let rewritten = try git("rev-parse", "main", in: remote)
        try write("The sea was calm that night.\n", to: Book.seaPath, in: root)
        for _ in 0..<2 {
            let sync = try expect(1, "sync", "--snapshot", in: root)
            XCTAssertTrue(sync.stderr.contains("no longer has version \(sent.prefix(7))") && sync.stderr.contains("Nothing was merged or sent"),
                          sync.stderr)
            XCTAssertEqual(try git("rev-parse", "main", in: remote), rewritten, "nothing was sent")
        }
        let json = try runMsx(["pull", "--json"], in: root, stdin: nil, env: [:])
        XCTAssertEqual(assertJSONError(json, 1).isEmpty, false)
        XCTAssertTrue(json.stdout.contains("remote-rewritten"), json.stdout)
        // Asked, the writer's history and the remote's merge (the sea conflicts: both changed it).
        let accepted = try runMsx(["sync", "--accept-rewrite"], in: root, stdin: nil, env: [:])
        XCTAssertFalse(accepted.stderr.contains("no longer has version"), accepted.stderr)
        XCTAssertNotEqual(try git("rev-parse", "HEAD", in: root), sent)
    }

    func testPushSaysSentOnlyWhenItSentSomething() throws {
        let (root, _) = try publish()
        let again = try expect(0, "push", in: root)
        XCTAssertTrue(again.stdout.contains("already has main"), again.stdout)
        XCTAssertEqual((try expect(0, "push", "--json", in: root).json()["pushed"] as? [String: Any])?["sent"] as? Bool, false)
        try write("The sea was calm that night.\n", to: Book.seaPath, in: root)
        try expect(0, "snapshot", in: root)
        let sent = try expect(0, "push", "--json", in: root).json()
        XCTAssertEqual((sent["pushed"] as? [String: Any])?["sent"] as? Bool, true)
    }

    /// A collaborator using plain git: clones the remote, runs `change` in the clone, commits and pushes.
    private func pushWithPlainGit(to remote: URL, _ message: String, _ change: (URL) throws -> Void) throws {
        let clone = scratch.appendingPathComponent("plain-\(UUID().uuidString.prefix(8))")
        try git("clone", "-q", "-b", "main", remote.path, clone.path, in: scratch)
        try change(clone)
        try git("-c", "user.name=Plain Git", "-c", "user.email=git@example.com", "commit", "-qam", message, in: clone)
        try git("push", "-q", "origin", "HEAD", in: clone)
    }

    func testPullRefusesAVersionWhoseBinderLeadsOutsideTheProjectChangingNothing() throws {
        let (root, remote) = try publish()
        try pushWithPlainGit(to: remote, "Point the sea elsewhere") { clone in
            let manifest = clone.appendingPathComponent("manuscript.json")
            let text = try String(contentsOf: manifest, encoding: .utf8)
            try Data(text.replacingOccurrences(of: "\"\(Book.seaPath)\"", with: "\"../../outside.md\"").utf8).write(to: manifest)
        }
        // A later, sound version on top does not make the bad one acceptable: every incoming version is checked.
        try pushWithPlainGit(to: remote, "Mend the lamp") { clone in
            try Data("The lamp was mended.\n".utf8).write(to: clone.appendingPathComponent(Book.lampPath))
        }
        let before = try files(root)
        let head = try git("rev-parse", "HEAD", in: root)
        let pull = try expect(3, "pull", in: root)
        XCTAssertTrue(pull.stderr.contains("'origin' sent version") && pull.stderr.contains("../../outside.md")
                      && pull.stderr.contains("nothing was changed"), pull.stderr)
        XCTAssertEqual(try files(root), before)
        XCTAssertEqual(try git("rev-parse", "HEAD", in: root), head)
        try expect(0, "check", in: root)
        try expect(0, "status", in: root)
    }

    func testPullRefusesAVersionHoldingASymbolicLinkChangingNothing() throws {
        let (root, remote) = try publish()
        try pushWithPlainGit(to: remote, "Link out") { clone in
            try FileManager.default.createSymbolicLink(atPath: clone.appendingPathComponent("contents/draft/out").path,
                                                       withDestinationPath: "/tmp")
            try self.git("add", "-A", in: clone)
        }
        let before = try files(root)
        let pull = try expect(3, "pull", in: root)
        XCTAssertTrue(pull.stderr.contains("contents/draft/out, a symbolic link") && pull.stderr.contains("nothing was changed"), pull.stderr)
        XCTAssertEqual(try files(root), before)
        XCTAssertFalse(exists("contents/draft/out", in: root))
    }

    func testAMalformedSidecarPushedWithPlainGitIsMendedByCheckRepair() throws {
        let (root, remote) = try publish()
        try expect(0, "format", "Lamp", "--match", "old lamp", "--underline", in: root)
        try expect(0, "snapshot", "-m", "underlined", in: root)
        try expect(0, "push", in: root)
        let sidecar = Book.lampPath.replacingOccurrences(of: ".md", with: ".attrs.json")
        try pushWithPlainGit(to: remote, "Break the sidecar") { clone in
            try Data("{\"version\": 1, \"paragraphs\": [".utf8).write(to: clone.appendingPathComponent(sidecar))
        }
        let pulled = try expect(0, "pull", in: root)
        XCTAssertTrue(pulled.stderr.contains("'Lamp' (\(sidecar)): its sidecar cannot be read"), pulled.stderr)
        try write("The old lamp burned all night long.\n\nNell watched it from the quay.\n", to: Book.lampPath, in: root)
        try expect(3, "snapshot", "-m", "blocked", in: root)
        let check = try expect(1, "check", in: root)
        XCTAssertTrue(check.stdout.contains(sidecar), check.stdout)
        let repair = try expect(0, "check", "--repair", in: root)
        XCTAssertTrue(repair.stdout.contains("'Lamp': its sidecar could not be read; brought back its last readable one"), repair.stdout)
        try expect(0, "snapshot", "-m", "mended", in: root)
        XCTAssertEqual(try expect(0, "check", in: root).stdout, "ok\n")
        // The underline is back on its words, in today's text.
        let shown = try expect(0, "show", "Lamp", "--as", "json", in: root).stdout
        XCTAssertTrue(shown.contains("underline"), shown)
    }

    /// Concurrent versions on both sides: different documents edited, documents added on both, metadata changed on
    /// one and keywords on the other. Each side syncs; both end with the same files, a merge version with two
    /// parents, every edit kept, and nothing git or msx finds wrong.
    func testConcurrentEditsToDifferentDocumentsMerge() throws {
        let (root, remote) = try publish()
        let other = scratch.appendingPathComponent("other")
        try expect(0, "clone", remote.path, other.path)
        try write("The old lamp flickered all night.\n\nNell watched it from the quay.\n", to: Book.lampPath, in: root)
        try expect(0, "new", "Harbour", in: root)
        try expect(0, "meta", "Sea", "--status", "Revised Draft", in: root)
        try expect(0, "sync", "--snapshot", in: root)
        try write("The sea was grey that evening.\n", to: Book.seaPath, in: other)
        try expect(0, "new", "Lighthouse", in: other)
        try expect(0, "meta", "Sea", "--add-keyword", "grey", in: other)
        let merged = try expect(0, "sync", "--snapshot", "--json", in: other).json()
        XCTAssertEqual((merged["pulled"] as? [String: Any])?["outcome"] as? String, "merged")
        try expect(0, "sync", in: root)
        XCTAssertEqual(try files(root), try files(other))
        XCTAssertEqual(try read(Book.lampPath, in: other), "The old lamp flickered all night.\n\nNell watched it from the quay.\n")
        XCTAssertEqual(try read(Book.seaPath, in: root), "The sea was grey that evening.\n")
        let sea = try expect(0, "meta", "Sea", "--json", in: root).json()
        XCTAssertEqual((sea["node"] as? [String: Any])?["status"] as? String ?? sea["status"] as? String, "Revised Draft", "\(sea)")
        let titles = try expect(0, "tree", "--json", in: root).stdout
        XCTAssertTrue(titles.contains("\"Harbour\"") && titles.contains("\"Lighthouse\"") && titles.contains("\"grey\""), titles)
        let parents = try git("rev-list", "--parents", "-n", "1", "HEAD", in: root).split(separator: " ")
        XCTAssertEqual(parents.count, 3, "a merge version has two parents")
        try expect(0, "check", in: root)
        try assertRepositorySound(root)
        try assertRepositorySound(other)
    }

    /// Two writers change different words of one paragraph, one of them formats a phrase: the pull
    /// merges both, word by word, with the formatting, in a version with two parents.
    func testDifferentWordsOfOneDocumentMergeWithTheirFormatting() throws {
        let (root, remote) = try publish()
        let other = scratch.appendingPathComponent("other")
        try expect(0, "clone", remote.path, other.path)
        try write("The old lamp flickered all night long.\n\nNell watched it from the quay.\n", to: Book.lampPath, in: other)
        try expect(0, "format", "Lamp", "--match", "watched it", "--color", "darkred", in: other)
        try expect(0, "sync", "--snapshot", in: other)
        try write("The old lamp flickered all night.\n\nNell watched it calmly from the stone quay.\n", to: Book.lampPath, in: root)
        try expect(0, "snapshot", in: root)
        let pulled = try expect(0, "pull", "--json", in: root).json()
        XCTAssertEqual(pulled["outcome"] as? String ?? (pulled["pulled"] as? [String: Any])?["outcome"] as? String, "merged", "\(pulled)")
        XCTAssertEqual(try read(Book.lampPath, in: root), "The old lamp flickered all night long.\n\nNell watched it calmly from the stone quay.\n")
        let shown = try expect(0, "show", "Lamp", "--as", "json", in: root).json()
        let runs = ((shown["paragraphs"] as? [[String: Any]])?[1]["runs"] as? [[String: Any]]) ?? []
        let red = runs.filter { ($0["attributes"] as? [String: Any])?["foregroundColor"] as? String == "#8B0000" }.compactMap { $0["text"] as? String }
        XCTAssertEqual(red, ["watched it"], "\(runs)")
        // The merged sidecar's base text is kept, so an edit by hand is carried through, not searched for.
        let sidecar = try JSONSerialization.jsonObject(with: Data(try read("contents/draft/lamp.attrs.json", in: root).utf8)) as? [String: Any]
        let base = try XCTUnwrap(sidecar?["base"] as? String)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent(".msx/base/\(base)").path))
        let parents = try git("rev-list", "--parents", "-n", "1", "HEAD", in: root).split(separator: " ")
        XCTAssertEqual(parents.count, 3, "a merge version has two parents")
        try expect(0, "check", in: root)
        try assertRepositorySound(root)
    }

    /// Both sides changed the same words: pull writes the merge with this side's words there and stops, sync sends
    /// nothing until the conflict is resolved and the merge recorded; then both copies end byte-identical.
    func testBothSidesChangingTheSameWordsStopsForTheWriterToChoose() throws {
        let (root, remote) = try publish()
        let other = scratch.appendingPathComponent("other")
        try expect(0, "clone", remote.path, other.path)
        try write("The sea was grey.\n", to: Book.seaPath, in: other)
        try expect(0, "sync", "--snapshot", in: other)
        try write("The sea was black.\n", to: Book.seaPath, in: root)
        let unsaved = try expect(1, "pull", in: root)
        XCTAssertTrue(unsaved.stderr.contains("not yet snapshotted"), unsaved.stderr)
        try expect(0, "snapshot", in: root)
        let head = try revision(in: root)
        let rejected = try expect(1, "push", "--json", in: root).json()
        XCTAssertEqual((rejected["error"] as? [String: Any])?["code"] as? String, "push-rejected")
        let merge = try expect(1, "sync", in: root)
        XCTAssertTrue(merge.stdout.contains("Sea: 1 ('calm that evening' became 'black' here and 'grey' there)"), merge.stdout)
        XCTAssertFalse(merge.stdout.contains("sent"), "a conflicted sync sends nothing: \(merge.stdout)")
        XCTAssertEqual(try read(Book.seaPath, in: root), "The sea was black.\n")
        XCTAssertEqual(try revision(in: root), head)
        let busy = try expect(1, "sync", "--json", in: root).json()
        XCTAssertEqual((busy["error"] as? [String: Any])?["code"] as? String, "merge-in-progress", "\(busy)")
        try expect(0, "resolve", "Sea", "--both", in: root)
        try expect(0, "sync", "--snapshot", in: root)
        try expect(0, "sync", in: other)
        XCTAssertEqual(try read(Book.seaPath, in: other), "The sea was black grey.\n")
        XCTAssertEqual(try files(root), try files(other))
        try assertRepositorySound(root)
        try assertRepositorySound(other)
    }

    func testRemotesAreListedAddedAndRemovedWithClearErrors() throws {
        let (root, remote) = try publish()
        let list = try expect(0, "remote", "--json", in: root).json()
        XCTAssertEqual((list["remotes"] as? [[String: Any]])?.first?["url"] as? String, remote.path)
        try expect(1, "remote", "add", "origin", "/elsewhere", in: root)
        let unknown = try expect(1, "push", "orign", in: root)
        XCTAssertTrue(unknown.stderr.contains("did you mean 'origin'"), unknown.stderr)
        try expect(0, "remote", "remove", "origin", in: root)
        let none = try expect(1, "push", in: root)
        XCTAssertTrue(none.stderr.contains("msx remote add"), none.stderr)
        // A folder that holds no project is named, and the clone leaves nothing behind.
        let plain = scratch.appendingPathComponent("plain.git")
        try git("init", "-q", plain.path, in: scratch)
        try write("hello\n", to: "README", in: plain)
        try plainCommit("readme", in: plain)
        let notProject = try expect(1, "clone", plain.path, scratch.appendingPathComponent("nope").path)
        XCTAssertTrue(notProject.stderr.contains("not a Manuscript project"), notProject.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("nope").path))
        // An unreachable server is an I/O error that says why (it said "error -1" for a push).
        let port = try freePort()
        try expect(74, "clone", "http://127.0.0.1:\(port)/book.git", scratch.appendingPathComponent("unreachable").path)
        try expect(0, "remote", "add", "gone", "http://127.0.0.1:\(port)/book.git", in: root)
        let push = try expect(74, "push", "gone", in: root)
        XCTAssertTrue(push.stderr.contains("Connection refused"), push.stderr)
        let missing = try expect(74, "clone", scratch.appendingPathComponent("no-such.git").path, scratch.appendingPathComponent("x").path)
        XCTAssertTrue(missing.stderr.contains("no such folder"), missing.stderr)
    }

    /// A kill -9 while a pull merges the words of one document (at each step of moving the
    /// files), and while a push has sent its versions but not yet remembered the remote: `check` and `git fsck`
    /// accept what is left, no word is lost, and the next sync finishes.
    func testAWordMergeOrAPushKilledInTheMiddleLosesNothing() throws {
        for point in ["journaled", "moved", "committed", "push-sent"] {
            let (root, remote) = try publish("word-\(point)")
            let other = scratch.appendingPathComponent("word-other-\(point)")
            try expect(0, "clone", remote.path, other.path)
            try write("The old lamp burned all night long.\n\nNell watched it from the quay.\n", to: Book.lampPath, in: other)
            try expect(0, "sync", "--snapshot", in: other)
            try write("The old lamp burned all night.\n\nNell watched it from the stone quay.\n", to: Book.lampPath, in: root)
            try expect(0, "snapshot", in: root)
            let merged = "The old lamp burned all night long.\n\nNell watched it from the stone quay.\n"
            let killed = try MsxRunner.spawn(point == "push-sent" ? ["sync"] : ["pull"], in: root, environment: ["MSX_FAULT": point])
            XCTAssertTrue(killed.signalled, "\(point): not killed")
            try expect(0, "check", in: root)
            try assertRepositorySound(root)
            XCTAssertEqual(try gitRun(["fsck", "--strict"], in: remote).status, 0, "\(point): the remote's fsck")
            let lamp = try read(Book.lampPath, in: root)
            XCTAssertTrue(lamp == merged || lamp == "The old lamp burned all night.\n\nNell watched it from the stone quay.\n", "\(point): \(lamp)")
            try expect(0, "sync", "--snapshot", in: root)
            XCTAssertEqual(try read(Book.lampPath, in: root), merged, point)
            try expect(0, "sync", in: other)
            XCTAssertEqual(try read(Book.lampPath, in: other), merged, point)
            try expect(0, "check", in: other)
        }
    }

    /// A kill -9 in the middle of a merging pull (after the journal, after the moves, after the
    /// binder's commit point) leaves a project `check` accepts and a repository `git fsck` accepts, with every word
    /// of both sides still there; the next sync finishes the job.
    func testAPullKilledInTheMiddleLosesNothingAndTheNextSyncFinishes() throws {
        for point in ["journaled", "moved", "committed"] {
            let (root, remote) = try publish("killed-\(point)")
            let other = scratch.appendingPathComponent("other-\(point)")
            try expect(0, "clone", remote.path, other.path)
            try write("The sea was grey \(point).\n", to: Book.seaPath, in: other)
            try expect(0, "new", "Harbour", in: other)
            try expect(0, "sync", "--snapshot", in: other)
            try write("The old lamp flickered \(point).\n", to: Book.lampPath, in: root)
            try expect(0, "snapshot", in: root)
            let killed = try MsxRunner.spawn(["pull"], in: root, environment: ["MSX_FAULT": point])
            XCTAssertTrue(killed.signalled, "\(point): the pull was not killed")
            try expect(0, "check", in: root)
            try assertRepositorySound(root)
            // Whatever the moment, the words of both sides are in the files or in the last version.
            let lamp = try read(Book.lampPath, in: root)
            XCTAssertEqual(lamp, "The old lamp flickered \(point).\n", "\(point)")
            let sea = try read(Book.seaPath, in: root)
            XCTAssertTrue(sea == "The sea was grey \(point).\n" || sea == Book.seaText, "\(point): \(sea)")
            try expect(0, "sync", "--snapshot", in: root)
            XCTAssertEqual(try read(Book.seaPath, in: root), "The sea was grey \(point).\n", point)
            XCTAssertEqual(try read(Book.lampPath, in: root), "The old lamp flickered \(point).\n", point)
            try expect(0, "sync", in: other)
            XCTAssertEqual(try files(root), try files(other), point)
            try expect(0, "check", in: root)
        }
    }
}
