internal import CGLib
import FoundationEssentials

/// The URI rules the screens' services share with `URIPhotosAPI`: which schemes a service
/// accepts, how a file path becomes a `file://` URI, and which `Transfer` location a URI is.
enum ServiceURI {
    /// `"http"`, `"https"` or `"file"` when `uri` starts with that scheme and has more
    /// after `://`; `nil` otherwise (case-insensitive, as `URIPhotosAPI` checks).
    static func scheme(of uri: String) -> String? {
        let lower = uri.lowercased()
        for scheme in ["http", "https", "file"] where lower.hasPrefix(scheme + "://") && lower.count > scheme.count + 3 {
            return scheme
        }
        return nil
    }

    /// Checks `uri` is usable, or throws `.invalidURI` saying what `what` cannot be fetched from.
    static func validate(_ uri: String, fetching what: String) throws(VCTableError) {
        guard scheme(of: uri) != nil else {
            throw VCTableError(.invalidURI, "Cannot fetch \(what) from \"\(uri)\": use an http://, https:// or file:// URI.")
        }
    }

    /// The `file://` URI of `path` (absolute, or relative to the working directory).
    static func fileURI(forPath path: String) throws(VCTableError) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        guard let uri = g_filename_to_uri(absolute, nil, nil) else {
            throw VCTableError(.invalidURI, "Cannot make a file URI of \"\(path)\".")
        }
        defer { g_free(uri) }
        return String(cString: uri)
    }

    /// Whether `uri` is read through GIO rather than HTTP: a `file://` URI, or the
    /// `resource://` URI of a bundled fixture (`BundledFixture`; `validate` does not
    /// accept one from users).
    static func isLocal(_ uri: String) -> Bool {
        scheme(of: uri) == "file" || uri.lowercased().hasPrefix("resource://")
    }

    /// Where a `Transfer` of `uri` reads from.
    static func location(of uri: String) -> Transfer.Location {
        isLocal(uri) ? .file(uri) : .http(uri)
    }

    /// `uri` without its query and fragment, up to (not including) the last `/` of its
    /// path: `http://host/api/feeds.json?x=1` → `http://host/api`; `http://host` stays.
    static func directory(of uri: String) -> String {
        var base = Substring(uri)
        if let cut = base.firstIndex(where: { $0 == "?" || $0 == "#" }) { base = base[..<cut] }
        guard let authorityStart = base.firstRange(of: "://")?.upperBound else { return String(base) }
        let path = base[authorityStart...]
        guard let pathStart = path.firstIndex(of: "/") else { return String(base) }
        let lastSlash = path[pathStart...].lastIndex(of: "/") ?? pathStart
        return String(base[..<lastSlash])
    }
}
