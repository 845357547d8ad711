import FoundationEssentials

extension FeedViewModel {
    /// The environment variable naming the feeds URI the factory uses.
    public static let feedsURLEnvironmentVariable = "VCTABLE_FEEDS_URL"

    /// Assembles the wall with its default `FeedService`: the `http://`, `https://` or
    /// `file://` URI (or absolute path) in `VCTABLE_FEEDS_URL` when it is set and not
    /// empty, otherwise the feeds fixture bundled with VCTable (`feeds.json`), so the
    /// screen works offline (follows of a file feed always succeed).
    ///
    /// An unusable value is not a crash: reloads and follows fail with `.invalidURI` (or
    /// `.fileUnreadable` when the fixture cannot be found), naming the reason.
    public static func factoryInstance(
        scheduler: MainContextScheduler = .threadDefault(), timeZone: TimeZone = .current
    ) -> FeedViewModel {
        FeedViewModel(service: defaultService(), scheduler: scheduler, timeZone: timeZone)
    }

    /// The `FeedService` `factoryInstance()` uses, as the environment says now.
    public static func defaultService() -> any FeedService {
        URIFeedService.service(fromEnvironment: feedsURLEnvironmentVariable, orBundled: "feeds.json")
    }
}
