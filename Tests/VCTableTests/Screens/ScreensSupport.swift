// Helpers of the screens' tests (the wall and the song picker). Every type here starts
// with `Screens` so that nothing collides with the other test files of the target; the
// list toolkit's helpers (`ToolkitRecorder`, `ToolkitMirror`, …) and the loop drivers of
// Support/ (`TestContext`, `ChangeSignal`, `offPool`) are reused as they are.
import Foundation
import Glibc
import Synchronization
@testable import VCTable

// MARK: - Documents

/// Feed documents written by hand, so decoding is tested against literal JSON.
enum ScreensFeedJSON {
    static func member(_ id: Int, name: String? = nil, date: String, following: Bool? = false) -> String {
        let following = following.map { ", \"following\": \($0)" } ?? ""
        return "{\"type\": \"member\", \"id\": \(id), \"name\": \"\(name ?? "member \(id)")\", "
            + "\"avatarUrl\": \"https://example.com/avatars/\(id).png\", \"date\": \"\(date)\"\(following)}"
    }

    static func photo(_ id: Int, title: String? = nil, date: String) -> String {
        "{\"date\": \"\(date)\", \"type\": \"photo\", \"id\": \(id), \"title\": \"\(title ?? "photo \(id)")\", "
            + "\"description\": \"about \(id)\", \"imageUrl\": \"https://example.com/photos/\(id).png\"}"
    }

    static func place(_ id: Int, name: String, date: String) -> String {
        "{\"type\": \"place\", \"id\": \(id), \"name\": \"\(name)\", \"date\": \"\(date)\"}"
    }

    static func document(_ entries: [String]) -> Data {
        Data(("[" + entries.joined(separator: ",\n ") + "]").utf8)
    }
}

/// Song documents written by hand.
enum ScreensSongJSON {
    static func song(_ id: Int, title: String? = nil, duration: Int? = nil) -> String {
        "{\"id\": \(id), \"title\": \"\(title ?? "song \(id)")\", \"subtitle\": \"sub \(id)\", \"duration\": \(duration ?? 60 * id + 5)}"
    }

    static func document(_ ids: [Int]) -> Data {
        Data(("[" + ids.map { song($0) }.joined(separator: ",") + "]").utf8)
    }

    static func songs(_ ids: [Int]) -> [Song] {
        ids.map { Song(id: $0, title: "song \($0)", subtitle: "sub \($0)", duration: .seconds(60 * $0 + 5)) }
    }
}

// MARK: - Gated calls

/// Calls that suspend until the test resolves them, one by one, recording cancellations.
/// Every event wakes `context`, so `iterate(until:)` re-checks its condition.
final class ScreensGate<Value: Sendable>: Sendable {
    private struct Call {
        var continuation: CheckedContinuation<Value, any Error>?
        var pending: Result<Value, any Error>?
        var cancelled = false
    }

    private let calls = Mutex<[Call]>([])
    private let signal: ChangeSignal

    init(waking context: TestContext? = nil) {
        signal = ChangeSignal(waking: context)
    }

    var count: Int { calls.withLock { $0.count } }
    func isCancelled(_ index: Int) -> Bool { calls.withLock { $0.indices.contains(index) && $0[index].cancelled } }

    /// Suspends until `resolve(_:_:)` for this call; throws `CancellationError` when the task is cancelled.
    func enter() async throws -> Value {
        let index = signal.notify {
            calls.withLock { calls in
                calls.append(Call())
                return calls.count - 1
            }
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready = calls.withLock { calls -> Result<Value, any Error>? in
                    if let pending = calls[index].pending { return pending }
                    calls[index].continuation = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            let continuation = signal.notify {
                calls.withLock { calls -> CheckedContinuation<Value, any Error>? in
                    calls[index].cancelled = true
                    defer { calls[index].continuation = nil }
                    if calls[index].continuation == nil, calls[index].pending == nil {
                        calls[index].pending = .failure(CancellationError())
                    }
                    return calls[index].continuation
                }
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// Completes call `index` with `result` (once).
    func resolve(_ index: Int, _ result: Result<Value, any Error>) {
        let continuation = calls.withLock { calls -> CheckedContinuation<Value, any Error>? in
            defer { calls[index].continuation = nil }
            if calls[index].continuation == nil, calls[index].pending == nil { calls[index].pending = result }
            return calls[index].continuation
        }
        continuation?.resume(with: result)
    }
}

// MARK: - Services

/// A `FeedService` whose document the test sets, whose follows succeed, fail or wait for
/// the test, and which records every call. With `gatedFeeds`, fetches wait for the test.
final class ScreensFeedService: FeedService {
    enum FollowBehaviour: Sendable {
        case succeed
        case fail(VCTableError)
        case gate
    }

    private struct State {
        var feeds: Result<Data, VCTableError> = .success(Data("[]".utf8))
        var follow: FollowBehaviour = .succeed
        var feedCalls = 0
        var followCalls: [Int] = []
    }

    private let state = Mutex(State())
    private let signal: ChangeSignal
    private let gatedFeeds: Bool
    let feedGate: ScreensGate<Data>
    let followGate: ScreensGate<Void>

    init(context: TestContext? = nil, gatedFeeds: Bool = false) {
        signal = ChangeSignal(waking: context)
        self.gatedFeeds = gatedFeeds
        feedGate = ScreensGate(waking: context)
        followGate = ScreensGate(waking: context)
    }

    func setFeeds(_ entries: [String]) { state.withLock { $0.feeds = .success(ScreensFeedJSON.document(entries)) } }
    func setFeeds(_ result: Result<Data, VCTableError>) { state.withLock { $0.feeds = result } }
    func setFollow(_ behaviour: FollowBehaviour) { state.withLock { $0.follow = behaviour } }

    var feedCallCount: Int { state.withLock { $0.feedCalls } }
    var followCalls: [Int] { state.withLock { $0.followCalls } }

    func getFeeds() async throws -> Data {
        let feeds = signal.notify {
            state.withLock { state in
                state.feedCalls += 1
                return state.feeds
            }
        }
        if gatedFeeds { return try await feedGate.enter() }
        return try feeds.get()
    }

    func followMember(id: Int) async throws {
        let behaviour = signal.notify {
            state.withLock { state in
                state.followCalls.append(id)
                return state.follow
            }
        }
        switch behaviour {
        case .succeed: return
        case .fail(let error): throw error
        case .gate: try await followGate.enter()
        }
    }
}

/// A `SongService` returning the document the test sets.
final class ScreensSongService: SongService {
    private let songs = Mutex<Result<Data, VCTableError>>(.success(Data("[]".utf8)))
    private let calls = Atomic<Int>(0)

    init(_ result: Result<Data, VCTableError> = .success(Data("[]".utf8))) {
        songs.withLock { $0 = result }
    }

    func set(_ result: Result<Data, VCTableError>) { songs.withLock { $0 = result } }
    var callCount: Int { calls.load(ordering: .relaxed) }

    func getSongs() async throws -> Data {
        calls.wrappingAdd(1, ordering: .relaxed)
        return try songs.withLock { $0 }.get()
    }
}

// MARK: - A third row kind

/// The "place" row the tests add to the wall through `FeedRowFactories` alone (kind
/// `"PlaceRowView"`, given explicitly: the type's own name would make it
/// `"ScreensPlaceRowView"`), proving a new kind needs no change to `FeedViewModel`.
struct ScreensPlaceRowViewModel: RowViewModel {
    let id: Int
    let name: String

    init(item: FeedItem) throws(VCTableError) {
        id = try item.integer("id")
        name = try item.string("name")
    }

    var diffIdentifier: Identity { Identity("place-\(id)") }
    var propertyNames: [String] { ["name"] }
    func property(_ name: String) -> PropertyValue? { name == "name" ? .string(self.name) : nil }
}

extension FeedRowFactories {
    /// The standard factories plus "place".
    static func screensWithPlaces() -> FeedRowFactories {
        let factories = FeedRowFactories.standard()
        try! factories.register("place", rowType: ScreensPlaceRowViewModel.self, kind: "PlaceRowView") { item, _ in
            try ScreensPlaceRowViewModel(item: item)
        }
        return factories
    }
}

// MARK: - A wall under test

/// A feed on a private context with everything it reports recorded, in order, as text:
/// "title:…", "loading:…", "hidden:…", "list", "error:…", "detail:<id>".
final class ScreensFeedHarness: Sendable {
    static let utc = TimeZone(identifier: "UTC")!

    let context: TestContext
    let service: any FeedService
    let feed: FeedViewModel
    let events = ToolkitRecorder<String>()
    let batches = ToolkitRecorder<[ListChange]>()
    let errors = ToolkitRecorder<String>()
    let details = ToolkitRecorder<FeedPhoto>()
    let mirror: ToolkitMirror
    private let subscriptions = CompositeDisposable()

    init(
        context: TestContext = TestContext(), service: any FeedService,
        timeZone: TimeZone = utc, rowFactories: FeedRowFactories = .standard()
    ) {
        self.context = context
        self.service = service
        feed = FeedViewModel(service: service, scheduler: context.scheduler, timeZone: timeZone, rowFactories: rowFactories)
        mirror = ToolkitMirror(feed.list)
        let events = self.events, batches = self.batches, errors = self.errors, details = self.details
        subscriptions.add(feed.title.observe { events.append("title:\($0)") })
        subscriptions.add(feed.isLoading.observe { events.append("loading:\($0)") })
        subscriptions.add(feed.isListHidden.observe { events.append("hidden:\($0)") })
        subscriptions.add(feed.list.observeChanges { steps in
            batches.append(steps)
            events.append("list")
        })
        subscriptions.add(feed.didError.addHandler { message in
            errors.append(message)
            events.append("error:\(message)")
        })
        subscriptions.add(feed.openDetail.addHandler { photo in
            details.append(photo)
            events.append("detail:\(photo.id)")
        })
    }

    /// A wall over a `ScreensFeedService` serving `entries`.
    convenience init(entries: [String], timeZone: TimeZone = utc, rowFactories: FeedRowFactories = .standard()) {
        let context = TestContext()
        let service = ScreensFeedService(context: context)
        service.setFeeds(entries)
        self.init(context: context, service: service, timeZone: timeZone, rowFactories: rowFactories)
    }

    deinit { subscriptions.dispose() }

    /// Reloads and runs the context until the reload was delivered and everything it
    /// queued has run.
    @discardableResult
    func load() async -> Bool {
        let before = events.values.filter { $0 == "loading:false" }.count
        feed.reload()
        let events = self.events
        let done = await context.screensIterate(until: { events.values.filter { $0 == "loading:false" }.count > before })
        return await context.screensDrain() && done
    }

    /// Runs everything queued on the context now, and what that queues in turn, a few
    /// hops deep (a state change notifies the list, whose batch is queued behind it; a
    /// reload's delivery changes states that notify the list in turn).
    @discardableResult
    func drain() async -> Bool {
        var drained = true
        for _ in 0..<4 { drained = await context.screensDrain() && drained }
        return drained
    }

    /// Whether the view (the mirror) was told everything: its copy matches what the list's
    /// rows show now, follow states included.
    var isSettled: Bool {
        mirror.copy == ToolkitSectionSnapshot.of(feed.list.sections)
    }

    /// Runs the context until the view was told every change made so far.
    @discardableResult
    func settle() async -> Bool {
        let settled = await context.screensIterate(until: { self.isSettled })
        return await drain() && settled
    }

    /// The sections' ids and, per section, the rows' identities.
    var layout: [String] {
        feed.list.sections.map { section in
            "\(section.id): " + section.rows.map { $0.diffIdentifier.description }.joined(separator: " ")
        }
    }

    /// Where the row with `identity` is, if shown.
    func position(of identity: Identity) -> RowIndex? {
        for (sectionIndex, section) in feed.list.sections.enumerated() {
            if let index = section.rows.firstIndex(where: { $0.diffIdentifier == identity }) {
                return RowIndex(section: sectionIndex, index: index)
            }
        }
        return nil
    }

    /// The shown row of member `id`.
    func member(_ id: Int) -> MemberRowViewModel? {
        position(of: MemberRowViewModel.identity(ofMember: id)).flatMap { feed.list.row(at: $0) as? MemberRowViewModel }
    }

    func followState(_ id: Int) -> String? {
        member(id)?.property("followState")?.stringValue
    }
}

extension TestContext {
    /// How long the screens' tests wait for a condition: generous, so a loaded machine
    /// slows them down instead of failing them; a passing test never waits that long.
    static let screensTimeout = Duration.seconds(30)

    /// `iterate(until:)` with the screens' timeout.
    func screensIterate(until condition: @escaping @Sendable () -> Bool) async -> Bool {
        await iterate(until: condition, timeout: Self.screensTimeout)
    }

    /// `drain()` with the screens' timeout.
    func screensDrain() async -> Bool {
        await drain(timeout: Self.screensTimeout)
    }
}

/// Sets the environment variable `name` (nil unsets it) for the duration of `body`, then
/// restores it. The environment is process-global: only the serialized screens factory
/// suite touches these variables.
func withScreensEnvironment<T>(_ name: String, _ value: String?, _ body: () async throws -> T) async rethrows -> T {
    let saved = ProcessInfo.processInfo.environment[name]
    if let value { setenv(name, value, 1) } else { unsetenv(name) }
    defer {
        if let saved { setenv(name, saved, 1) } else { unsetenv(name) }
    }
    return try await body()
}

extension ScreensFeedHarness {
    /// The `ScreensFeedService` the harness was made with.
    var screensService: ScreensFeedService { service as! ScreensFeedService }
}
