import FoundationEssentials

/// A `MyAPI`, `SongService` and `FeedService` whose every call fails with one error: what
/// stands in for a live one whose URI or bundled fixture is unusable (`URIDocumentSource`),
/// so the screen shows the reason instead of crashing.
struct FailingService: MyAPI, SongService, FeedService {
    let error: VCTableError

    func getPhotos() async throws -> Data { throw error }
    func getSongs() async throws -> Data { throw error }
    func getFeeds() async throws -> Data { throw error }
    func followMember(id: Int) async throws { throw error }
}
