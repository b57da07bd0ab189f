import ArgumentParser

/// The plainest forms of the commands run most often, read without ArgumentParser: `status`, `tree`,
/// `show REF [--as FORM] [--at REV]`, `log [REF] [-n N] [--since DATE] [--until DATE]`,
/// `snapshot [REF...] [-m MESSAGE] [--tag NAME] [--author AUTHOR]`, `diff [REF...]` and `diff --files OLD NEW`, each
/// with `--json`, `--no-color`, `--no-pager`.
///
/// ArgumentParser finds a command's options by reflection, and the Swift runtime answers each of its first
/// questions about a type by searching every conformance in the binary, a cost every command would pay before it
/// runs. Anything else (help, other options, an option given twice or
/// spelled `--name=value`, a value starting with `-`, a word starting with `-` that is none of those above, a usage
/// error) is left to ArgumentParser, which words the error. `QuickArgumentsTests` checks that each form read here
/// gives the command ArgumentParser gives.
enum QuickArguments {
    /// The command `arguments` (after `-C`) name, when they take one of the plain forms; nil otherwise.
    static func command(_ arguments: [String]) -> MsxCommand? {
        guard let name = arguments.first, var command = command(name, arguments.dropFirst()) else { return nil }
        // A form ArgumentParser would refuse is left to it, to word the error.
        return (try? command.validate()) == nil ? nil : command
    }

    private static func command(_ name: String, _ arguments: ArraySlice<String>) -> MsxCommand? {
        switch name {
        case "status":
            guard var words = Words(arguments), words.positionals.isEmpty, let global = words.global() else { return nil }
            var status = Status()
            status.global = global
            return status
        case "tree", "ls":
            guard var words = Words(arguments), words.positionals.isEmpty, let global = words.global() else { return nil }
            var tree = Tree()
            tree.global = global
            return tree
        case "show":
            guard var words = Words(arguments, valued: ["--as", "--at"]), words.positionals.count == 1 else { return nil }
            let form = words.take("--as").map { Show.Form(argument: $0[0]) } ?? .text
            let at = words.take("--at")?[0]
            guard let form, let global = words.global() else { return nil }
            var show = Show()
            (show.reference, show.at, show.form, show.notes, show.global) = (words.positionals[0], at, form, false, global)
            return show
        case "log":
            guard var words = Words(arguments, valued: ["--limit", "--since", "--until"], aliases: ["-n": "--limit"]),
                  words.positionals.count <= 1 else { return nil }
            let limit = words.take("--limit").map { Int(argument: $0[0]) }
            let (since, until) = (words.take("--since")?[0], words.take("--until")?[0])
            guard limit != .some(nil), let global = words.global() else { return nil }
            var log = Log()
            (log.reference, log.limit, log.since, log.until, log.global) = (words.positionals.first, limit ?? nil, since, until, global)
            return log
        case "snapshot":
            guard var words = Words(arguments, valued: ["--message", "--tag", "--author"], aliases: ["-m": "--message"]) else { return nil }
            let (message, tag, author) = (words.take("--message")?[0], words.take("--tag")?[0], words.take("--author")?[0])
            guard let global = words.global() else { return nil }
            var (snapshot, authorOption) = (Snapshot(), AuthorOption())
            authorOption.author = author
            (snapshot.references, snapshot.message, snapshot.tag) = (words.positionals, message, tag)
            (snapshot.authorOption, snapshot.global) = (authorOption, global)
            return snapshot
        case "diff":
            guard var words = Words(arguments, listed: ["--files"]) else { return nil }
            let files = words.take("--files")
            guard files?.isEmpty != true, let global = words.global() else { return nil }
            var diff = Diff()
            (diff.references, diff.files, diff.from, diff.to, diff.by, diff.docx, diff.format) = (words.positionals, files ?? [], nil, nil, .word, nil, nil)
            (diff.stat, diff.wordDiff, diff.html, diff.textOnly, diff.formattingOnly) = (false, false, false, false, false)
            (diff.exitCode, diff.quiet, diff.global) = (false, false, global)
            return diff
        default:
            return nil
        }
    }

    /// The words after the command's name: positionals, and the options among them, each given once.
    private struct Words {
        var positionals: [String] = []
        private var options: [String: [String]] = [:]

        /// Nil when a word is `--` or `-`, an option is given twice, or an option that takes a value has none.
        /// - Parameters:
        ///   - valued: the options that take one value, the next word (one starting with `-` is not read here).
        ///   - aliases: other spellings of options (`-n` for `--limit`).
        ///   - listed: the options that take the words up to the next option.
        init?(_ arguments: ArraySlice<String>, valued: Set<String> = [], aliases: [String: String] = [:], listed: Set<String> = []) {
            var current: String?
            var rest = arguments[...]
            while let word = rest.popFirst() {
                guard word.hasPrefix("-") else {
                    if let current { options[current, default: []].append(word) } else { positionals.append(word) }
                    continue
                }
                let name = aliases[word] ?? word
                guard word.count > 1, word != "--", options[name] == nil else { return nil }
                if valued.contains(name) {
                    guard let value = rest.popFirst(), !value.hasPrefix("-") else { return nil }
                    options[name] = [value]
                    current = nil
                } else {
                    options[name] = []
                    current = listed.contains(name) ? name : nil
                }
            }
        }

        /// The values of `option` (nil when it was not given), taken out of the words.
        mutating func take(_ option: String) -> [String]? { options.removeValue(forKey: option) }

        /// The global options, when they are all that is left: nil when any other option was given.
        mutating func global() -> GlobalOptions? {
            let flags = ["--json", "--no-color", "--no-pager"]
            guard options.keys.allSatisfy(flags.contains), options.values.allSatisfy(\.isEmpty) else { return nil }
            var global = GlobalOptions()
            (global.directory, global.json) = (nil, options["--json"] != nil)
            (global.noColor, global.noPager) = (options["--no-color"] != nil, options["--no-pager"] != nil)
            return global
        }
    }
}
