import FoundationEssentials

/// The live `FeedService`: reads the feeds document from an `http://`, `https://` or
/// `file://` URI, and follows members over HTTP.
///
/// Transfers go through the same machinery as `URIPhotosAPI` (libsoup-3.0 or GIO, on
/// VCTable's I/O thread, with a timeout and a size limit; cancelling the calling task
/// cancels the transfer). Following member `id` over `http(s)` is a body-less
/// `POST <directory of feedsURI>/members/<id>/follow` that must answer 2xx
/// (`http://host/api/feeds.json` → `http://host/api/members/7/follow`); over `file://`
/// it always succeeds, so the offline demo can follow too.
public struct URIFeedService: FeedService {
    /// The URI the feeds are read from.
    public let feedsURI: String
    /// How long a whole transfer may take before it fails with `.timedOut`. Default 30 s.
    public var timeout: Duration = URIPhotosAPI.defaultTimeout
    /// The largest body accepted before failing with `.bodyTooLarge`. Default 64 MiB.
    public var maximumBodySize: Int = URIPhotosAPI.defaultMaximumBodySize

    /// A service for `feedsURI`; throws `.invalidURI` unless it is an `http://`,
    /// `https://` or `file://` URI.
    public init(
        feedsURI: String,
        timeout: Duration = URIPhotosAPI.defaultTimeout,
        maximumBodySize: Int = URIPhotosAPI.defaultMaximumBodySize
    ) throws(VCTableError) {
        try ServiceURI.validate(feedsURI, fetching: "feeds")
        self.feedsURI = feedsURI
        self.timeout = timeout
        self.maximumBodySize = maximumBodySize
    }

    /// A service reading the file at `path` (absolute, or relative to the working directory).
    public init(filePath path: String) throws(VCTableError) {
        try self.init(feedsURI: try ServiceURI.fileURI(forPath: path))
    }

    /// Whether follows go over HTTP (`false` for a `file://` feed, whose follows always
    /// succeed, and for the bundled fixture's `resource://` one).
    public var followsOverHTTP: Bool {
        !ServiceURI.isLocal(feedsURI)
    }

    /// The URI a follow of member `id` is posted to: `<directory of feedsURI>/members/<id>/follow`.
    public func followURI(forMember id: Int) -> String {
        ServiceURI.directory(of: feedsURI) + "/members/\(id)/follow"
    }

    /// Fetches the feeds document over HTTP(S) or from the file, on VCTable's I/O thread.
    public func getFeeds() async throws -> Data {
        try await fetchDocument()
    }

    /// Posts the follow of member `id` (over `file://`: succeeds at once).
    public func followMember(id: Int) async throws {
        guard followsOverHTTP else {
            try Task.checkCancellation()
            return
        }
        _ = try await Transfer(
            .http(followURI(forMember: id)), method: "POST", timeout: timeout, maximumBodySize: maximumBodySize
        ).run()
    }
}

extension URIFeedService: URIDocumentSource {
    init(uri: String, timeout: Duration, maximumBodySize: Int) throws(VCTableError) {
        try self.init(feedsURI: uri, timeout: timeout, maximumBodySize: maximumBodySize)
    }

    init(unchecked uri: String) {
        feedsURI = uri
    }

    var documentURI: String { feedsURI }
    var service: any FeedService { self }
    static func failing(_ error: VCTableError) -> any FeedService { FailingService(error: error) }
}
