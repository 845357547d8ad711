import FoundationEssentials

/// The live `SongService`: reads the songs document from an `http://`, `https://` or
/// `file://` URI, through the same machinery as `URIPhotosAPI` (libsoup-3.0 or GIO on
/// VCTable's I/O thread, a timeout, a size limit, cancellation).
public struct URISongService: SongService {
    /// The URI the songs are read from.
    public let uri: String
    /// How long a whole transfer may take before it fails with `.timedOut`. Default 30 s.
    public var timeout: Duration = URIPhotosAPI.defaultTimeout
    /// The largest body accepted before failing with `.bodyTooLarge`. Default 64 MiB.
    public var maximumBodySize: Int = URIPhotosAPI.defaultMaximumBodySize

    /// A service for `uri`; throws `.invalidURI` unless it is an `http://`, `https://` or
    /// `file://` URI.
    public init(
        uri: String,
        timeout: Duration = URIPhotosAPI.defaultTimeout,
        maximumBodySize: Int = URIPhotosAPI.defaultMaximumBodySize
    ) throws(VCTableError) {
        try ServiceURI.validate(uri, fetching: "songs")
        self.uri = uri
        self.timeout = timeout
        self.maximumBodySize = maximumBodySize
    }

    /// A service reading the file at `path` (absolute, or relative to the working directory).
    public init(filePath path: String) throws(VCTableError) {
        try self.init(uri: try ServiceURI.fileURI(forPath: path))
    }

    /// Fetches the songs document over HTTP(S) or from the file, on VCTable's I/O thread.
    public func getSongs() async throws -> Data {
        try await fetchDocument()
    }
}

extension URISongService: URIDocumentSource {
    init(unchecked uri: String) {
        self.uri = uri
    }

    var documentURI: String { uri }
    var service: any SongService { self }
    static func failing(_ error: VCTableError) -> any SongService { FailingService(error: error) }
}
