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
        // withCString, not the implicit conversion to a pointer: that copies the name into
        // an array (`utf8CString`), whose metadata costs pages of the Swift runtime.
        name.withCString { getenv($0) }.map { String(cString: $0) }
    }
}
