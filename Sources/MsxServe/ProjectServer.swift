import FlyingFox
import Foundation
import MsxActions
import MsxModel
import MsxProject
import MsxWorkspace
import Synchronization

/// `msx serve`: the project's pages on loopback, for a writer who reads and reviews in a browser. It reads and writes
/// through the same actions as the command line (each opens the project, and takes its lock, for that request only),
/// so the files on disk are the truth and the pages follow them: each page asks every second whether they changed.
public final class ProjectServer: Sendable {
    /// The folder the project is served from (any folder inside it).
    public let directory: URL
    /// The key the pages' address carries.
    public let token: String
    private let requestedPort: UInt16
    private let gate = Mutex<RequestGate?>(nil)
    private let actions: ActionQueue
    /// The project's folders watched for changes (nil where they cannot be: each poll then reads the files).
    private let watcher: ProjectWatcher?

    /// - Parameter port: 0 for any free port.
    public init(directory: URL, port: UInt16 = 0, token: String? = nil) throws {
        // The project must open, as for any command, before the server says it is serving it.
        _ = try ProjectInfoAction().run(from: directory)
        self.directory = directory
        actions = ActionQueue(directory: directory)
        watcher = (try? Project.locate(from: directory)).flatMap(ProjectWatcher.init(root:))
        self.requestedPort = port
        self.token = token ?? RequestGate.newToken()
    }

    /// Serves until the task is cancelled; `listening` hears the address to open (with its token) once the port is
    /// bound.
    public func run(listening: @escaping @Sendable (URL) -> Void) async throws {
        let address = try sockaddr_in.inet(ip4: "127.0.0.1", port: requestedPort)
        let server = HTTPServer(address: address, timeout: 30, logger: .disabled, handler: Handler(server: self))
        let started = Task {
            try await server.waitUntilListening(timeout: 10)
            guard case .ip4(_, let port) = await server.listeningAddress else { return }
            gate.withLock { $0 = RequestGate(port: port, token: token) }
            listening(URL(string: "http://127.0.0.1:\(port)/?token=\(token)")!)
        }
        defer { started.cancel() }
        try await server.run()
    }

    private struct Handler: HTTPHandler {
        let server: ProjectServer
        func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse { await server.respond(to: request) }
    }

    /// Checks the request, then answers it.
    func respond(to request: HTTPRequest) async -> HTTPResponse {
        guard let gate = gate.withLock({ $0 }) else { return Response.text(503, "msx serve is starting") }
        let queryToken = request.query.first { $0.name == "token" }?.value
        do {
            try gate.admit(rawPath: request.target.path(), host: request.headers[.host], cookie: request.headers[.cookie],
                           queryToken: queryToken)
        } catch {
            return Response.text(error.status, error.message)
        }
        // The first visit: the token moves to a cookie only this server's pages send back, and the address loses it.
        if queryToken != nil {
            let rest = request.query.filter { $0.name != "token" }
            let location = request.path + (rest.isEmpty ? "" : "?" + Form.encode(rest.map { ($0.name, $0.value) }))
            var response = Response.redirect(location)
            response.headers[.setCookie] = "\(gate.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"
            return response
        }
        if request.path == "/stamp" { return Response.text(200, watcher?.stamp ?? ProjectStamp.current(of: directory)) }
        let context = PageContext(directory: directory, actions: actions, token: token, query: Dictionary(
            request.query.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }))
        switch request.method {
        case .GET: return await Routes.page(request.path, context)
        case .POST:
            let form = Form.decode(String(decoding: (try? await request.bodyData) ?? Data(), as: UTF8.self))
            do {
                try gate.admitChange(origin: request.headers[HTTPHeader("Origin")], formToken: form["token"])
            } catch {
                return Response.text(error.status, error.message)
            }
            return await Routes.change(request.path, form: form, context)
        default: return Response.text(405, "msx serve answers GET and POST only")
        }
    }
}

/// Runs one action at a time, each as an operation of the server's session: two requests never hold the project at
/// once, and the repository handle and the versions read are kept between them.
actor ActionQueue {
    let session: WorkspaceSession

    init(directory: URL) {
        session = WorkspaceSession(directory: directory)
    }

    func run<A: Action>(_ action: A) throws -> A.Report {
        try action.run(in: session)
    }
}

/// What a page needs: the project's folder, the way to run actions, the token its forms repeat, and the query.
struct PageContext: Sendable {
    let directory: URL
    let actions: ActionQueue
    let token: String
    let query: [String: String]

    func run<A: Action>(_ action: A) async throws -> A.Report { try await actions.run(action) }
}
