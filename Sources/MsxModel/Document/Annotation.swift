/// A note on a stretch of text: an editor's comment brought from Word, or the writer's own (`msx comment`).
///
/// The characters it is on carry its id in their `annotation` run attribute (an array: notes may overlap), so it
/// follows every edit as formatting does; its words live in the sidecar's `annotations` table, by id.
public struct Annotation: Sendable, Equatable {
    public var id: String
    public var note: String
    public var author: String
    /// When it was written, ISO 8601 in UTC to the second ("2026-11-24T19:00:00Z").
    public var date: String
    public var resolved: Bool

    public init(id: String? = nil, note: String, author: String, date: String, resolved: Bool = false) {
        self.id = id ?? Self.id(note: note, author: author, date: date)
        (self.note, self.author, self.date, self.resolved) = (note, author, date, resolved)
    }

    /// The id an annotation gets from what it says, who wrote it and when: the same note compiled into a Word file
    /// and read back gets the same id, so it is recognised, not doubled.
    public static func id(note: String, author: String, date: String) -> String {
        "n" + TextHash.fnv1a64(author + "\n" + date + "\n" + note).prefix(10)
    }

    /// This annotation with an id none of `taken` has: two notes saying the same thing, by one author, in the same
    /// second (or minute, as Word dates them) get `-2`, `-3`… in the order they come.
    public func unique(among taken: Set<String>) -> Annotation {
        var copy = self, number = 2
        while taken.contains(copy.id) {
            copy.id = id + "-\(number)"
            number += 1
        }
        return copy
    }

    /// The sidecar's name for the table.
    static let tableKey = "annotations"

    var json: JSONValue {
        .object(["note": .string(note), "author": .string(author), "date": .string(date), "resolved": .bool(resolved)])
    }

    init?(id: String, json: JSONValue) {
        guard let note = json["note"]?.stringValue else { return nil }
        self.init(id: id, note: note, author: json["author"]?.stringValue ?? "", date: json["date"]?.stringValue ?? "",
                  resolved: json["resolved"] == true)
    }
}

extension RichDocument {
    /// The annotations the sidecar describes, by id.
    public var annotations: [String: Annotation] {
        get { Self.annotations(in: sidecarExtra) }
        set {
            let table = newValue.mapValues(\.json)
            sidecarExtra[Annotation.tableKey] = table.isEmpty ? nil : .object(table)
        }
    }

    /// The annotations in a sidecar's top-level fields.
    package static func annotations(in extra: [String: JSONValue]) -> [String: Annotation] {
        var result: [String: Annotation] = [:]
        for (id, value) in extra[Annotation.tableKey]?.objectValue ?? [:] { result[id] = Annotation(id: id, json: value) }
        return result
    }

    /// Whether `sidecar` describes any annotation (a document's comments are all in its sidecar).
    package static func hasAnnotations(_ sidecar: Sidecar) -> Bool { !annotations(in: sidecar.extra).isEmpty }

    /// Where each annotation sits: its stretches (paragraph, UTF-16 range), in document order.
    public var annotationPlaces: [String: [(paragraph: Int, range: Range<Int>)]] {
        var places: [String: [(paragraph: Int, range: Range<Int>)]] = [:]
        for (index, paragraph) in formatting.paragraphs.enumerated() {
            for run in paragraph.runs {
                for id in Self.annotationIDs(run.attributes[.annotation]) {
                    if let last = places[id]?.last, last.paragraph == index, last.range.upperBound == run.range.lowerBound {
                        places[id]![places[id]!.count - 1].range = last.range.lowerBound..<run.range.upperBound
                    } else {
                        places[id, default: []].append((index, run.range))
                    }
                }
            }
        }
        return places
    }

    /// Puts `annotation` on `range` of paragraph `index` (beside any already there) and in the table.
    public mutating func annotate(paragraph index: Int, range: Range<Int>, with annotation: Annotation) {
        let existing = formatting.paragraphs[index].runs
        var bounds = [range.lowerBound, range.upperBound]
        for run in existing where run.range.overlaps(range) { bounds += [run.range.lowerBound, run.range.upperBound] }
        let points = Set(bounds.filter { range.contains($0) || $0 == range.upperBound }).sorted()
        for (start, end) in zip(points, points.dropFirst()) where start < end {
            let current = existing.first { $0.range.lowerBound <= start && end <= $0.range.upperBound }?.attributes[.annotation]
            var ids = Self.annotationIDs(current)
            if !ids.contains(annotation.id) { ids.append(annotation.id) }
            formatting.paragraphs[index].set([.annotation: .array(ids.map(JSONValue.string))], over: start..<end)
        }
        annotations[annotation.id] = annotation
    }

    /// The ids an `annotation` attribute value holds.
    package static func annotationIDs(_ value: JSONValue?) -> [String] {
        value?.arrayValue?.compactMap(\.stringValue) ?? value?.stringValue.map { [$0] } ?? []
    }
}
