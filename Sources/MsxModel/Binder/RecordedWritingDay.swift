/// The words of one day as a program recorded them before the project came to msx (Scrivener's writing history),
/// kept in the manifest (`writingHistory`) so that `stats` starts from the writer's real days.
public struct RecordedWritingDay: Sendable, Equatable {
    /// YYYY-MM-DD, as the program recorded it (the writer's day).
    public var day: String
    /// Net words written that day in the draft, and elsewhere (notes, research).
    public var draftWords: Int
    public var otherWords: Int

    public init(day: String, draftWords: Int, otherWords: Int) {
        (self.day, self.draftWords, self.otherWords) = (day, draftWords, otherWords)
    }
}

extension Manifest {
    /// The words per day recorded before the project came to msx, oldest first (empty when none).
    public var writingHistory: [RecordedWritingDay] {
        get {
            (extra["writingHistory"]?.arrayValue ?? []).compactMap { entry in
                guard let day = entry["day"]?.stringValue else { return nil }
                return RecordedWritingDay(day: day, draftWords: Int(entry["draftWords"]?.numberValue ?? 0),
                                          otherWords: Int(entry["otherWords"]?.numberValue ?? 0))
            }
        }
        set {
            extra["writingHistory"] = newValue.isEmpty ? nil : .array(newValue.sorted { $0.day < $1.day }.map {
                .object(["day": .string($0.day), "draftWords": .int($0.draftWords), "otherWords": .int($0.otherWords)])
            })
        }
    }
}
