import FoundationEssentials
import Synchronization

/// The wall's view model: members and photos from a `FeedService`, grouped into one
/// section per day (`yyyy-MM-dd` in `timeZone`), newest day first; within a day the posts
/// keep the service's order.
///
/// ```swift
/// let feed = FeedViewModel.factoryInstance()
/// _ = feed.title.observe(fireNow: true) { title in window.title = title }
/// _ = feed.list.observeChanges { steps in apply(steps) }
/// _ = feed.openDetail.addHandler { photo in showDetail(photo) }
/// _ = feed.didError.addHandler { message in showAlert(message) }
/// feed.reload()                            // then run the GMainLoop
/// feed.list.pressRow(at: position)         // a member's follow button
/// ```
///
/// The screen's state is in `Observable`s and its events in `EventEmitter`s, all notifying
/// later on `scheduler`, never inline:
/// - `title` is "Loading..." while a fetch runs (every reload), then "Your Feeds" once it
///   ends, with data or with an error;
/// - `isLoading` is true while a fetch runs; `isListHidden` is true until data first
///   arrived, and stays false afterwards: the last good rows stay visible during a reload;
/// - `list` holds the rows (`MemberRowViewModel`, `PhotoRowViewModel`, and whatever
///   `rowFactories` adds) under `DayHeaderViewModel` headers; a reload reports only the
///   differences, and keeps the follow state of members it already showed;
/// - pressing a member row follows the member; selecting or pressing a photo row calls its
///   `cellPressed` (`ViewModelPressible`), which the standard factory sets to report
///   `openDetail`; a failed reload or follow reports `didError`.
///
/// Latest wins: a reload supersedes the one in flight, which is cancelled and whose
/// outcome is never delivered; after an error the last good rows stay. Every member is
/// safe from any thread.
public final class FeedViewModel: Sendable {
    /// The title while a fetch runs.
    public static let loadingTitle = "Loading..."
    /// The title once a fetch ended (with data or with an error).
    public static let loadedTitle = "Your Feeds"

    private struct State: Sendable, ReloadTracking {
        var generation: UInt64 = 0
        var loading = false
        var inFlight: Task<Void, Never>?
        var lastError: VCTableError?
    }

    /// What the entries were fetched through, and follows go through.
    public let service: any FeedService
    /// Where every notification runs.
    public let scheduler: any Scheduler
    /// The time zone days and times are shown in.
    public let timeZone: TimeZone
    /// Which entry types become which rows.
    public let rowFactories: FeedRowFactories

    /// The screen title: "Loading..." while a fetch runs (set by every `reload()`), then
    /// "Your Feeds" once it ended, with data or with an error.
    public let title: Observable<String>
    /// Whether a fetch is running (for a spinner).
    public let isLoading: Observable<Bool>
    /// Whether the list should be hidden: true until the first successful fetch, then false
    /// for good (a reload leaves the last good rows visible).
    public let isListHidden: Observable<Bool>
    /// The rows, one section per day (section id and header title: the day, `yyyy-MM-dd`).
    public let list: ListModel
    /// "An Error Occurred\n\n" and a description, after a failed reload or follow.
    public let didError: EventEmitter<String>
    /// A photo row was selected or pressed: show that photo's detail.
    public let openDetail: EventEmitter<FeedPhoto>

    private let follower: FeedFollower
    private let state = Mutex(State())

    /// A feed loading through `service` and notifying on `scheduler` (by default the
    /// calling thread's thread-default `GMainContext`), showing days in `timeZone`, making
    /// rows with `rowFactories` (by default members and photos).
    public init(
        service: any FeedService,
        scheduler: any Scheduler = MainContextScheduler.threadDefault(),
        timeZone: TimeZone = .current,
        rowFactories: FeedRowFactories = .standard()
    ) {
        self.service = service
        self.scheduler = scheduler
        self.timeZone = timeZone
        self.rowFactories = rowFactories
        title = Observable(Self.loadingTitle, scheduler: scheduler)
        isLoading = Observable(false, scheduler: scheduler)
        isListHidden = Observable(true, scheduler: scheduler)
        list = try! ListModel(kinds: rowFactories.kinds, scheduler: scheduler)
        didError = EventEmitter(scheduler: scheduler)
        openDetail = EventEmitter(scheduler: scheduler)
        follower = FeedFollower(service: service, didError: didError)
    }

    deinit {
        state.withLock { $0.inFlight }?.cancel()
        follower.close()
    }

    /// The text `didError` receives for `error` (as `VCTableModel`'s).
    public static func errorMessage(for error: VCTableError) -> String {
        VCTableModel.errorMessage(for: error)
    }

    /// The error of the last reload that failed, or `nil` once one succeeds.
    public var lastError: VCTableError? { state.withLock { $0.lastError } }

    /// Fetches the feeds and shows them; supersedes a reload in flight. Sets `isLoading` and
    /// the "Loading..." title at once (the original's `start()`); the rows already shown
    /// stay visible until the new ones replace them.
    public func reload() {
        let (generation, superseded) = state.withLock { $0.begin() }
        superseded?.cancel()
        isLoading.value = true
        title.value = Self.loadingTitle

        let service = self.service
        let list = self.list
        let factories = rowFactories.snapshot()
        let context = FeedRowContext(
            scheduler: scheduler, timeZone: timeZone, previousSections: list.sections,
            follower: follower, openDetail: openDetail)
        let scheduler = self.scheduler
        let task = Reload.start(on: scheduler) {
            let data = try await service.getFeeds()
            try Task.checkCancellation()
            let items = try FeedDecoder.decode(data, types: Set(factories.keys))
            let sections = try Self.sections(of: items, factories: factories, context: context)
            try Task.checkCancellation()
            return Prepared(update: try list.prepareUpdate(sections), afterCommit: context.afterCommit)
        } deliver: { [weak self] outcome in
            self?.complete(generation, outcome)
        }
        if !state.withLock({ $0.adopt(task, for: generation) }) { task.cancel() }
    }

    /// The rows of `items`, in day sections, newest day first; within a day the rows keep
    /// the service's order (the original's `buildViewModels` sorts the days only).
    static func sections(
        of items: [FeedItem], factories: [String: FeedRowFactories.Factory], context: FeedRowContext
    ) throws -> [ListSection] {
        var days: [(date: Date, section: ListSection)] = []
        var dayIndex: [String: Int] = [:]
        for item in items {
            guard let factory = factories[item.type] else { continue }
            let row = try factory(item, context)
            let day = FeedDates.day(of: item.date, in: context.timeZone)
            if let index = dayIndex[day] {
                days[index].section.rows.append(row)
            } else {
                dayIndex[day] = days.count
                days.append((item.date, ListSection(id: Identity(day), header: DayHeaderViewModel(day: day), rows: [row])))
            }
        }
        // Days do not overlap, so any post of a day dates the whole day.
        return days.sorted { $0.date > $1.date }.map(\.section)
    }

    /// A fetched reload: the list change prepared off the loop, and what to do once it is shown.
    private struct Prepared: Sendable {
        var update: ListModel.PreparedUpdate
        var afterCommit: FeedCommitActions
    }

    /// On the scheduler: shows the outcome of reload `generation` unless a later one started.
    private func complete(_ generation: UInt64, _ outcome: Result<Prepared, VCTableError>) {
        guard state.withLock({ $0.end(generation, with: outcome) }) else { return }
        if case .success(let prepared) = outcome {
            list.commit(prepared.update)
            prepared.afterCommit.run()
            isListHidden.value = false
            // A handler of the list's changes (a C view's `changes-done`) may have started
            // another reload: that one is loading now, under its own title.
            guard state.withLock({ $0.generation == generation }) else { return }
        }
        title.value = Self.loadedTitle
        isLoading.value = false
        if case .failure(let error) = outcome { didError.emit(Self.errorMessage(for: error)) }
    }
}
