import FoundationEssentials

/// The live `MyAPI`: fetches the photos document from an `http://`, `https://` or `file://` URI.
///
/// HTTP goes through libsoup-3.0 (GLib proxy and TLS settings apply, redirects are
/// followed), files through GIO, both on VCTable's own I/O thread so the caller's loop is
/// never blocked. Cancelling the calling task cancels the transfer (`GCancellable`).
public struct URIPhotosAPI: MyAPI {
    /// The URI photos are fetched from.
    public let uri: String
    /// How long a whole transfer may take before it fails with `.timedOut`. Default 30 s.
    public var timeout: Duration = URIPhotosAPI.defaultTimeout
    /// The largest body accepted before failing with `.bodyTooLarge`. Default 64 MiB.
    public var maximumBodySize: Int = URIPhotosAPI.defaultMaximumBodySize

    /// The default `timeout`: 30 seconds.
    public static let defaultTimeout = Duration.seconds(30)
    /// The default `maximumBodySize`: 64 MiB.
    public static let defaultMaximumBodySize = 64 * 1024 * 1024

    /// An API for `uri`; throws `.invalidURI` unless it is an `http://`, `https://` or `file://` URI.
    public init(
        uri: String,
        timeout: Duration = URIPhotosAPI.defaultTimeout,
        maximumBodySize: Int = URIPhotosAPI.defaultMaximumBodySize
    ) throws(VCTableError) {
        try ServiceURI.validate(uri, fetching: "photos")
        self.uri = uri
        self.timeout = timeout
        self.maximumBodySize = maximumBodySize
    }

    /// An API reading the file at `path` (absolute, or relative to the working directory).
    public init(filePath path: String) throws(VCTableError) {
        try self.init(uri: try ServiceURI.fileURI(forPath: path))
    }

    /// Fetches the document over HTTP(S) or from the file, on VCTable's I/O thread.
    public func getPhotos() async throws -> Data {
        try await fetchDocument()
    }
}

extension URIPhotosAPI: URIDocumentSource {
    init(unchecked uri: String) {
        self.uri = uri
    }

    var documentURI: String { uri }
    var service: any MyAPI { self }
    static func failing(_ error: VCTableError) -> any MyAPI { FailingService(error: error) }
}
