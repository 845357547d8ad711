import FoundationEssentials
import Synchronization

/// The photo table's view model (the original's `VCTableModel`): it fetches photos through
/// an injected `MyAPI`, turns them into `VCTableCellData`, and reports back through three
/// closures, each run later on the model's `GMainContext`, never inline.
///
/// ```swift
/// let model = VCTableModel.factoryInstance()
/// model.didUpdateNavigationTitle = { title in print(title) }
/// model.didReloadData = { items in print("\(items.count) photos") }
/// model.didError = { message in print(message) }
/// model.reloadData()          // then run the GMainLoop
/// ```
///
/// Rules, beyond the original's:
/// - A report whose closure is `nil` when it is delivered is skipped.
/// - Latest wins: a reload supersedes the one in flight, which is cancelled and whose
///   result (success or error) is never delivered.
/// - After an error the last good items stay (`items`, `numberOfItems`, `item(at:)`).
/// - Releasing the model cancels its request; nothing is delivered afterwards.
///
/// Every member is safe from any thread; the closures always run on the context's thread.
public final class VCTableModel: Sendable {
    /// A report as it is delivered on the context.
    enum Report: Sendable {
        case navigationTitle(String)
        /// The items, and what the companion (if any) made of them in the reload's task.
        case reloaded([VCTableCellData], companion: (any Sendable)?)
        case failed(VCTableError)
    }

    /// Builds, in a reload's background task, what a wrapper needs of the new items (the C
    /// bridge's `VctCellData` boxes), so that it is not built on the loop; handed back in
    /// the `.reloaded` report. Returns nil when there is nothing to build.
    typealias Companion = @Sendable ([VCTableCellData]) -> (any Sendable)?
    /// Where the navigation titles go instead of `didUpdateNavigationTitle` and the
    /// observers (the C face, which reports them itself): each title as it is made, on the
    /// calling thread, and whether a reload's start made it.
    typealias TitleSink = @Sendable (_ title: String, _ reloading: Bool) -> Void

    private struct State: Sendable, ReloadTracking {
        var didReloadData: (@Sendable ([VCTableCellData]) -> Void)?
        var didError: (@Sendable (String) -> Void)?
        var didUpdateNavigationTitle: (@Sendable (String) -> Void)?
        var items: [VCTableCellData] = []
        var lastError: VCTableError?
        var generation: UInt64 = 0
        var loading = false
        var invalidated = false
        var inFlight: Task<Void, Never>?
        var waiters: [Waiter] = []
        var observers: Observer?
        var nextObserver: UInt64 = 0
        var companion: Companion?
        var titleSink: TitleSink?
    }

    /// The observers of every delivered report (`addObserver(_:)`): an immutable list, newest
    /// first, so that a delivery's snapshot is one reference. Not an array: the first array
    /// of a non-standard element type instantiates `_ContiguousArrayStorage`'s metadata, and
    /// with it the runtime's demangler and every prespecialized array metadata accessor,
    /// about 0.5 MB of the Swift runtime's pages for a C program that makes one model
    /// (BENCHMARKS.md, "Loaded cost").
    private final class Observer: Sendable {
        let token: UInt64
        let observer: @Sendable (Report) -> Void
        let next: Observer?

        init(token: UInt64, observer: @escaping @Sendable (Report) -> Void, next: Observer?) {
            self.token = token
            self.observer = observer
            self.next = next
        }

        /// The list without `token`'s node (the nodes after it shared).
        func removing(_ token: UInt64) -> Observer? {
            if self.token == token { return next }
            let rest = next?.removing(token)
            return rest === next ? self : Observer(token: self.token, observer: observer, next: rest)
        }

        /// Runs every observer, oldest first.
        func deliver(_ report: Report) {
            next?.deliver(report)
            observer(report)
        }
    }

    /// The navigation title the screen starts with and returns to on every reload.
    public let title = "MVVM Table View Example"
    /// The `MyAPI` the model fetches through.
    public let manager: any MyAPI
    /// Where reports are delivered: the thread-default context when the model was made.
    public let scheduler: MainContextScheduler
    /// The rows as a list (one section of `PhotoCellViewModel`, kind "PhotoCellView"), with
    /// minimal changes: a reload that returns mostly the same photos (by id) reports only
    /// the differences; the first load is one insert of everything. Its changes are
    /// delivered just before `didReloadData`; selecting a row reports its title.
    ///
    /// Made on first use (this property, or the first reload, which reads it before any
    /// items exist): a model that is made and dropped, as a C program's often is, never
    /// runs the list toolkit's setup (its row kinds, identities and hashing), which paged
    /// in about 1 MB of the Swift runtime (BENCHMARKS.md, "Loaded cost").
    public var list: ListModel {
        lazyList.withLock { slot in
            if let list = slot.list { return list }
            // One section from the start, so the first load is one insert of every row.
            let made = try! ListModel(kinds: Self.rowKinds, sections: [ListSection(id: 0, rows: [])], scheduler: scheduler)
            slot.list = made
            return made
        }
    }
    /// `list` once made. A struct, not a `Mutex<ListModel?>`: a `Mutex`'s deinit destroys
    /// its value through the value's metadata, which a non-generic struct has statically
    /// and `Optional<ListModel>` instantiates at run time (BENCHMARKS.md, "Loaded cost").
    private struct ListSlot { var list: ListModel? }
    private let lazyList = Mutex(ListSlot())
    /// The model, held weakly: what its rows route selection to, and what posted reports
    /// deliver to (one shared box, so a report allocates no weak box of its own).
    /// Made on first use (the first reload or report): a model that is made and dropped
    /// then instantiates no generic class metadata (BENCHMARKS.md, "Loaded cost").
    private var rowOwner: WeakBox<VCTableModel> {
        lazyRowOwner.withLock { slot in
            if let box = slot.box { return box }
            let box = WeakBox(self)
            slot.box = box
            return box
        }
    }
    private struct RowOwnerSlot { var box: WeakBox<VCTableModel>? }
    private let lazyRowOwner = Mutex(RowOwnerSlot())

    /// The row kinds of `list`.
    public static let rowKinds: RowKindRegistry = {
        let kinds = RowKindRegistry()
        _ = try? kinds.register(PhotoCellViewModel.self)
        return kinds
    }()

    private let state = Mutex(State())

    /// A `reload()` caller waiting for the outcome of reload `generation`. A class, so that
    /// the state holds references: `CheckedContinuation` is a resilient generic type, and
    /// any code that moves one by value instantiates its metadata, which checks
    /// `any Error: Error` by a protocol conformance lookup (a scan of every loaded image's
    /// conformance records). With the continuation boxed, only `reload()` pays for that, not
    /// a C program's first model and unref (about 0.9 MB of RSS; BENCHMARKS.md, "Loaded cost").
    private final class Waiter: @unchecked Sendable {
        private let continuation: CheckedContinuation<[VCTableCellData], any Error>
        /// Set once, under the state's lock, by the `startReload` that registers the waiter;
        /// read only under that lock.
        var generation: UInt64 = 0

        init(_ continuation: CheckedContinuation<[VCTableCellData], any Error>) {
            self.continuation = continuation
        }

        // Not inlined: a caller that resumes in a loop would otherwise request the
        // continuation's metadata on entry, even with no waiter at all.
        @inline(never)
        func resume(with result: Result<[VCTableCellData], any Error>) {
            continuation.resume(with: result)
        }

        @inline(never)
        func cancel() {
            continuation.resume(throwing: CancellationError())
        }
    }

    /// A model fetching through `manager` and reporting on `scheduler` (by default the
    /// calling thread's thread-default `GMainContext`), the original's `initWithManager:`.
    public init(manager: any MyAPI, scheduler: MainContextScheduler = .threadDefault()) {
        self.manager = manager
        self.scheduler = scheduler
    }

    deinit {
        let (task, waiters) = state.withLock { state in
            (state.inFlight, state.waiters)
        }
        task?.cancel()
        for waiter in waiters { waiter.cancel() }
    }

    // MARK: Reports

    /// Called with the new items after a successful reload.
    public var didReloadData: (@Sendable ([VCTableCellData]) -> Void)? {
        get { state.withLock { $0.didReloadData } }
        set { state.withLock { $0.didReloadData = newValue } }
    }

    /// Called with "An Error Occurred\n\n" and a description after a failed reload.
    public var didError: (@Sendable (String) -> Void)? {
        get { state.withLock { $0.didError } }
        set { state.withLock { $0.didError = newValue } }
    }

    /// Called with the title to show: `title` when a reload starts, a cell's title when it is selected.
    public var didUpdateNavigationTitle: (@Sendable (String) -> Void)? {
        get { state.withLock { $0.didUpdateNavigationTitle } }
        set { state.withLock { $0.didUpdateNavigationTitle = newValue } }
    }

    /// The text `didError` receives for `error`: the original's "An Error Occured\n\n…" with
    /// its typo fixed, because users read this text and no program should match on a
    /// misspelling (match on `VCTableError.code` instead; PORTING.md, G13).
    public static func errorMessage(for error: VCTableError) -> String {
        "An Error Occurred\n\n" + error.message
    }

    // MARK: Items

    /// The last successfully loaded items (kept after an error).
    public var items: [VCTableCellData] { state.withLock { $0.items } }

    /// How many items there are, for a virtualized view.
    public var numberOfItems: Int { state.withLock { $0.items.count } }

    /// The item at `index`, or `nil` when out of range.
    public func item(at index: Int) -> VCTableCellData? {
        state.withLock { state in state.items.indices.contains(index) ? state.items[index] : nil }
    }

    /// The error of the last reload that failed, or `nil` once one succeeds.
    public var lastError: VCTableError? { state.withLock { $0.lastError } }

    /// Whether a reload is in flight.
    public var isLoading: Bool { state.withLock { $0.loading } }

    // MARK: Events

    /// Reloads: reports the title reset, fetches through `manager`, then reports the items
    /// or the error. Supersedes a reload in flight.
    public func reloadData() {
        startReload()
    }

    /// Reports the selected cell's title as the navigation title.
    public func userSelectedCell(_ cell: VCTableCellData) {
        reportTitle(cell.title, reloading: false)
    }

    /// Reloads and returns the new items, or throws the `VCTableError` that `didError`
    /// also reports. The closures run as for `reloadData()`. Throws `CancellationError`
    /// when a later reload supersedes this one, when the model is released, or when the
    /// calling task is cancelled (which cancels the request).
    public func reload() async throws -> [VCTableCellData] {
        // The waiter is registered in the same critical section that starts the reload: a
        // fast fetch completing before a later registration would otherwise be reported to
        // this caller as a CancellationError.
        final class Started: Sendable {
            let generation = Mutex<UInt64?>(nil)
        }
        let started = Started()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let generation = startReload(waiter: Waiter(continuation))
                started.generation.withLock { $0 = generation }
                // A cancellation that arrived before `generation` was known found nothing to cancel.
                if Task.isCancelled { cancel(generation: generation) }
            }
        } onCancel: {
            if let generation = started.generation.withLock({ $0 }) { cancel(generation: generation) }
        }
    }

    // MARK: Internals

    /// Stops the model for good (the C API's last unref): cancels the request in flight,
    /// resumes `reload()` waiters with `CancellationError`, drops the closures and
    /// observers, and makes every later report a no-op.
    func invalidate() {
        let (task, waiters) = state.withLock { state in
            state.invalidated = true
            state.generation &+= 1
            state.loading = false
            state.didReloadData = nil
            state.didError = nil
            state.didUpdateNavigationTitle = nil
            state.observers = nil
            defer {
                state.inFlight = nil
                state.waiters.removeAll()
            }
            return (state.inFlight, state.waiters)
        }
        task?.cancel()
        for waiter in waiters { waiter.cancel() }
    }

    /// Registers an observer of every delivered report (used by the C bridge and the
    /// list toolkit); it runs on the context after the matching closure. Returns a token
    /// for `removeObserver(_:)`.
    func addObserver(_ observer: @escaping @Sendable (Report) -> Void) -> UInt64 {
        state.withLock { state in
            state.nextObserver += 1
            state.observers = Observer(token: state.nextObserver, observer: observer, next: state.observers)
            return state.nextObserver
        }
    }

    /// Sends every later navigation title to `sink` instead of posting it as a report.
    func setTitleSink(_ sink: TitleSink?) {
        state.withLock { $0.titleSink = sink }
    }

    /// Reports a navigation title: posted, or to the title sink when one is set.
    private func reportTitle(_ title: String, reloading: Bool) {
        if let sink = state.withLock({ $0.titleSink }) {
            sink(title, reloading)
        } else {
            post(.navigationTitle(title))
        }
    }

    /// Sets the companion every later reload runs in its background task.
    func setCompanion(_ companion: Companion?) {
        state.withLock { $0.companion = companion }
    }

    func removeObserver(_ token: UInt64) {
        state.withLock { $0.observers = $0.observers?.removing(token) }
    }

    /// Starts a reload; `waiter` (from `reload()`) is resumed with its outcome.
    @discardableResult
    private func startReload(waiter: Waiter? = nil) -> UInt64 {
        let started = state.withLock { state -> (UInt64, Task<Void, Never>?, [Waiter], Companion?)? in
            if state.invalidated { return nil }
            state.generation &+= 1
            state.loading = true
            let superseded = state.inFlight
            state.inFlight = nil
            let stale = state.waiters
            state.waiters.removeAll()
            if let waiter {
                waiter.generation = state.generation
                state.waiters.append(waiter)
            }
            return (state.generation, superseded, stale, state.companion)
        }
        guard let (generation, superseded, stale, companion) = started else {
            waiter?.cancel()
            return 0
        }
        superseded?.cancel()
        for waiter in stale { waiter.cancel() }

        reportTitle(title, reloading: true)

        let manager = self.manager
        let scheduler = self.scheduler
        let list = self.list
        let owner = rowOwner
        let task = Reload.start(on: scheduler) {
            let items = try PhotoDecoder.decode(try await manager.getPhotos())
            try Task.checkCancellation()
            let rows = items.map { PhotoCellViewModel(cell: $0, sharedOwner: owner) as any RowViewModel }
            let update = try? list.prepareUpdate([ListSection(id: 0, rows: rows)])
            try Task.checkCancellation()
            return Loaded(items: items, update: update, companion: companion?(items))
        } deliver: { [weak self] outcome in
            self?.complete(generation, outcome)
        }
        if !state.withLock({ $0.adopt(task, for: generation) }) { task.cancel() }
        return generation
    }

    private func cancel(generation: UInt64) {
        let (task, waiters) = state.withLock { state -> (Task<Void, Never>?, [Waiter]) in
            guard state.generation == generation, state.loading else { return (nil, []) }
            let task = state.inFlight
            state.inFlight = nil
            state.loading = false
            let waiters = state.waiters.filter { $0.generation == generation }
            state.waiters.removeAll { $0.generation == generation }
            return (task, waiters)
        }
        task?.cancel()
        for waiter in waiters { waiter.cancel() }
    }

    /// A decoded reload: the items, the list change and the companion's value, all
    /// prepared off the loop.
    private struct Loaded: Sendable {
        var items: [VCTableCellData]
        var update: ListModel.PreparedUpdate?
        var companion: (any Sendable)?
    }

    /// On the context: delivers the outcome of reload `generation` unless a later one started.
    private func complete(_ generation: UInt64, _ loaded: Result<Loaded, VCTableError>) {
        let outcome = loaded.map(\.items)
        var replaced: [VCTableCellData] = []
        let waiters = state.withLock { state -> [Waiter]? in
            guard state.generation == generation, state.loading else { return nil }
            state.inFlight = nil
            state.loading = false
            switch outcome {
            case .success(let items):
                swap(&replaced, &state.items)
                state.items = items
                state.lastError = nil
            case .failure(let error):
                state.lastError = error
            }
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        guard let waiters else { return }
        switch loaded {
        case .success(let loaded):
            if let update = loaded.update { list.commit(update) }
            deliver(.reloaded(loaded.items, companion: loaded.companion))
        case .failure(let error):
            deliver(.failed(error))
        }
        for waiter in waiters { waiter.resume(with: outcome.mapError { $0 as any Error }) }
        releaseOffLoop(&replaced, replacingWith: [], count: replaced.count)
    }

    private func post(_ report: Report) {
        // The shared weak box, not `[weak self]`: a weak capture is boxed on the heap, one
        // more allocation per report.
        let owner = rowOwner
        scheduler.schedule { owner.value?.deliver(report) }
    }

    /// What `deliver` reads under the lock. A struct, not a tuple: closures returned in a
    /// tuple through `withLock`'s generic result are reabstracted one by one, a heap
    /// thunk each way for every closure that is set, on every report.
    private struct Delivery {
        var didReloadData: (@Sendable ([VCTableCellData]) -> Void)?
        var didError: (@Sendable (String) -> Void)?
        var didUpdateNavigationTitle: (@Sendable (String) -> Void)?
        var observers: Observer?
    }

    /// On the context: runs the report's closure as it is set now, then the observers.
    private func deliver(_ report: Report) {
        let delivery = state.withLock { state -> Delivery in
            if state.invalidated { return Delivery() }
            return Delivery(
                didReloadData: state.didReloadData, didError: state.didError,
                didUpdateNavigationTitle: state.didUpdateNavigationTitle, observers: state.observers)
        }
        switch report {
        case .navigationTitle(let text): delivery.didUpdateNavigationTitle?(text)
        case .reloaded(let items, _): delivery.didReloadData?(items)
        case .failed(let failure): delivery.didError?(Self.errorMessage(for: failure))
        }
        delivery.observers?.deliver(report)
    }
}
