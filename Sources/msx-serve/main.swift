// `msx serve`'s server, a program of its own: the HTTP server's library links Foundation's networking (libcurl,
// GSSAPI, Kerberos), which every other command would otherwise load at start-up. `msx serve` checks its arguments,
// then runs this in its place: msx-serve DIRECTORY PORT.
import Foundation
import MsxModel
import MsxServe

signal(SIGPIPE, SIG_IGN)
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let port = UInt16(arguments.last!) else {
    FileHandle.standardError.write(Data("usage: msx-serve DIRECTORY PORT (run by msx serve)\n".utf8))
    exit(64)
}
do {
    let server = try ProjectServer(directory: URL(fileURLWithPath: arguments.first!, isDirectory: true), port: port)
    try await server.run { url in
        FileHandle.standardOutput.write(Data("msx serve: \(url.absoluteString)  (Ctrl-C stops)\n".utf8))
    }
} catch let error as MsxError {
    FileHandle.standardError.write(Data("msx: \(error.message)\n".utf8))
    exit(error.exitCode)
} catch {
    FileHandle.standardError.write(Data("msx: cannot serve on 127.0.0.1:\(port): \(error.localizedDescription)\n".utf8))
    exit(74)
}
