/// The plainest forms of the commands run most often (`status`, `tree`, `show REF`, `log [REF]`, `diff [REF...]`,
/// `diff --files OLD NEW`, each with `--json`, `--no-color`, `--no-pager`), read without ArgumentParser.
///
/// ArgumentParser finds a command's options by reflection, and the Swift runtime answers each of its first
/// questions about a type by searching every conformance in the binary: about 14M instructions before any command
/// runs, more than `show` spends reading a document. Anything else (help, other options, a flag given twice, a word
/// starting with `-` that is not one of those above, a usage error) is left to ArgumentParser, which words the error.
/// `QuickArgumentsTests` checks that each form read here gives the command ArgumentParser gives.
enum QuickArguments {
    /// The command `arguments` (after `-C`) name, when they take one of the plain forms; nil otherwise.
    static func command(_ arguments: [String]) -> MsxCommand? {
        guard let name = arguments.first, var words = Words(arguments.dropFirst()), var command = command(name, &words) else { return nil }
        // A form ArgumentParser would refuse is left to it, to word the error.
        return (try? command.validate()) == nil ? nil : command
    }

    private static func command(_ name: String, _ words: inout Words) -> MsxCommand? {
        switch name {
        case "status":
            guard words.positionals.isEmpty, let global = words.global() else { return nil }
            var status = Status()
            status.global = global
            return status
        case "tree", "ls":
            guard words.positionals.isEmpty, let global = words.global() else { return nil }
            var tree = Tree()
            tree.global = global
            return tree
        case "show":
            guard words.positionals.count == 1, let global = words.global() else { return nil }
            var show = Show()
            (show.reference, show.at, show.form, show.notes, show.global) = (words.positionals[0], nil, .text, false, global)
            return show
        case "log":
            guard words.positionals.count <= 1, let global = words.global() else { return nil }
            var log = Log()
            (log.reference, log.limit, log.since, log.until, log.global) = (words.positionals.first, nil, nil, nil, global)
            return log
        case "diff":
            let files = words.take("--files")
            guard files?.isEmpty != true, let global = words.global() else { return nil }
            var diff = Diff()
            (diff.references, diff.files, diff.from, diff.to, diff.by, diff.docx) = (words.positionals, files ?? [], nil, nil, .word, nil)
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

        /// Nil when a word is `--`, `-` or an option given twice.
        init?<Arguments: Collection<String>>(_ arguments: Arguments) {
            var current: String?
            for word in arguments {
                if word.hasPrefix("-") {
                    guard word.count > 1, word != "--", options[word] == nil else { return nil }
                    options[word] = []
                    // Only `--files` takes values (all the words up to the next option); every other option is a flag.
                    current = word == "--files" ? word : nil
                } else if let current {
                    options[current, default: []].append(word)
                } else {
                    positionals.append(word)
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
