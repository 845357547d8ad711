import FoundationEssentials
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
/// The rules (each a pure function of `MusicPlayer`, called under the model's lock):
/// - `picking` ("Pick meditation song"): selecting a row toggles its song; the button
///   ("START MEDITATION SESSION") is enabled only while a song is selected; `start()`
///   begins listening; `back()` reports `didDismiss`.
/// - `listening` ("Player"): only the selected songs stay in the list (the others are
///   hidden: removed through the changeset), the first in list order playing and the
///   others playable. Selecting a playable song plays it (the one playing becomes
///   playable); `next()` and `previous()` move through the session's songs, `previous()`
///   doing nothing at the first; `next()` at the last song, like `finishSong()` there,
///   finishes the session (the original's `didFinishPlaying`).
/// - `finished` ("Player"): the session's songs, none playing. The model moves there and
///   then reports `didDismiss` (the original closes the meditation screen). `back()`
///   still returns to picking, for a program that keeps the screen.
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
        /// Every row's mode, in list order (`modes[i]` is `rows[i]`'s): what `MusicPlayer`
        /// reads and returns, and `render(_:)` shows.
        var modes: [SongMode] = []
        var screen: SongPickerState = .picking
        var generation: UInt64 = 0
        var loading = false
        var inFlight: Task<Void, Never>?
        var lastError: VCTableError?

        /// The songs in the selection (selected, or in the session), in list order.
        var selectedSongs: [Song] {
            zip(rows, modes).filter { $0.1.isSelected }.map(\.0.song)
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
    /// The screen asks to be closed: `back()` while picking, or the session finished
    /// (`next()` or `finishSong()` at the last song, reported after the state became
    /// `finished`). It carries the selected songs.
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

    /// The selected songs, in list order (while listening or finished: the session's).
    public var selectedSongs: [Song] { storage.withLock { $0.selectedSongs } }

    /// The song playing, or `nil`.
    public var playingSong: Song? {
        storage.withLock { storage in
            storage.modes.firstIndex(of: .listening(.playing)).map { storage.rows[$0].song }
        }
    }

    /// The error of the last reload that failed, or `nil` once one succeeds.
    public var lastError: VCTableError? { storage.withLock { $0.lastError } }

    // MARK: Events

    /// Fetches the songs and shows them; supersedes a reload in flight.
    public func reload() {
        let (generation, superseded) = storage.withLock { $0.begin() }
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

    /// Starts listening to the selected songs (`MusicPlayer.updateToSongListening`): the
    /// first in list order plays, the other selected ones are playable, the rest hidden.
    /// Returns false (and does nothing) unless picking with a song selected.
    @discardableResult
    public func start() -> Bool {
        update { storage in
            guard storage.screen == .picking, storage.modes.contains(.picking(.selected)) else { return false }
            storage.modes = MusicPlayer.updateToSongListening(modes: storage.modes)
            storage.screen = .listening
            return true
        }
    }

    /// Plays the session's next song (`MusicPlayer.playNext`). At the last song the
    /// session finishes, as in the original: the state becomes `finished` (nothing
    /// playing), then `didDismiss` reports the selected songs. Returns true whenever
    /// listening (a song played, or the session finished); false (and does nothing)
    /// otherwise.
    @discardableResult
    public func next() -> Bool {
        playNext()
    }

    /// Plays the session's previous song (`MusicPlayer.playPrevious`). Returns false (and
    /// does nothing) unless listening with a song before the one playing.
    @discardableResult
    public func previous() -> Bool {
        update { storage in
            guard storage.screen == .listening else { return false }
            let modes = MusicPlayer.playPrevious(modes: storage.modes)
            guard modes != storage.modes else { return false }
            storage.modes = modes
            return true
        }
    }

    /// The song playing ended: what `next()` does. The next song plays; after the last
    /// one the session finishes (`finished`, then `didDismiss`). The original has no such
    /// event (its `.play` action does nothing); a player calls this when a song ends.
    /// Returns false (and does nothing) unless listening.
    @discardableResult
    public func finishSong() -> Bool {
        playNext()
    }

    /// From `listening` or `finished`: back to `picking`, the selection kept
    /// (`MusicPlayer.updateToSongPicking`). From `picking`: reports `didDismiss` with the
    /// selected songs.
    public func back() {
        storage.withLock { storage in
            guard storage.screen == .picking else {
                storage.modes = MusicPlayer.updateToSongPicking(modes: storage.modes)
                storage.screen = .picking
                render(storage)
                return
            }
            didDismiss.emit(SongPickerDismissal(selectedSongs: storage.selectedSongs))
        }
    }

    /// A song row was selected (`MusicPlayer.select`): toggles it while picking; plays it
    /// while listening if it is playable; nothing when finished.
    func select(songID id: Int) {
        update { storage in
            guard storage.screen != .finished, let index = storage.rows.firstIndex(where: { $0.song.id == id })
            else { return false }
            let modes = MusicPlayer.select(index: index, modes: storage.modes)
            guard modes != storage.modes else { return false }
            storage.modes = modes
            return true
        }
    }

    // MARK: Internals

    /// `next()` and `finishSong()`: the next song, or the end of the session. The state
    /// and the dismissal are scheduled under the lock, so `finished` is always reported
    /// before its `didDismiss`, and before any later change.
    private func playNext() -> Bool {
        storage.withLock { storage in
            guard storage.screen == .listening else { return false }
            switch MusicPlayer.playNext(modes: storage.modes) {
            case .playing(let modes):
                storage.modes = modes
                render(storage)
            case .didFinishPlaying:
                storage.modes = MusicPlayer.updateToFinished(modes: storage.modes)
                storage.screen = .finished
                render(storage)
                didDismiss.emit(SongPickerDismissal(selectedSongs: storage.selectedSongs))
            }
            return true
        }
    }

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
        for (row, mode) in zip(storage.rows, storage.modes) {
            row.mode.value = mode
            if mode != .listening(.hidden) { visible.append(row) }
        }
        try? list.setRows(visible)
        state.value = storage.screen
        title.value = storage.screen == .picking ? Self.pickingTitle : Self.playerTitle
        isButtonEnabled.value = storage.modes.contains { $0.isSelected }
    }

    /// Shows `songs`: the rows of unchanged songs are kept, the screen returns to picking,
    /// and the selection keeps the songs still present.
    func show(_ songs: [Song]) {
        storage.withLock { storage in
            let previous = Dictionary(storage.rows.map { ($0.song.id, $0) }, uniquingKeysWith: { first, _ in first })
            let selected = Set(storage.selectedSongs.map(\.id))
            storage.rows = songs.map { song in
                if let row = previous[song.id], row.song == song { return row }
                return SongRowViewModel(song: song, mode: .picking(.unselected), scheduler: scheduler, owner: rowOwner)
            }
            storage.modes = songs.map { .picking(selected.contains($0.id) ? .selected : .unselected) }
            storage.screen = .picking
            render(storage)
        }
    }

    /// On the scheduler: shows the outcome of reload `generation` unless a later one started.
    private func complete(_ generation: UInt64, _ outcome: Result<[Song], VCTableError>) {
        guard storage.withLock({ $0.end(generation, with: outcome) }) else { return }
        if case .success(let songs) = outcome { show(songs) }
        isLoading.value = false
        if case .failure(let error) = outcome { didError.emit(VCTableModel.errorMessage(for: error)) }
    }
}
