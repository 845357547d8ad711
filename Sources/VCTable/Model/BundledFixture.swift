internal import CGLib

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

    /// The `resource://` URI of the shipped document `name`, or `.fileUnreadable` when the
    /// library's resource holds no such file.
    static func uri(named name: String) throws(VCTableError) -> String {
        let path = resourcePath + name
        var error: UnsafeMutablePointer<GError>?
        guard g_resources_get_info(path, G_RESOURCE_LOOKUP_FLAGS_NONE, nil, nil, &error) != 0 else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "not found"
            g_clear_error(&error)
            throw VCTableError(.fileUnreadable, "The bundled \(name) was not found in VCTable's resource (\(path)): \(reason).")
        }
        return "resource://" + path
    }
}
