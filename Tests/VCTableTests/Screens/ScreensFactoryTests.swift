import Foundation
import Testing
@testable import VCTable

@Suite("Screens: factoryInstance() with and without VCTABLE_FEEDS_URL / VCTABLE_SONGS_URL", .serialized)
struct ScreensFactoryTests {
    static let feedsVariable = FeedViewModel.feedsURLEnvironmentVariable
    static let songsVariable = SongPickerViewModel.songsURLEnvironmentVariable

    /// Reloads `feed` and runs `context` until the reload was delivered.
    static func load(_ feed: FeedViewModel, _ context: TestContext) async -> (loaded: Bool, errors: [String]) {
        let errors = ToolkitRecorder<String>()
        let subscription = feed.didError.addHandler { errors.append($0) }
        defer { subscription.dispose() }
        let done = ToolkitRecorder<Bool>()
        let loading = feed.isLoading.observe { if !$0 { done.append(true) } }
        defer { loading.dispose() }
        feed.reload()
        let loaded = await context.screensIterate(until: { done.count > 0 })
        _ = await context.screensDrain()
        _ = await context.screensDrain()
        return (loaded, errors.values)
    }

    /// Reloads `picker` and runs `context` until the reload was delivered.
    static func load(_ picker: SongPickerViewModel, _ context: TestContext) async -> (loaded: Bool, errors: [String]) {
        let errors = ToolkitRecorder<String>()
        let subscription = picker.didError.addHandler { errors.append($0) }
        defer { subscription.dispose() }
        let done = ToolkitRecorder<Bool>()
        let loading = picker.isLoading.observe { if !$0 { done.append(true) } }
        defer { loading.dispose() }
        picker.reload()
        let loaded = await context.screensIterate(until: { done.count > 0 })
        _ = await context.screensDrain()
        return (loaded, errors.values)
    }

    @Test("The variables' names")
    func names() {
        #expect(Self.feedsVariable == "VCTABLE_FEEDS_URL")
        #expect(Self.songsVariable == "VCTABLE_SONGS_URL")
    }

    @Test("Without VCTABLE_FEEDS_URL (unset or empty) the bundled wall loads: 40 entries over 5 days, 2 members followed",
          arguments: [nil, ""] as [String?])
    func bundledFeeds(_ value: String?) async throws {
        try await withScreensEnvironment(Self.feedsVariable, value) {
            let context = TestContext()
            let feed = FeedViewModel.factoryInstance(scheduler: context.scheduler, timeZone: ScreensFeedHarness.utc)
            let service = try #require(feed.service as? URIFeedService)
            // Compiled into the library (BundledFixture), not read from a file beside it.
            #expect(service.feedsURI == "resource:///org/vctable/VCTable/feeds.json")
            let (loaded, errors) = await Self.load(feed, context)
            #expect(loaded)
            #expect(errors == [])
            let sections = feed.list.sections
            #expect(sections.map(\.id.description) == ["2026-11-20", "2026-11-19", "2026-11-18", "2026-11-17", "2026-11-16"])
            #expect(sections.map(\.rows.count) == [8, 8, 8, 8, 8])
            let rows = sections.flatMap(\.rows)
            let members = rows.compactMap { $0 as? MemberRowViewModel }
            #expect(members.count == 16)
            #expect(rows.count { $0 is PhotoRowViewModel } == 24)
            #expect(members.filter { $0.followState.value == .checked }.map(\.member.id).sorted() == [3, 16])
            // The avatars and photos are images compiled into the library, one avatar per
            // member name (scripts/make-fixture-images.py).
            let images = "resource:///org/vctable/VCTable/images/"
            #expect(members.allSatisfy { $0.member.avatarUrl.hasPrefix(images + "avatars/") && resourceSize($0.member.avatarUrl) > 0 })
            #expect(Set(members.map(\.member.avatarUrl)).count == Set(members.map(\.member.name)).count)
            let photos = rows.compactMap { $0 as? PhotoRowViewModel }
            #expect(photos.allSatisfy { $0.photo.imageUrl.hasPrefix(images + "photos/") && resourceSize($0.photo.imageUrl) > 0 })
            #expect(feed.title.value == "Your Feeds")
            #expect(!feed.isListHidden.value)

            // Offline, following always succeeds.
            let member = try #require(members.first { $0.followState.value == .normal })
            member.userPressed()
            #expect(await context.screensIterate(until: { member.followState.value == .checked }))
        }
    }

    @Test("VCTABLE_FEEDS_URL set to a server URL loads from it, and follows go to that server")
    func feedsFromServer() async throws {
        let document = ScreensFeedJSON.document([ScreensFeedJSON.member(4, date: "2026-11-20T10:00:00Z")])
        let server = try LoopbackHTTPServer([
            "/v1/feeds.json": .respond(body: Array(document)),
            "/v1/members/4/follow": .respond(body: []),
        ])
        defer { server.stop() }
        try await withScreensEnvironment(Self.feedsVariable, server.url("/v1/feeds.json")) {
            let context = TestContext()
            let feed = FeedViewModel.factoryInstance(scheduler: context.scheduler)
            #expect((feed.service as? URIFeedService)?.feedsURI == server.url("/v1/feeds.json"))
            #expect(await Self.load(feed, context) == (true, []))
            let member = try #require(feed.list.row(at: RowIndex(section: 0, index: 0)) as? MemberRowViewModel)
            #expect(feed.list.pressRow(at: RowIndex(section: 0, index: 0)))
            #expect(await context.screensIterate(until: { member.followState.value == .checked }))
            #expect(server.requests(for: "/v1/feeds.json") == 1)
            #expect(server.requests(for: "/v1/members/4/follow") == 1)
        }
    }

    @Test("VCTABLE_FEEDS_URL and VCTABLE_SONGS_URL set to a file path load that file")
    func filePaths() async throws {
        let feeds = try TemporaryFile(contents: ScreensFeedJSON.document([ScreensFeedJSON.photo(2, date: "2026-11-20T10:00:00Z")]))
        let songs = try TemporaryFile(contents: ScreensSongJSON.document([5, 6]))
        defer {
            feeds.remove()
            songs.remove()
        }
        await withScreensEnvironment(Self.feedsVariable, feeds.path) {
            let context = TestContext()
            let feed = FeedViewModel.factoryInstance(scheduler: context.scheduler)
            #expect(await Self.load(feed, context) == (true, []))
            #expect(feed.list.row(at: RowIndex(section: 0, index: 0))?.property("title") == .string("photo 2"))
        }
        await withScreensEnvironment(Self.songsVariable, songs.path) {
            let context = TestContext()
            let picker = SongPickerViewModel.factoryInstance(scheduler: context.scheduler)
            #expect(await Self.load(picker, context) == (true, []))
            #expect(picker.songs.map(\.id) == [5, 6])
        }
    }

    @Test("An unusable variable is reported through didError as .invalidURI, not a crash", arguments: ["ftp://nope", "feeds.json"])
    func invalid(_ value: String) async throws {
        try await withScreensEnvironment(Self.feedsVariable, value) {
            let context = TestContext()
            let feed = FeedViewModel.factoryInstance(scheduler: context.scheduler)
            let (loaded, errors) = await Self.load(feed, context)
            #expect(loaded)
            #expect(feed.lastError?.code == .invalidURI)
            let message = try #require(errors.first)
            #expect(message.hasPrefix("An Error Occurred\n\nVCTABLE_FEEDS_URL is \"\(value)\": "))
            #expect(feed.isListHidden.value)
        }
        await withScreensEnvironment(Self.songsVariable, value) {
            let context = TestContext()
            let picker = SongPickerViewModel.factoryInstance(scheduler: context.scheduler)
            let (loaded, errors) = await Self.load(picker, context)
            #expect(loaded)
            #expect(picker.lastError?.code == .invalidURI)
            #expect(errors.first?.hasPrefix("An Error Occurred\n\nVCTABLE_SONGS_URL is \"\(value)\": ") == true)
        }
    }

    @Test("Without VCTABLE_SONGS_URL (unset or empty) the bundled 12 songs load", arguments: [nil, ""] as [String?])
    func bundledSongs(_ value: String?) async throws {
        try await withScreensEnvironment(Self.songsVariable, value) {
            let context = TestContext()
            let picker = SongPickerViewModel.factoryInstance(scheduler: context.scheduler)
            let service = try #require(picker.service as? URISongService)
            #expect(service.uri.hasSuffix("/songs.json"))
            #expect(await Self.load(picker, context) == (true, []))
            #expect(picker.songs.count == 12)
            #expect(picker.songs.map(\.id) == Array(1...12))
            #expect(picker.songs.allSatisfy { !$0.title.isEmpty && !$0.subtitle.isEmpty && $0.duration > .zero })
            #expect(picker.list.row(at: RowIndex(section: 0, index: 0))?.property("duration") == .string("14:54"))
        }
    }

    @Test("VCTABLE_SONGS_URL set to a server URL loads from it")
    func songsFromServer() async throws {
        let server = try LoopbackHTTPServer(["/songs": .respond(body: Array(ScreensSongJSON.document([7, 8, 9])))])
        defer { server.stop() }
        await withScreensEnvironment(Self.songsVariable, server.url("/songs")) {
            let context = TestContext()
            let picker = SongPickerViewModel.factoryInstance(scheduler: context.scheduler)
            #expect(await Self.load(picker, context) == (true, []))
            #expect(picker.songs == ScreensSongJSON.songs([7, 8, 9]))
            #expect(server.requests(for: "/songs") == 1)
        }
    }
}
