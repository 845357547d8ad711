import Foundation
import Synchronization

/// The meditation song picker's view model: pick songs, then listen to them.
///
/// ```swift
/// let picker = SongPickerViewModel.factoryInstance()
/// _ = picker.title.observe(fireNow: true) { title in window.title = title }
/// _ = picker.isButtonEnabled.observe(fireNow: true) { enabled in button.enabled = enabled }
/// _ = picker.list.observeChanges { steps in apply(steps) }
/// picker.reload()                          // then run the GMainLoop
/// picker.list.selectRow(at: position)      // toggles a song
/// picker.start()                           // "START MEDITATION SESSION"
/// ```
///
/// The rules:
/// - `picking` ("Pick meditation song"): selecting a row toggles its song; the button
///   ("START MEDITATION SESSION") is enabled only while a song is selected; `start()`
///   begins listening; `back()` reports `didDismiss`.
/// - `listening` ("Player"): only the selected songs stay in the list (the others are
///   hidden: removed through the changeset), the first playing and the others playable.
///   Selecting a playable song plays it (the one playing becomes playable); `next()` and
///   `previous()` move through the session's songs (and do nothing past either end);
///   `finishSong()` (the playing song ended) plays the next one, or after the last one
///   moves to `finished`.
/// - `finished` ("Player"): the session's songs, none playing.
/// - `back()` from `listening` or `finished` returns to `picking` with the selection kept.
///
/// A reload that succeeds shows the new songs and returns to `picking`, keeping the
/// selection of songs still present. Each row's `mode` changes in place (one `rowUpdated`
/// when it actually changed). Notifications run later on `scheduler`, never inline; every
/// member is safe from any thread.
public final class SongPickerViewModel: Sendable {
    /// The title of the picking screen.
    public static let pickingTitle = "Pick meditation song"
    /// The title of the player screen (listening and finished).
    public static let playerTitle = "Player"
    /// The picking screen's button.
    public static let startButtonTitle = "START MEDITATION SESSION"

    /// The row kinds of `list`: `SongRowViewModel` as `"SongRowView"`.
    public static let rowKinds: RowKindRegistry = {
        let kinds = RowKindRegistry()
        _ = try? kinds.register(SongRowViewModel.self)
        return kinds
    }()

    private struct Storage: Sendable, ReloadTracking {
        /// Every song's row, in list order.
        var rows: [SongRowViewModel] = []
        /// The selected songs' ids.
        var selected: Set<Int> = []
        var screen: SongPickerState = .picking
        /// The session's song ids, in list order (while listening or finished).
        var session: [Int] = []
        /// The position in `session` of the song playing.
        var playing: Int?
        var generation: UInt64 = 0
        var loading = false
        var inFlight: Task<Void, Never>?
        var lastError: VCTableError?

        func mode(of id: Int) -> SongMode {
            switch screen {
            case .picking:
                return .picking(selected: selected.contains(id))
            case .listening, .finished:
                guard let position = session.firstIndex(of: id) else { return .listening(.hidden) }
                return .listening(position == playing ? .playing : .playable)
            }
        }
    }

    /// What the songs are fetched through.
    public let service: any SongService
    /// Where every notification runs.
    public let scheduler: any Scheduler

    /// The screen: picking, listening or finished.
    public let state: Observable<SongPickerState>
    /// "Pick meditation song" while picking, "Player" while listening or finished.
    public let title: Observable<String>
    /// The picking screen's button title, "START MEDITATION SESSION".
    public let buttonTitle = SongPickerViewModel.startButtonTitle
    /// Whether the button can be pressed: while a song is selected.
    public let isButtonEnabled: Observable<Bool>
    /// Whether a fetch is running.
    public let isLoading: Observable<Bool>
    /// The songs shown: one section (id 0) of `SongRowViewModel`, hidden songs left out.
    public let list: ListModel
    /// The picking screen was left with `back()`.
    public let didDismiss: EventEmitter<SongPickerDismissal>
    /// "An Error Occurred\n\n" and a description, after a failed reload.
    public let didError: EventEmitter<String>

    private let storage = Mutex(Storage())
    private let rowOwner = WeakBox<SongPickerViewModel>()

    /// A picker loading through `service` and notifying on `scheduler` (by default the
    /// calling thread's thread-default `GMainContext`).
    public init(service: any SongService, scheduler: any Scheduler = MainContextScheduler.threadDefault()) {
        self.service = service
        self.scheduler = scheduler
        state = Observable(.picking, scheduler: scheduler)
        title = Observable(Self.pickingTitle, scheduler: scheduler)
        isButtonEnabled = Observable(false, scheduler: scheduler)
        isLoading = Observable(false, scheduler: scheduler)
        // One section from the start, so the first load is one insert of every row.
        list = try! ListModel(kinds: Self.rowKinds, sections: [ListSection(id: 0, rows: [])], scheduler: scheduler)
        didDismiss = EventEmitter(scheduler: scheduler)
        didError = EventEmitter(scheduler: scheduler)
        rowOwner.value = self
    }

    deinit {
        storage.withLock { $0.inFlight }?.cancel()
    }

    // MARK: Reading

    /// Every song, in list order (hidden ones included).
    public var songs: [Song] { storage.withLock { $0.rows.map(\.song) } }

    /// The selected songs, in list order.
    public var selectedSongs: [Song] {
        storage.withLock { storage in storage.rows.map(\.song).filter { storage.selected.contains($0.id) } }
    }

    /// The song playing, or `nil`.
    public var playingSong: Song? {
        storage.withLock { storage in
            guard let playing = storage.playing else { return nil }
            let id = storage.session[playing]
            return storage.rows.first { $0.song.id == id }?.song
        }
    }

    /// The error of the last reload that failed, or `nil` once one succeeds.
    public var lastError: VCTableError? { storage.withLock { $0.lastError } }

    // MARK: Events

    /// Fetches the songs and shows them; supersedes a reload in flight.
    public func reload() {
        let (generation, superseded) = storage.withLock { storage in
            storage.generation &+= 1
            storage.loading = true
            defer { storage.inFlight = nil }
            return (storage.generation, storage.inFlight)
        }
        superseded?.cancel()
        isLoading.value = true
        let service = self.service
        let scheduler = self.scheduler
        let task = Reload.start(on: scheduler) {
            try SongDecoder.decode(try await service.getSongs())
        } deliver: { [weak self] outcome in
            self?.complete(generation, outcome)
        }
        if !storage.withLock({ $0.adopt(task, for: generation) }) { task.cancel() }
    }

    /// Starts listening to the selected songs: the first plays, the other selected ones are
    /// playable, the rest hidden. Returns false (and does nothing) unless picking with a
    /// song selected.
    @discardableResult
    public func start() -> Bool {
        update { storage in
            guard storage.screen == .picking, !storage.selected.isEmpty else { return false }
            storage.session = storage.rows.map(\.song.id).filter { storage.selected.contains($0) }
            storage.playing = 0
            storage.screen = .listening
            return true
        }
    }

    /// Plays the session's next song. Returns false (and does nothing) unless listening
    /// with a song after the one playing.
    @discardableResult
    public func next() -> Bool {
        update { storage in
            guard storage.screen == .listening, let playing = storage.playing, playing + 1 < storage.session.count
            else { return false }
            storage.playing = playing + 1
            return true
        }
    }

    /// Plays the session's previous song. Returns false (and does nothing) unless listening
    /// with a song before the one playing.
    @discardableResult
    public func previous() -> Bool {
        update { storage in
            guard storage.screen == .listening, let playing = storage.playing, playing > 0 else { return false }
            storage.playing = playing - 1
            return true
        }
    }

    /// The song playing ended: plays the next one, or after the last one moves to
    /// `finished` (nothing playing). Returns false (and does nothing) unless listening.
    @discardableResult
    public func finishSong() -> Bool {
        update { storage in
            guard storage.screen == .listening, let playing = storage.playing else { return false }
            if playing + 1 < storage.session.count {
                storage.playing = playing + 1
            } else {
                storage.playing = nil
                storage.screen = .finished
            }
            return true
        }
    }

    /// From `listening` or `finished`: back to `picking`, the selection kept. From
    /// `picking`: reports `didDismiss` with the selected songs.
    public func back() {
        let dismissal = storage.withLock { storage -> SongPickerDismissal? in
            guard storage.screen == .picking else {
                storage.screen = .picking
                storage.session = []
                storage.playing = nil
                render(storage)
                return nil
            }
            return SongPickerDismissal(
                selectedSongs: storage.rows.map(\.song).filter { storage.selected.contains($0.id) })
        }
        if let dismissal { didDismiss.emit(dismissal) }
    }

    /// A song row was selected: toggles it while picking; plays it while listening if it
    /// is playable; nothing when finished.
    func select(songID id: Int) {
        update { storage in
            switch storage.screen {
            case .picking:
                guard storage.rows.contains(where: { $0.song.id == id }) else { return false }
                if storage.selected.remove(id) == nil { storage.selected.insert(id) }
                return true
            case .listening:
                guard let position = storage.session.firstIndex(of: id), position != storage.playing else { return false }
                storage.playing = position
                return true
            case .finished:
                return false
            }
        }
    }

    // MARK: Internals

    /// Applies `change` to the storage and, when it returns true, shows the result.
    @discardableResult
    private func update(_ change: (inout Storage) -> Bool) -> Bool {
        storage.withLock { storage in
            guard change(&storage) else { return false }
            render(storage)
            return true
        }
    }

    /// Shows `storage` (under the lock, so the list and the modes follow the order of the
    /// changes): each row's mode, the visible rows, the screen, the title, the button.
    private func render(_ storage: Storage) {
        var visible: [any RowViewModel] = []
        for row in storage.rows {
            let mode = storage.mode(of: row.song.id)
            row.mode.value = mode
            if mode != .listening(.hidden) { visible.append(row) }
        }
        try? list.setRows(visible)
        state.value = storage.screen
        title.value = storage.screen == .picking ? Self.pickingTitle : Self.playerTitle
        isButtonEnabled.value = !storage.selected.isEmpty
    }

    /// Shows `songs`: the rows of unchanged songs are kept, the screen returns to picking,
    /// and the selection keeps the songs still present.
    func show(_ songs: [Song]) {
        storage.withLock { storage in
            let previous = Dictionary(storage.rows.map { ($0.song.id, $0) }, uniquingKeysWith: { first, _ in first })
            storage.rows = songs.map { song in
                if let row = previous[song.id], row.song == song { return row }
                return SongRowViewModel(song: song, mode: .picking(selected: false), scheduler: scheduler, owner: rowOwner)
            }
            storage.selected.formIntersection(songs.map(\.id))
            storage.screen = .picking
            storage.session = []
            storage.playing = nil
            render(storage)
        }
    }

    /// On the scheduler: shows the outcome of reload `generation` unless a later one started.
    private func complete(_ generation: UInt64, _ outcome: Result<[Song], VCTableError>) {
        let current = storage.withLock { storage -> Bool in
            guard storage.generation == generation, storage.loading else { return false }
            storage.loading = false
            storage.inFlight = nil
            if case .failure(let error) = outcome { storage.lastError = error } else { storage.lastError = nil }
            return true
        }
        guard current else { return }
        if case .success(let songs) = outcome { show(songs) }
        isLoading.value = false
        if case .failure(let error) = outcome { didError.emit(VCTableModel.errorMessage(for: error)) }
    }
}
