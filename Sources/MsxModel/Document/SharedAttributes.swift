import Foundation

/// Equal sets of attributes, held once for the whole process. Two documents (or two versions of one) resolved apart
/// make their own dictionaries for the same formatting; drawn from here, runs and paragraphs formatted alike share
/// one storage, and comparing them (`==`, which sees the storage is the same) costs a pointer comparison instead of
/// a look-up of every name. Nothing depends on the sharing but speed: a set not held compares as before.
enum SharedAttributes {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var held: Set<Attributes> = []
    /// A bound on the sets held: a long-lived process (`msx serve`) resolving ever new formatting keeps the first ones.
    private static let capacity = 4_096

    /// `attributes`, or the equal set already held.
    static func shared(_ attributes: Attributes) -> Attributes {
        lock.lock()
        defer { lock.unlock() }
        if held.count < capacity { return held.insert(attributes).memberAfterInsert }
        return held.firstIndex(of: attributes).map { held[$0] } ?? attributes
    }
}
