/// A command's discussion, as `--help` prints it and its manual page says it: the description, then EXAMPLES and
/// ENVIRONMENT. (`scripts/man-sections.py` turns those two into the manual page's own sections.)
enum ManualText {
    /// One example: a command line as typed, and what it does.
    struct Example {
        let command: String
        let meaning: String
    }

    /// `description` followed by the EXAMPLES and ENVIRONMENT sections (each only when it has entries).
    static func discussion(_ description: String, examples: [Example], environment: [(name: String, meaning: String)] = []) -> String {
        var sections = description.isEmpty ? [] : [description]
        if !examples.isEmpty {
            sections.append("EXAMPLES\n" + examples.map { "  $ \($0.command)\n      \($0.meaning)" }.joined(separator: "\n"))
        }
        if !environment.isEmpty {
            sections.append("ENVIRONMENT\n" + environment.map { "  \($0.name)\n      \($0.meaning)" }.joined(separator: "\n"))
        }
        return sections.joined(separator: "\n\n")
    }
}

extension ManualText.Example {
    init(_ command: String, _ meaning: String) { self.init(command: command, meaning: meaning) }
}
