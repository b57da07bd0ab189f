import FlyingFox
import Foundation
import MsxModel

/// The server's answers: pages, plain messages and redirects, none cached and none framed by another site.
enum Response {
    static func html(_ status: Int = 200, _ page: String) -> HTTPResponse {
        make(status, page, type: "text/html; charset=utf-8")
    }

    static func script(_ code: String) -> HTTPResponse {
        make(200, code, type: "text/javascript; charset=utf-8")
    }

    static func text(_ status: Int, _ message: String) -> HTTPResponse {
        make(status, message + "\n", type: "text/plain; charset=utf-8")
    }

    /// After a change, back to a page (303: the browser asks for it with GET).
    static func redirect(_ location: String) -> HTTPResponse {
        var response = make(303, "", type: "text/plain; charset=utf-8")
        response.headers[.location] = location
        return response
    }

    /// The status an error reading or changing the project answers with, and a page saying it.
    static func failure(_ error: any Error, project: String) -> HTTPResponse {
        let message = (error as? MsxError)?.message ?? error.localizedDescription
        let status = switch (error as? MsxError)?.code {
        case .unknownReference, .unknownRevision, .unknownDraft, .noHistory: 404
        case .some(let code) where code.kind == .user || code.kind == .usage: 409
        default: 500
        }
        return html(status, PageLayout.page(title: "Not done", project: project,
                                            body: "<p class=\"error\">\(HTMLPage.escape(message))</p><p><a href=\"/\">Back to the binder</a></p>"))
    }

    private static func make(_ status: Int, _ body: String, type: String) -> HTTPResponse {
        HTTPResponse(statusCode: HTTPStatusCode(status, phrase: phrase(status)),
                     headers: [.contentType: type, .cacheControl: "no-store", HTTPHeader("X-Frame-Options"): "DENY",
                               HTTPHeader("Content-Security-Policy"): "default-src 'self'; style-src 'self' 'unsafe-inline'; "
                                   + "script-src 'self'; img-src 'self' data:; frame-ancestors 'none'; form-action 'self'",
                               HTTPHeader("Referrer-Policy"): "same-origin"],
                     body: Data(body.utf8))
    }

    private static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 303: "See Other"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 409: "Conflict"
        case 421: "Misdirected Request"
        case 503: "Service Unavailable"
        default: "Internal Server Error"
        }
    }
}

/// `application/x-www-form-urlencoded`, both ways.
enum Form {
    static func decode(_ body: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { part in
                String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            if let name = parts.first, fields[name] == nil { fields[name] = parts.count > 1 ? parts[1] : "" }
        }
        return fields
    }

    static func encode(_ fields: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return fields.map { name, value in
            (name.addingPercentEncoding(withAllowedCharacters: allowed) ?? "") + "="
                + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
        }.joined(separator: "&")
    }
}
