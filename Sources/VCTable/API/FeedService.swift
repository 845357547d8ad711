import FoundationEssentials

/// The dependency a `FeedViewModel` loads the wall through and follows members with
/// (the feed app's service), injected the way `MyAPI` is.
///
/// `getFeeds()` returns the raw body, a JSON array of feed items; the view model decodes
/// it off its loop, so every implementation gets the same validation and the same errors.
///
/// ```swift
/// struct FixedFeeds: FeedService {
///     func getFeeds() async throws -> Data {
///         Data(#"[{"type":"member","id":7,"name":"Ada","avatarUrl":"a.png","date":"2026-11-20T09:15:00Z"}]"#.utf8)
///     }
///     func followMember(id: Int) async throws {}
/// }
/// let feed = FeedViewModel(service: FixedFeeds())
/// ```
///
/// Implementations should stop early and throw `CancellationError` when the calling task
/// is cancelled (a newer reload supersedes this one). Throw a `VCTableError` to choose the
/// error code; any other error is reported as `.failed` with its description.
public protocol FeedService: Sendable {
    /// Fetches the feeds document.
    func getFeeds() async throws -> Data
    /// Follows the member with identifier `id`; returns once the service accepted it.
    func followMember(id: Int) async throws
}
