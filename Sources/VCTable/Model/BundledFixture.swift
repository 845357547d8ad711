/// The data files VCTable ships (the three fixtures the factories load when no URL is set,
/// and the images they name), compiled into the library as a GResource.
///
/// The build compiles `Sources/VCTable/Resources/vctable.gresource.xml` (Plugins/GObjectSources)
/// and the library registers the resource when it is loaded, so the fixtures are found
/// wherever the library is, with nothing installed beside it: each is read from its
/// `resource:///org/vctable/VCTable/<name>` URI, through GIO, like a `file://` URI.
enum BundledFixture {
    /// The resource path the fixtures are under, with its final `/`.
    static let resourcePath = "/org/vctable/VCTable/"

    /// The `resource://` URI of the shipped document `name`. Not looked up here: making a
    /// model with the default API would otherwise page in GIO's resource lookup and the
    /// resource's index for nothing (BENCHMARKS.md, "Loaded cost"); the fixtures are
    /// compiled into the library, and a name it does not hold fails the first fetch with
    /// `.fileUnreadable` ("Cannot read resource:///org/vctable/VCTable/<name>: …").
    static func uri(named name: String) -> String {
        "resource://" + resourcePath + name
    }
}
