import Foundation

/// Three drafts of one scene, revised as a writer and an editor would, for the diff tests that need realistic text.
enum DiffScene {
    /// The first draft.
    static let draft1 = """
        # The Keeper's Daughter

        Mara climbed the tower stairs two at a time, the lamp oil sloshing in its can. The wind had been rising since noon.

        At the top she found her father asleep over a copy of The Mariner's Almanac, his spectacles pushed up into his hair.

        "The light," she said. "Father, the light is out."

        He woke slowly, the way old men do, and looked at the dark lens as if it belonged to someone else.

        Down on the rocks, the first boat was already turning for the harbour mouth.

        By morning the storm had blown itself out, and the harbour was full of wreckage.

        """

    /// The editor's revision of `draft1`: the first sentence of paragraph 2 and the sentence of paragraph 5
    /// rewritten, "Down on the rocks" moved up before Mara speaks, the almanac's title in italics, and a scene break
    /// (`* * *`) before the morning. The second paragraph is re-wrapped too, which must not count as a change.
    static let draft2 = """
        # The Keeper's Daughter

        Mara took the stairs two at a time, oil slopping from the can she carried.
        The wind had been rising since noon.

        At the top she found her father asleep over a copy of *The Mariner's Almanac*, his spectacles pushed up into his hair.

        Down on the rocks, the first boat was already turning for the harbour mouth.

        "The light," she said. "Father, the light is out."

        He woke slowly and stared at the dark lens as though it belonged to a stranger.

        * * *

        By morning the storm had blown itself out, and the harbour was full of wreckage.

        """

    /// A later pass over `draft2`: a paragraph cut, the last one extended with a message quoting an emoji with a
    /// skin tone and a name with a combining mark, and a new paragraph with CJK text.
    static let draft3 = """
        # The Keeper's Daughter

        Mara took the stairs two at a time, oil slopping from the can she carried.
        The wind had been rising since noon.

        At the top she found her father asleep over a copy of *The Mariner's Almanac*, his spectacles pushed up into his hair.

        Down on the rocks, the first boat was already turning for the harbour mouth.

        "The light," she said. "Papa, the light is out."

        * * *

        By morning the storm had blown itself out, and the harbour was full of wreckage. Zoe\u{0308} sent word from the mainland: “All safe 👍🏽”.

        A tin sign on the boathouse still read 灯台守の家 in faded paint.

        """

    /// Adds "Scene" with `draft1` to `book` and snapshots it; returns the version's id.
    @discardableResult
    static func add(to book: Book, in test: DiffTestCase) throws -> String {
        try test.addDocument("Scene", draft1, to: book.root)
        return try test.snapshotVersion("draft 1", in: book.root)
    }

    /// Replaces Scene's Markdown with `markdown`.
    static func write(_ markdown: String, in book: Book, test: DiffTestCase) throws {
        try test.write(markdown, to: path, in: book.root)
    }

    /// Scene's project-relative path.
    static let path = "contents/draft/scene.md"
}
