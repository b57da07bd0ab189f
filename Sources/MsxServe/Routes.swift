import FlyingFox
import Foundation
import MsxActions
import MsxModel

/// Which page or change each address is. Documents, drafts and versions are named in the query, by id or name,
/// and found through the project: no part of an address is ever a path on disk.
enum Routes {
    static func page(_ path: String, _ context: PageContext) async -> HTTPResponse {
        if path == "/app.js" { return Response.script(PageLayout.script) }
        let project = (try? await context.run(ProjectInfoAction()).project.title) ?? "msx"
        do {
            let page: (title: String, body: String, style: String)
            switch path {
            case "/": page = try await BinderPage.render(context)
            case "/document": page = try await DocumentPage.render(context)
            case "/changes": page = try await ChangesPage.render(context)
            case "/comments": page = try await CommentsPage.render(context)
            case "/review": page = try await ReviewPage.index(context)
            case "/review/draft": page = try await ReviewPage.draft(context)
            case "/conflicts": page = try await ConflictsPage.render(context)
            case "/stats": page = try await StatisticsPage.render(context)
            default: return Response.text(404, "msx serve has no page \(path)")
            }
            return Response.html(200, PageLayout.page(title: page.title, project: project, body: page.body, style: page.style))
        } catch {
            return Response.failure(error, project: project)
        }
    }

    static func change(_ path: String, form: [String: String], _ context: PageContext) async -> HTTPResponse {
        let back = form["back"].flatMap(Self.localAddress) ?? "/"
        do {
            switch path {
            case "/review/decide": try await ReviewPage.decide(form, context)
            case "/conflicts/resolve": try await ConflictsPage.resolve(form, context)
            case "/conflicts/record": try await ConflictsPage.record(form, context)
            case "/comments/resolve": try await CommentsPage.resolve(form, context)
            default: return Response.text(404, "msx serve takes no change at \(path)")
            }
            return Response.redirect(back)
        } catch {
            return Response.failure(error, project: (try? await context.run(ProjectInfoAction()).project.title) ?? "msx")
        }
    }
}

extension Routes {
    /// `address` when it is one of this server's own (a plain path, a query, no control characters): where a change
    /// may send the browser back to, never another site and never a header of its own.
    static func localAddress(_ address: String) -> String? {
        guard address.hasPrefix("/"), !address.hasPrefix("//"), !address.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }),
              RequestGate.isPlain(String(address.split(separator: "?", omittingEmptySubsequences: false)[0])) else { return nil }
        return address
    }
}

/// A form's field that must be there.
func required(_ form: [String: String], _ name: String) throws -> String {
    guard let value = form[name], !value.isEmpty else { throw MsxError(.usage, "the form has no \(name)") }
    return value
}
