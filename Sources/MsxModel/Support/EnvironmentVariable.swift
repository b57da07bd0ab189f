#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// One environment variable, read with getenv(3): Foundation's `ProcessInfo.environment` copies the whole
/// environment into a new dictionary at every use, and the core reads a few
/// variables of its own (the tests' fault injection, the benchmarks' switches) on every command.
package enum EnvironmentVariable {
    /// The variable's value, or nil when it is not set.
    package static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
