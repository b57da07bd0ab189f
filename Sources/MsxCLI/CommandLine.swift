import ArgumentParser
import MsxKit

/// A subcommand that runs against an explicit invocation rather than the process's streams and folder.
protocol MsxCommand: ParsableCommand {
    func run(in invocation: Invocation) throws
}

/// msx's command line: parses the arguments, runs the command and reports failures, returning the exit status.
public enum MsxCommandLine {
    /// Runs `arguments` (without the program name) in `invocation` and returns the process exit status.
    ///
    /// `msx -C DIR ...` runs as if started in DIR, as `git -C` does (several apply in turn); `--version` and the
    /// plain forms of the commands run most (`QuickArguments`) are read here, the rest by ArgumentParser. With
    /// `--json`, usage errors come as a JSON error on standard output too.
    public static func run(_ arguments: [String], in invocation: Invocation) -> Int32 {
        var arguments = arguments
        var invocation = invocation
        while arguments.count >= 2, arguments[0] == "-C" {
            let folder = invocation.resolve(arguments[1])
            guard FileIO.isDirectory(folder) else {
                invocation.standardError.write("msx: cannot change to '\(arguments[1])': no such folder\n")
                return ExitCode.validationFailure.rawValue
            }
            invocation.workingDirectory = folder
            arguments.removeFirst(2)
        }
        arguments = Format.normalize(arguments)
        // A plain form of a command run most names a command: every command's names (each command's whole
        // configuration, its manual text included) are listed only for the rest.
        let quick = QuickArguments.command(arguments)
        if quick == nil, let unknown = unknownCommand(arguments) {
            let suggestion = Suggestion.closest(to: unknown, in: commandNames).map { ". Did you mean '\($0)'?" } ?? ""
            let message = "'\(unknown)' is not an msx command\(suggestion) (msx --help lists them)"
            if arguments.contains("--json") {
                let value = JSONEnvelope.error(.usage, message: message, exitStatus: ExitCode.validationFailure.rawValue)
                invocation.standardOutput.write(JSONWriter.string(value))
            } else {
                invocation.standardError.write("msx: \(message)\n")
            }
            return ExitCode.validationFailure.rawValue
        }
        GitConfigurationSearch.use(invocation.environment)
        if arguments == ["--version"] {
            invocation.standardOutput.write(Msx.configuration.version + "\n")
            return ExitCode.success.rawValue
        }
        do {
            if let command = quick {
                try command.run(in: invocation)
                return ExitCode.success.rawValue
            }
            var command = try Msx.parseAsRoot(arguments)
            if let command = command as? MsxCommand { try command.run(in: invocation) } else { try command.run() }
            return ExitCode.success.rawValue
        } catch {
            return report(error, json: arguments.contains("--json"), to: invocation)
        }
    }

    /// The names msx's subcommands (and their aliases) are called by.
    private static var commandNames: [String] {
        Msx.configuration.subcommands.flatMap { [$0._commandName] + $0.configuration.aliases } + ["help"]
    }

    /// The first argument, when it is not an option and names no command (`msx snapshott`).
    private static func unknownCommand(_ arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), !commandNames.contains(first) else { return nil }
        return first
    }

    /// Words an error the command did not report itself (usage errors, help and version requests).
    private static func report(_ error: Error, json: Bool, to invocation: Invocation) -> Int32 {
        let code = Msx.exitCode(for: error)
        if error is ExitCode { return code.rawValue }  // the command already reported it
        if json, code != .success {
            let value = JSONEnvelope.error(code == .validationFailure ? .usage : .unexpected, message: Msx.message(for: error),
                                           exitStatus: code.rawValue)
            invocation.standardOutput.write(JSONWriter.string(value))
            return code.rawValue
        }
        let text = Msx.fullMessage(for: error)
        if !text.isEmpty { (code == .success ? invocation.standardOutput : invocation.standardError).write(text + "\n") }
        return code.rawValue
    }
}
