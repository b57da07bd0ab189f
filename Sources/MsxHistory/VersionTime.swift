import Foundation

/// When a version was made, and the offset from UTC of the clock that said so (a version brought in from another
/// program keeps its own date: a Scrivener snapshot's, say).
public struct VersionTime: Sendable, Equatable {
    public var date: Date
    /// Minutes east of UTC.
    public var offsetMinutes: Int

    public init(date: Date, offsetMinutes: Int) { (self.date, self.offsetMinutes) = (date, offsetMinutes) }
}
