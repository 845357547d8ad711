import FoundationEssentials

/// What the live API and services share (`URIPhotosAPI`, `URISongService`,
/// `URIFeedService`): each reads one document from a URI, and where one cannot be made (an
/// unusable URI, a missing fixture) a `FailingService` stands in for it, so the screen shows
/// the reason instead of crashing. The factories and the C constructors choose one here.
protocol URIDocumentSource: Sendable {
    /// The protocol the source is handed out as (`any SongService`, …).
    associatedtype Service

    /// A source for `uri`, fetched within `timeout` and `maximumBodySize`; throws
    /// `.invalidURI` unless it is an `http://`, `https://` or `file://` URI.
    init(uri: String, timeout: Duration, maximumBodySize: Int) throws(VCTableError)
    /// A source reading the file at `path` (absolute, or relative to the working directory).
    init(filePath path: String) throws(VCTableError)
    /// A source for `uri` as it is, not checked (the bundled fixtures' `resource://`
    /// URIs), with the default bounds.
    init(unchecked uri: String)

    /// The URI the document is read from.
    var documentURI: String { get }
    /// How long a whole transfer may take.
    var timeout: Duration { get }
    /// The largest body accepted.
    var maximumBodySize: Int { get }

    /// This source, as the service.
    var service: Service { get }
    /// A `FailingService` failing with `error`, as the service.
    static func failing(_ error: VCTableError) -> Service
}

extension URIDocumentSource {
    /// A source reading the fixture `name` compiled into VCTable (`BundledFixture`): the
    /// factory's default, a `resource://` URI, which only VCTable's own fixtures use.
    init(bundled name: String) {
        self.init(unchecked: BundledFixture.uri(named: name))
    }

    /// Reads the document over HTTP(S) or from the file, on VCTable's I/O thread, within
    /// `timeout` and `maximumBodySize` (cancelling the calling task cancels the transfer).
    func fetchDocument() async throws -> Data {
        try await Transfer(ServiceURI.location(of: documentURI), timeout: timeout, maximumBodySize: maximumBodySize).run()
    }

    /// A source for `uri` with the default bounds (`URIPhotosAPI.defaultTimeout`,
    /// `URIPhotosAPI.defaultMaximumBodySize`).
    init(uri: String) throws(VCTableError) {
        try self.init(
            uri: uri, timeout: URIPhotosAPI.defaultTimeout, maximumBodySize: URIPhotosAPI.defaultMaximumBodySize)
    }

    /// The service a factory uses, as the environment says now: the `http://`, `https://`
    /// or `file://` URI (or absolute path) in `variable` when it is set and not empty,
    /// otherwise the bundled fixture `fixture`. An unusable value is not a crash: every
    /// call fails with `.invalidURI`, naming `variable` and the reason (a fixture that
    /// cannot be found fails its fetch with `.fileUnreadable`).
    static func service(fromEnvironment variable: String, orBundled fixture: String) -> Service {
        guard let value = ProcessEnvironment.value(of: variable), !value.isEmpty else {
            return Self(bundled: fixture).service
        }
        do {
            return try (value.hasPrefix("/") ? Self(filePath: value) : Self(uri: value)).service
        } catch {
            return failing(VCTableError(.invalidURI, "\(variable) is \"\(value)\": \(error.message)"))
        }
    }

    /// The service of `uri` (a C `*_new_for_uri`'s): a bad URI fails every call.
    static func service(uri: String) -> Service {
        do {
            return try Self(uri: uri).service
        } catch {
            return failing(error)
        }
    }
}
