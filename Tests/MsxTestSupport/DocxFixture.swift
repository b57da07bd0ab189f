import Foundation
import MsxConvert

/// Word files made by hand for tests: a package with the body given (as Word writes WordprocessingML) and any
/// other parts, each related from the main document by its kind (`word/styles.xml` → `styles`).
public enum DocxFixture {
    public static let main = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    public static let relationships = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    private static let packageRelationships = "http://schemas.openxmlformats.org/package/2006/relationships"

    /// The package's bytes. `links` are hyperlink relationships (id, address).
    public static func package(body: String, parts: [String: String] = [:], links: [(id: String, target: String)] = []) throws -> Data {
        let zip = try ZipPackage()
        let overrides = parts.keys.sorted().map { "<Override PartName=\"/\($0)\" ContentType=\"application/xml\"/>" }.joined()
        try zip.add("[Content_Types].xml", "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
            + "<Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>"
            + "<Override PartName=\"/word/document.xml\" "
            + "ContentType=\"application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml\"/>\(overrides)</Types>")
        try zip.add("_rels/.rels", "<Relationships xmlns=\"\(packageRelationships)\">"
            + "<Relationship Id=\"rId1\" Type=\"\(relationships)/officeDocument\" Target=\"word/document.xml\"/></Relationships>")
        try zip.add("word/document.xml", "<w:document xmlns:w=\"\(main)\" xmlns:r=\"\(relationships)\"><w:body>\(body)</w:body></w:document>")
        var rels = links.map {
            "<Relationship Id=\"\($0.id)\" Type=\"\(relationships)/hyperlink\" Target=\"\($0.target)\" TargetMode=\"External\"/>"
        }
        for path in parts.keys.sorted() where path.hasPrefix("word/") {
            let name = String(path.dropFirst(5))
            let kind = String(name.prefix { $0.isLetter })
            rels.append("<Relationship Id=\"rId\(kind)\" Type=\"\(relationships)/\(kind)\" Target=\"\(name)\"/>")
        }
        try zip.add("word/_rels/document.xml.rels", "<Relationships xmlns=\"\(packageRelationships)\">\(rels.joined())</Relationships>")
        for (path, xml) in parts { try zip.add(path, xml) }
        return zip.data
    }

    /// Writes the package to `url`.
    public static func write(body: String, parts: [String: String] = [:], links: [(id: String, target: String)] = [], to url: URL) throws {
        try package(body: body, parts: parts, links: links).write(to: url)
    }

    /// Every part of the package (DOCX, EPUB) at `url`, by path.
    public static func parts(_ url: URL) throws -> [String: Data] {
        let reader = try ZipPackageReader(try Data(contentsOf: url))
        var parts: [String: Data] = [:]
        for path in reader.paths { parts[path] = try reader.part(path) }
        return parts
    }

    /// The main document's XML of the package at `url`.
    public static func documentXML(_ url: URL) throws -> String {
        String(decoding: try ZipPackageReader(try Data(contentsOf: url)).part("word/document.xml") ?? Data(), as: UTF8.self)
    }

    /// Rewrites the package at `url` as an editor's program would save it: every part as it was, but the main
    /// document's XML passed through `edit`.
    public static func edit(_ url: URL, document edit: (String) throws -> String) throws {
        try rewrite(url) { path, text in path == "word/document.xml" ? try edit(text) : text }
    }

    /// Adds Word comments to the package at `url` (its comments part, related and typed), replacing any: each with
    /// the `w:id` its `w:commentRangeStart`/`End` in the document use.
    public static func addComments(_ url: URL, _ comments: [(id: Int, author: String, date: String, text: String)]) throws {
        let part = "<w:comments xmlns:w=\"\(main)\">" + comments.map { comment in
            "<w:comment w:id=\"\(comment.id)\" w:author=\"\(comment.author)\" w:date=\"\(comment.date)\" w:initials=\"AE\">"
                + "<w:p><w:r><w:annotationRef/></w:r><w:r><w:t xml:space=\"preserve\">\(comment.text)</w:t></w:r></w:p></w:comment>"
        }.joined() + "</w:comments>"
        try rewrite(url, adding: ["word/comments.xml": part]) { path, text in
            switch path {
            case "[Content_Types].xml" where !text.contains("/word/comments.xml"):
                return text.replacingOccurrences(of: "</Types>", with: "<Override PartName=\"/word/comments.xml\" "
                    + "ContentType=\"application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml\"/></Types>")
            case "word/_rels/document.xml.rels" where !text.contains("comments.xml"):
                return text.replacingOccurrences(of: "</Relationships>", with: "<Relationship Id=\"rIdEditorComments\" "
                    + "Type=\"\(relationships)/comments\" Target=\"comments.xml\"/></Relationships>")
            default: return text
            }
        }
    }

    /// Writes the package at `url` again with each XML part passed through `edit` and `adding` parts put in.
    private static func rewrite(_ url: URL, adding: [String: String] = [:], _ edit: (String, String) throws -> String) throws {
        let reader = try ZipPackageReader(try Data(contentsOf: url))
        let zip = try ZipPackage()
        for path in reader.paths where adding[path] == nil {
            guard let data = try reader.part(path) else { continue }
            if path.hasSuffix(".xml") || path.hasSuffix(".rels") {
                try zip.add(path, Data(try edit(path, String(decoding: data, as: UTF8.self)).utf8))
            } else {
                try zip.add(path, data)
            }
        }
        for (path, text) in adding { try zip.add(path, text) }
        try zip.data.write(to: url)
    }
}
