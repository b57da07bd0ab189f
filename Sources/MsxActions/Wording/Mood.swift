/// Whether a sentence tells what a command did or, in a dry run, what it would do: the same sentence either way,
/// with "would" and the plain verb ("moved 'Storm' to Part Two" / "would move 'Storm' to Part Two").
public enum Mood: Sendable {
    case done, dryRun

    public init(dryRun: Bool) { self = dryRun ? .dryRun : .done }

    /// `past` ("moved") for what was done, "would `plain`" ("would move") for a dry run.
    public func verb(_ past: String, _ plain: String) -> String { self == .done ? past : "would \(plain)" }

    /// A statement without a verb ("status: (none) -> Draft"), or in a dry run "would change status: ...".
    public func change(_ statement: String) -> String { self == .done ? statement : "would change \(statement)" }
}
