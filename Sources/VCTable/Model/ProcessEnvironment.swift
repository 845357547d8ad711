import Glibc

/// The process environment, read with `getenv`: the factories' `VCTABLE_*_URL` variables.
///
/// Not `ProcessInfo.processInfo.environment`: that copies the whole environment into a
/// dictionary, and the first use of `ProcessInfo` maps much of FoundationEssentials (2.4 MB
/// more peak RSS for a small library that reads one variable; 0.4 MB for the one-model
/// program of `make bench-rss`, which touches much of it anyway).
enum ProcessEnvironment {
    /// The value of `name`, or nil when it is not set.
    static func value(of name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
