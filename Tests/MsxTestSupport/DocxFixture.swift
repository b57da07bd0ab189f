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

    /// Rewrites the package at `url` as an editor's program would save it: every part as it was, but the main
    /// document's XML passed through `edit`.
    public static func edit(_ url: URL, document edit: (String) throws -> String) throws {
        let reader = try ZipPackageReader(try Data(contentsOf: url))
        let zip = try ZipPackage()
        for path in reader.paths {
            guard let data = try reader.part(path) else { continue }
            if path == "word/document.xml" {
                try zip.add(path, Data(try edit(String(decoding: data, as: UTF8.self)).utf8))
            } else {
                try zip.add(path, data)
            }
        }
        try zip.data.write(to: url)
    }
}
