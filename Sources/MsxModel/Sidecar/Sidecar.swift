/// The contents of a `NAME.attrs.json` sidecar: formatting Markdown cannot say, anchored to the text.
public struct Sidecar: Equatable, Sendable {
    public static let formatVersion = 1

    /// A stretch of text with character attributes, remembered with its words and their context.
    public struct Run: Equatable, Sendable {
        public var start: Int
        public var end: Int
        public var text: String
        public var before: String
        public var after: String
        public var attributes: Attributes
        var extra: [String: JSONValue] = [:]
    }

    /// A paragraph's attributes and runs, with the hash of the text they were anchored to.
    public struct Paragraph: Equatable, Sendable {
        public var index: Int
        public var textHash: String
        /// The paragraph's first and last 16 UTF-16 units, to find it again after its text changed.
        public var head: String = ""
        public var tail: String = ""
        public var attributes: Attributes
        public var runs: [Run]
        var extra: [String: JSONValue] = [:]
    }

    public var paragraphs: [Paragraph]
    /// The id of the text the sidecar was anchored to (`BaseText.id`), when msx wrote it.
    public var base: String?
    /// That text, when this sidecar was made here from it (to be kept beside the sidecar); nil when read from a file.
    package var baseText: BaseText?
    /// The fields of the file read whose numbers were out of their limits and were brought within them
    /// ("paragraphs[0].attributes.tailIndent"); `msx check` reports them and `--repair` saves the sidecar.
    public internal(set) var valuesOutOfLimits: [String] = []
    var extra: [String: JSONValue] = [:]

    public init(paragraphs: [Paragraph] = []) { self.paragraphs = paragraphs }

    public var isEmpty: Bool { paragraphs.isEmpty && extra.isEmpty }
}

extension Sidecar {
    /// The most formatting runs msx reads in one sidecar (a formatted phrase every other word of a 500,000-word
    /// document): placing each costs every command that reads the document, so a sidecar with more is refused, as a
    /// document over `FileIO.largestDocument` is.
    public static let mostRuns = 250_000

    /// Reads a sidecar file's text. Throws a damaged-data error naming `file` for anything malformed; a number out
    /// of its attribute's limits is brought within them and named in `valuesOutOfLimits`.
    public init(json text: String, file: String) throws {
        // Most sidecars are read straight into the model; whatever that reader does not take, a problem included, is
        // read again the general way, whose errors name the file and the field.
        if let sidecar = try? JSONParser.parse(text, with: { parser throws(JSONParser.SyntaxError) in try parser.readSidecar() }) {
            self = sidecar
        } else {
            try self.init(readingGenerally: text, file: file)
        }
    }

    /// Reads a sidecar file's text through a `JSONValue`, keeping every field it does not know.
    init(readingGenerally text: String, file: String) throws {
        let root = try JSONReader(try JSONReader.parse(text, file: file), file: file)
        try root.checkFormatVersion(supported: Self.formatVersion)
        extra = root.unknown(except: ["formatVersion", "paragraphs", "base"])
        // A base that cannot name a base file (another tool's value) is ignored: the quote selectors remain.
        base = try root.string("base").flatMap { BaseText.isValidID($0) ? $0 : nil }
        var outOfLimits: [String] = []
        var runCount = 0
        paragraphs = try root.array("paragraphs").enumerated().map { i, value in
            let p = try JSONReader(value, file: file, path: "paragraphs[\(i)]")
            let runValues = try p.array("runs")
            runCount += runValues.count
            guard runCount <= Self.mostRuns else {
                throw MsxError(.documentTooLarge, "\(file): more than \(Self.mostRuns) formatting runs, more than msx reads in one sidecar;"
                    + " it cannot be the formatting of one document: move it aside (the document reads without it)")
            }
            let runs = try runValues.enumerated().map { j, value in
                let r = try JSONReader(value, file: file, path: "\(p.path).runs[\(j)]")
                let run = Run(
                    start: try r.requiredInt("start"), end: try r.requiredInt("end"), text: try r.string("text") ?? "",
                    before: try r.string("before") ?? "", after: try r.string("after") ?? "",
                    attributes: try r.attributes("attributes", outOfLimits: &outOfLimits),
                    extra: r.unknown(except: ["start", "end", "text", "before", "after", "attributes"]))
                guard run.start >= 0, run.end >= run.start else { throw r.fail("end", "at or after start") }
                return run
            }
            let index = try p.requiredInt("index")
            guard index >= 0 else { throw p.fail("index", "0 or more") }
            return Paragraph(
                index: index, textHash: try p.string("textHash") ?? "", head: try p.string("head") ?? "",
                tail: try p.string("tail") ?? "", attributes: try p.attributes("attributes", outOfLimits: &outOfLimits), runs: runs,
                extra: p.unknown(except: ["index", "textHash", "head", "tail", "attributes", "runs"]))
        }
        valuesOutOfLimits = outOfLimits
    }

    /// The JSON form to write to `file`, refused (`document-too-large`, nothing written) when msx would refuse to read
    /// it back: more than `mostRuns` runs or `FileIO.largestDocument` bytes.
    public func jsonToWrite(file: String) throws -> String {
        let runs = paragraphs.reduce(0) { $0 + $1.runs.count }
        let advice = "split the document (msx import --split-headings N cuts a file at its headings)"
        guard runs <= Self.mostRuns else {
            throw MsxError(.documentTooLarge, "\(file): its formatting would be \(runs) runs, more than msx reads in one sidecar"
                + " (\(Self.mostRuns)); \(advice)")
        }
        let text = json
        guard text.utf8.count <= FileIO.largestDocument else {
            throw MsxError(.documentTooLarge, "\(file): its formatting would be \(text.utf8.count >> 20) MB, more than msx reads in"
                + " one sidecar (\(FileIO.largestDocument >> 20) MB); \(advice)")
        }
        return text
    }

    /// The sidecar in msx's canonical JSON form.
    public var json: String {
        var root = extra
        root["formatVersion"] = .int(Self.formatVersion)
        if let base { root["base"] = .string(base) }
        root["paragraphs"] = .array(paragraphs.map { p in
            var object = p.extra
            object["index"] = .int(p.index)
            object["textHash"] = .string(p.textHash)
            if !p.head.isEmpty { object["head"] = .string(p.head) }
            if !p.tail.isEmpty { object["tail"] = .string(p.tail) }
            if !p.attributes.isEmpty { object["attributes"] = .object(p.attributes.json) }
            if !p.runs.isEmpty {
                object["runs"] = .array(p.runs.map { r in
                    var run = r.extra
                    run["start"] = .int(r.start)
                    run["end"] = .int(r.end)
                    run["text"] = .string(r.text)
                    if !r.before.isEmpty { run["before"] = .string(r.before) }
                    if !r.after.isEmpty { run["after"] = .string(r.after) }
                    run["attributes"] = .object(r.attributes.json)
                    return .object(run)
                })
            }
            return .object(object)
        })
        return JSONWriter.string(.object(root))
    }
}

extension Sidecar {
    /// The formatting this sidecar records, on the paragraphs `base` it was anchored to; nil when it does not fit
    /// them (a paragraph, a hash or a run's words differ), so `base` is not its text.
    /// - Parameter checkingHashes: compare each paragraph's `textHash` too (not needed for the base the sidecar
    ///   names, whose file is checked against its id; the runs' words are checked either way).
    func formatting(on base: [String], checkingHashes: Bool = true) -> DocumentFormatting? {
        // Hashes first (a stale sidecar stops at its first changed paragraph), then the runs' words on all cores
        // (transcoding to UTF-16 is most of the cost), then the formatting, in order.
        for paragraph in paragraphs {
            guard paragraph.index < base.count,
                  !checkingHashes || TextHash.fnv1a64(base[paragraph.index]) == paragraph.textHash else { return nil }
        }
        let fits = paragraphs.concurrentMap { paragraph -> Bool in
            guard !paragraph.runs.isEmpty else { return true }
            let units = UTF16Text.units(base[paragraph.index])
            return paragraph.runs.allSatisfy { run in run.end <= units.count && Context.slice(units, run.start, run.end) == run.text }
        }
        guard !fits.contains(false) else { return nil }
        var formatting = DocumentFormatting(paragraphCount: base.count)
        for paragraph in paragraphs {
            formatting.paragraphs[paragraph.index].attributes = paragraph.attributes
            formatting.paragraphs[paragraph.index].extra = paragraph.extra
            for run in paragraph.runs {
                formatting.paragraphs[paragraph.index].set(run.attributes, over: run.start..<run.end, extra: run.extra, keepingNull: true)
            }
        }
        return formatting
    }
}
