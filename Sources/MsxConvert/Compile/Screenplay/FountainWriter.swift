import MsxModel

/// Writes a screenplay as Fountain (fountain.io's syntax): a title page of `Key: value` lines, sections as `#`,
/// scene headings, action, character cues with their parentheticals and dialogue directly below, transitions,
/// centred lines as `> text <`, page breaks as `===`; bold, italic and underline as `**`, `*` and `_`. An element
/// whose text would read as another is forced with Fountain's marker (`.`, `!`, `@`, `>`).
enum FountainWriter {
    static func render(_ manuscript: Manuscript) -> String {
        let script = manuscript.screenplay()
        var out = titlePage(manuscript, own: script.filter { $0.element == .titlePage })
        var inDialogue = false
        for item in script where item.element != .titlePage {
            let text = inline(item)
            let continuesDialogue = inDialogue && (item.element == .parenthetical || item.element == .dialogue)
            if !continuesDialogue { out += "\n" }
            if item.startsPage { out += "===\n\n" }
            inDialogue = false
            switch item.element {
            case .section(let level):
                out += String(repeating: "#", count: level) + " " + text + "\n"
            case .sceneHeading:
                out += (ScreenplayElement.looksLikeSceneHeading(item.text) ? "" : ".") + text + "\n"
            case .character:
                out += (isCue(item.text) ? "" : "@") + text + "\n"
                inDialogue = true
            case .parenthetical:
                let wrapped = item.text.hasPrefix("(") && item.text.hasSuffix(")")
                out += (wrapped ? text : "(" + text + ")") + "\n"
                inDialogue = continuesDialogue
            case .dialogue:
                out += text + "\n"
                inDialogue = continuesDialogue
            case .transition:
                out += (isTransition(item.text) ? "" : "> ") + text + "\n"
            case .action:
                if item.centred {
                    out += "> " + text + " <\n"
                } else {
                    out += (needsForcing(item.text) ? "!" : "") + text + "\n"
                }
            case .titlePage:
                break
            }
        }
        return out
    }

    /// The title page: the script's own lines when it has them (imported from Fountain), else the title, author
    /// and contact from the project.
    private static func titlePage(_ manuscript: Manuscript, own: [ScreenplayParagraph]) -> String {
        if !own.isEmpty { return own.map { titleEntry($0.text) }.joined() }
        var out = "Title: \(manuscript.title)\nCredit: Written by\nAuthor: \(manuscript.author)\n"
        if let contact = manuscript.contact, !contact.isEmpty {
            out += "Contact:\n" + contact.split(separator: "\n").map { "    \($0)\n" }.joined()
        }
        return out
    }

    /// A title page entry, `Key: value`; a value of several lines goes below its key, each line indented.
    private static func titleEntry(_ entry: String) -> String {
        let lines = entry.split(separator: "\u{2028}", omittingEmptySubsequences: false)
        guard lines.count > 1, let colon = lines[0].firstIndex(of: ":") else { return entry + "\n" }
        let first = lines[0][lines[0].index(after: colon)...].trimmingCharacters(in: .whitespaces)
        let values = (first.isEmpty ? [] : [first]) + lines.dropFirst().map(String.init)
        return lines[0][...colon] + "\n" + values.map { "    \($0)\n" }.joined()
    }

    /// A character cue reads as one when it is in capitals (an extension such as `(V.O.)` allowed).
    private static func isCue(_ text: String) -> Bool {
        text == text.uppercased() && text.contains(where: \.isLetter) && !text.hasSuffix("TO:")
    }

    private static func isTransition(_ text: String) -> Bool {
        text == text.uppercased() && text.hasSuffix("TO:")
    }

    /// Action that Fountain would read as something else: a scene heading, a transition, a cue (capitals), a line
    /// opening with a marker.
    private static func needsForcing(_ text: String) -> Bool {
        let first = text.first.map(String.init) ?? ""
        return ScreenplayElement.looksLikeSceneHeading(text) || isTransition(text) || isCue(text)
            || ["!", "@", "#", "=", ">", "~", ".", "["].contains(first) || text.hasPrefix("/*")
    }

    /// A paragraph's text with its emphasis as Fountain marks it; Fountain's own marks in the text escaped; a
    /// line break as a new line.
    private static func inline(_ item: ScreenplayParagraph) -> String {
        var out = ""
        for (characters, emphasis) in item.emphasisRuns {
            var text = ""
            for character in characters {
                switch character {
                case "*", "_", "\\": text += "\\" + String(character)
                case "\u{2028}": text += "\n"
                case "\u{FFFC}": continue
                default: text.append(character)
                }
            }
            let (bold, italic, underline) = (emphasis.bold, emphasis.italic, emphasis.underline)
            // Marks hug the words: spaces at a run's ends stay outside them.
            let core = text.trimmingCharacters(in: .whitespaces)
            guard !core.isEmpty, bold || italic || underline else { out += text; continue }
            let lead = String(text.prefix { $0 == " " }), trail = String(text.reversed().prefix { $0 == " " })
            let open = (underline ? "_" : "") + (bold ? "**" : "") + (italic ? "*" : "")
            let close = (italic ? "*" : "") + (bold ? "**" : "") + (underline ? "_" : "")
            out += lead + open + core + close + trail
        }
        return out
    }
}
