/// A place where two sides of a merge changed a document differently: what the base held, what each side made of
/// it, and where the merged file holds it (so it can be found again to resolve it, after other edits).
public struct MergeConflict: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// Both sides changed the same words differently; the file holds this side's words (or both, between
        /// markers, when asked).
        case text
        /// One side deleted a passage the other side changed; the file keeps the changed passage.
        case deleted
        /// Both sides set one attribute of the same characters (or of one paragraph) to different values; the
        /// sidecar holds this side's value.
        case formatting
        /// Both sides changed one binder field of a document or folder (its title, synopsis, status, label,
        /// target, include-in-compile or a custom field) to different values; the binder holds this side's value.
        /// `base`, `ours` and `theirs` are the values as a writer reads them, `field` names the field and
        /// `oursValue` / `theirsValue` are the values as the manifest holds them (`.null` for none).
        case metadata
        /// Both sides changed a file msx does not read as text (a picture) differently; the folder holds this
        /// side's. `base`, `ours` and `theirs` are the git ids of the three files ("" where there is none).
        case file
    }

    public var kind: Kind
    /// The base's text, and each side's (for a formatting conflict: the characters concerned, in all three).
    public var base: String
    public var ours: String
    public var theirs: String
    /// What the merged file holds in the conflict's place, and the text just before and after it (up to the
    /// neighbouring conflicts).
    public var placed: String
    public var before: String
    public var after: String
    /// Where `placed` starts in the merged file (UTF-16 units), or in its paragraph for a formatting conflict.
    public var offset: Int
    /// A formatting conflict's paragraph (from 0) in the merged text, its attribute and the two values (`.null`
    /// for none); nil for text.
    public var paragraph: Int?
    public var attribute: AttributeKey?
    /// A metadata conflict's binder field ("synopsis", "custom.Location"); nil otherwise.
    public var field: String?
    public var oursValue: JSONValue?
    public var theirsValue: JSONValue?

    public init(kind: Kind, base: String, ours: String, theirs: String, placed: String, before: String = "",
                after: String = "", offset: Int = 0, paragraph: Int? = nil, attribute: AttributeKey? = nil,
                field: String? = nil, oursValue: JSONValue? = nil, theirsValue: JSONValue? = nil) {
        (self.kind, self.base, self.ours, self.theirs, self.placed) = (kind, base, ours, theirs, placed)
        (self.before, self.after, self.offset) = (before, after, offset)
        (self.paragraph, self.attribute, self.oursValue, self.theirsValue) = (paragraph, attribute, oursValue, theirsValue)
        self.field = field
    }
}

/// The labels of conflict markers, when the writer asks for them in the file (`--markers`).
public struct ConflictMarkers: Sendable, Equatable {
    public var ours: String
    public var theirs: String

    public init(ours: String, theirs: String) { (self.ours, self.theirs) = (ours, theirs) }

    /// Both sides between git's markers, on lines of their own.
    func block(ours oursText: String, theirs theirsText: String) -> String {
        "\n<<<<<<< \(ours)\n\(oursText)\n=======\n\(theirsText)\n>>>>>>> \(theirs)\n"
    }
}
