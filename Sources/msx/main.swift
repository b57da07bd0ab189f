import Foundation
import MsxCLI

signal(SIGPIPE, SIG_DFL)
exit(MsxCommandLine.run(Array(CommandLine.arguments.dropFirst()), in: .process()))
