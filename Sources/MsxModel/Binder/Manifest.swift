/// `manuscript.json`: the project's identity, default formatting, styles, lists and binder tree.
///
/// Only what the writer sets lives here: no dates of edits, no word counts, so it changes only when the binder or
/// metadata change.
public struct Manifest: Equatable, Sendable {
    public static let formatVersion = 1
    public static let fileName = "manuscript.json"
    /// The folder every binder node's path is under.
    public static let contentsFolder = "contents"

    public struct Author: Equatable, Sendable {
        public var name: String
        public var email: String?

        public init(name: String, email: String?) {
            self.name = name
            self.email = email
        }
    }

    public var id: String
    public var title: String
    public var author: Author
    /// ISO date (YYYY-MM-DD) the project was created.
    public var created: String
    public var defaults: Attributes
    public var styles: [String: Attributes]
    public var labels: [String]
    public var statuses: [String]
    /// Colours of labels and of keywords, by name, as `#RRGGBB` (Scrivener shows them in its binder).
    public var labelColors: [String: String] = [:]
    public var keywordColors: [String: String] = [:]
    /// Project word target and deadline (`words`, `deadline`), kept as written.
    public var target: [String: JSONValue]
    /// Compile settings (page size, margins, author surname and contact, scene separator), kept as written.
    public var compile: [String: JSONValue]
    public var binder: [BinderNode] { didSet { listing = BinderListing() } }
    var extra: [String: JSONValue] = [:]
    /// `entries`, listed once per binder.
    var listing = BinderListing()

    /// Reference defaults: Palatino 13 pt, line height multiple 1.2, first-line indent 36 pt (0.5 in).
    public static let referenceDefaults: Attributes = [
        .fontFamily: "Palatino", .fontSize: 13, .lineHeightMultiple: 1.2, .firstLineHeadIndent: 36,
    ]

    static let knownKeys: Set<String> = [
        "formatVersion", "id", "title", "author", "created", "defaults", "styles", "labels", "statuses", "target",
        "compile", "binder", "labelColors", "keywordColors",
    ]
}

extension Manifest {
    /// Reads manifest text; every problem names `file` and the field.
    public init(json text: String, file: String = Manifest.fileName) throws {
        // The binder, most of a manifest, is read straight into nodes. Whatever that reader does not take, a problem
        // included, is read again the general way, whose errors name the file and the field.
        let read = try? JSONParser.parse(text) { parser throws(JSONParser.SyntaxError) in try parser.readManifest() }
        let r = try JSONReader(try read.map { .object($0.members) } ?? JSONReader.parse(text, file: file), file: file)
        try r.checkFormatVersion(supported: Self.formatVersion)
        id = try r.requiredString("id")
        title = try r.string("title") ?? ""
        if let a = try r.child("author") {
            author = Author(name: try a.string("name") ?? "", email: try a.string("email"))
        } else {
            author = Author(name: "", email: nil)
        }
        created = try r.string("created") ?? ""
        defaults = try r.attributes("defaults")
        let styleReader = try r.child("styles")
        styles = try (styleReader?.object ?? [:]).keys.reduce(into: [:]) { styles, name in
            styles[name] = try styleReader!.attributes(name)
        }
        labels = try r.strings("labels")
        statuses = try r.strings("statuses")
        labelColors = try r.colors("labelColors")
        keywordColors = try r.colors("keywordColors")
        target = try r.object("target")
        compile = try r.object("compile")
        binder = try read?.binder ?? r.array("binder").enumerated().map { i, node in
            try BinderNode(json: node, file: file, path: "binder[\(i)]")
        }
        extra = r.unknown(except: Self.knownKeys)
        // Each node's path is read where it lies: copying a thousand entries out of the list cost more than the checks.
        let entries = entries, contents = Self.contentsFolder + "/"
        for index in entries.indices where !RelativePath.isPlain(entries[index].node.path) {
            let node = entries[index].node
            throw MsxError(.pathEscapesProject, "\(file): path '\(node.path)' of '\(node.title)' is not a plain path inside the project")
        }
        // The binder holds the book, never msx's or git's own files (`.git/config`, the manifest itself).
        for index in entries.indices where !entries[index].node.path.hasPrefix(contents) {
            let node = entries[index].node
            throw MsxError(.pathEscapesProject, "\(file): path '\(node.path)' of '\(node.title)' is not under \(Self.contentsFolder)/")
        }
        // Nor git's own folders inside contents/.
        for index in entries.indices where RelativePath.entersGitFolder(entries[index].node.path) {
            let node = entries[index].node
            throw MsxError(.pathEscapesProject, "\(file): path '\(node.path)' of '\(node.title)' goes into a .git folder, which git keeps"
                + " for itself and never records")
        }
    }

    /// The manifest in canonical JSON.
    public var json: String {
        var o = extra
        o["formatVersion"] = .int(Self.formatVersion)
        o["id"] = .string(id)
        o["title"] = .string(title)
        var a: [String: JSONValue] = ["name": .string(author.name)]
        if let email = author.email { a["email"] = .string(email) }
        o["author"] = .object(a)
        if !created.isEmpty { o["created"] = .string(created) }
        if !defaults.isEmpty { o["defaults"] = .object(defaults.json) }
        if !styles.isEmpty { o["styles"] = .object(styles.mapValues { .object($0.json) }) }
        if !labels.isEmpty { o["labels"] = .array(labels.map(JSONValue.string)) }
        if !statuses.isEmpty { o["statuses"] = .array(statuses.map(JSONValue.string)) }
        if !labelColors.isEmpty { o["labelColors"] = .object(labelColors.mapValues(JSONValue.string)) }
        if !keywordColors.isEmpty { o["keywordColors"] = .object(keywordColors.mapValues(JSONValue.string)) }
        if !target.isEmpty { o["target"] = .object(target) }
        if !compile.isEmpty { o["compile"] = .object(compile) }
        o["binder"] = .array(binder.map(\.json))
        return JSONWriter.string(.object(o))
    }
}

extension Manifest {
    /// A manifest with nothing in it: the reference defaults and built-in styles only.
    public static var empty: Manifest {
        Manifest(id: "", title: "", author: .init(name: "", email: nil), created: "", defaults: [:], styles: [:], labels: [],
                 statuses: [], target: [:], compile: [:], binder: [])
    }
}
