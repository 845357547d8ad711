internal import VCTableGObject
import FoundationEssentials

/// The Swift core of a `VctFeedService` or `VctSongService` object (vct-services.c): the
/// service a C caller chose (a URI, or functions of its own).
final class CServiceBox<Service: Sendable>: @unchecked Sendable {
    let service: Service

    init(_ service: Service) {
        self.service = service
    }
}

extension CServiceBox where Service == any FeedService {
    /// A new `VctFeedService` object (transfer full).
    static func makeObject(_ service: any FeedService) -> OpaquePointer {
        OpaquePointer(_vct_feed_service_new(Unmanaged.passRetained(CFeedService(service)).toOpaque())!)
    }

    /// The core a `VctCore` entry receives (a `VctFeedService`'s, checked by its
    /// caller), borrowed.
    static func borrowed(_ core: UnsafeMutableRawPointer?) -> CFeedService {
        Unmanaged<CFeedService>.fromOpaque(core!).takeUnretainedValue()
    }
}

extension CServiceBox where Service == any SongService {
    /// A new `VctSongService` object (transfer full).
    static func makeObject(_ service: any SongService) -> OpaquePointer {
        OpaquePointer(_vct_song_service_new(Unmanaged.passRetained(CSongService(service)).toOpaque())!)
    }

    /// The core a `VctCore` entry receives (a `VctSongService`'s, checked by its
    /// caller), borrowed.
    static func borrowed(_ core: UnsafeMutableRawPointer?) -> CSongService {
        Unmanaged<CSongService>.fromOpaque(core!).takeUnretainedValue()
    }
}

/// A `FeedService` backed by C functions: `get_feeds` and `follow` each get a
/// `VctApiRequest` to complete (a follow's JSON, if any, is ignored).
final class CCustomFeedService: FeedService, @unchecked Sendable {
    typealias Fetch = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void
    typealias Follow = @convention(c) (OpaquePointer?, Int64, UnsafeMutableRawPointer?) -> Void

    private let fetch: Fetch
    private let follow: Follow
    private let source: CCustomSource

    init(fetch: @escaping Fetch, follow: @escaping Follow, userData: UnsafeMutableRawPointer?, notify: CDestroyNotify?) {
        self.fetch = fetch
        self.follow = follow
        source = CCustomSource(userData: userData, notify: notify)
    }

    func getFeeds() async throws -> Data {
        let fetch = self.fetch
        return try await source.call { request, userData in fetch(request, userData) }
    }

    func followMember(id: Int) async throws {
        let follow = self.follow
        _ = try await source.call { request, userData in follow(request, Int64(id), userData) }
    }
}

/// A `SongService` backed by a C `get_songs` function.
final class CCustomSongService: SongService, @unchecked Sendable {
    typealias Fetch = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void

    private let fetch: Fetch
    private let source: CCustomSource

    init(fetch: @escaping Fetch, userData: UnsafeMutableRawPointer?, notify: CDestroyNotify?) {
        self.fetch = fetch
        source = CCustomSource(userData: userData, notify: notify)
    }

    func getSongs() async throws -> Data {
        let fetch = self.fetch
        return try await source.call { request, userData in fetch(request, userData) }
    }
}

typealias CFeedService = CServiceBox<any FeedService>
typealias CSongService = CServiceBox<any SongService>


extension CServiceBox where Service == any FeedService {
    /// `vct_feed_service_new_for_uri`: a bad URI fails every reload.
    static func makeObject(uri: UnsafePointer<CChar>) -> OpaquePointer {
        makeObject(URIFeedService.service(uri: String(cString: uri)))
    }
}

extension CServiceBox where Service == any SongService {
    /// `vct_song_service_new_for_uri`: a bad URI fails every reload.
    static func makeObject(uri: UnsafePointer<CChar>) -> OpaquePointer {
        makeObject(URISongService.service(uri: String(cString: uri)))
    }
}
