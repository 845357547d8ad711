import Foundation
import Testing
@testable import VCTable

/// A song picker on a `TestScheduler` showing songs 1…count, with what it reports recorded.
final class ScreensPickerHarness: Sendable {
    let scheduler = TestScheduler()
    let picker: SongPickerViewModel
    let states = ToolkitRecorder<SongPickerState>()
    let titles = ToolkitRecorder<String>()
    let buttons = ToolkitRecorder<Bool>()
    let batches = ToolkitRecorder<[ListChange]>()
    let dismissals = ToolkitRecorder<SongPickerDismissal>()
    let mirror: ToolkitMirror
    private let subscriptions = CompositeDisposable()

    init(count: Int = 5) {
        picker = SongPickerViewModel(service: ScreensSongService(), scheduler: scheduler)
        mirror = ToolkitMirror(picker.list)
        let states = self.states, titles = self.titles, buttons = self.buttons
        let batches = self.batches, dismissals = self.dismissals
        subscriptions.add(picker.state.observe { states.append($0) })
        subscriptions.add(picker.title.observe { titles.append($0) })
        subscriptions.add(picker.isButtonEnabled.observe { buttons.append($0) })
        subscriptions.add(picker.list.observeChanges { batches.append($0) })
        subscriptions.add(picker.didDismiss.addHandler { dismissals.append($0) })
        picker.show(ScreensSongJSON.songs(Array(1...count)))
        scheduler.advance()
        batches.removeAll()
    }

    deinit { subscriptions.dispose() }

    /// The ids of the rows the list shows.
    var shown: [Int] {
        picker.list.sections.first?.rows.map { ($0 as! SongRowViewModel).song.id } ?? []
    }

    /// The `mode` property of every shown row.
    var modes: [String] {
        picker.list.sections.first?.rows.compactMap { $0.property("mode")?.stringValue } ?? []
    }

    /// Selects the shown row at `index` and runs what it queued.
    @discardableResult
    func select(_ index: Int) -> Bool {
        defer { scheduler.advance() }
        return picker.list.selectRow(at: RowIndex(section: 0, index: index))
    }

    /// Runs `action`, then what it queued.
    @discardableResult
    func run<T>(_ action: (SongPickerViewModel) -> T) -> T {
        defer { scheduler.advance() }
        return action(picker)
    }
}

@Suite("Screens: the song picker (SongPickerViewModel)")
struct ScreensSongPickerTests {
    @Test("Picking: title, button title, rows with title, subtitle, m:ss duration and mode; button disabled")
    func initialPicking() throws {
        let harness = ScreensPickerHarness()
        let picker = harness.picker
        #expect(picker.state.value == .picking)
        #expect(picker.title.value == "Pick meditation song")
        #expect(picker.buttonTitle == "START MEDITATION SESSION")
        #expect(picker.isButtonEnabled.value == false)
        #expect(harness.shown == [1, 2, 3, 4, 5])
        #expect(harness.modes == Array(repeating: "unselected", count: 5))
        let row = try #require(picker.list.row(at: RowIndex(section: 0, index: 1)))
        #expect(picker.list.kind(ofRowAt: RowIndex(section: 0, index: 1)) == "SongRowView")
        #expect(row.propertyNames == ["title", "subtitle", "duration", "mode"])
        #expect(row.property("title") == .string("song 2"))
        #expect(row.property("subtitle") == .string("sub 2"))
        #expect(row.property("duration") == .string("2:05"))
        #expect(row.property("nope") == nil)
        #expect(Song(id: 0, title: "", subtitle: "", duration: .seconds(5)).durationText == "0:05")
        #expect(Song(id: 0, title: "", subtitle: "", duration: .seconds(600)).durationText == "10:00")
        #expect(Song(id: 0, title: "", subtitle: "", duration: .seconds(4530)).durationText == "75:30")
    }

    @Test("While picking, selecting toggles a song in place; the button is enabled only with a selection")
    func toggling() throws {
        let harness = ScreensPickerHarness()
        let picker = harness.picker
        let row = try #require(picker.list.row(at: RowIndex(section: 0, index: 1)) as? SongRowViewModel)
        let modes = ToolkitRecorder<String>()
        let subscription = try #require(row.observeProperties { modes.append($0) })
        defer { subscription.dispose() }

        #expect(picker.list.selectRow(at: RowIndex(section: 0, index: 1)))
        #expect(row.mode.value == .picking(.selected))
        #expect(harness.batches.count == 0, "reported later")
        harness.scheduler.advance()
        #expect(harness.batches.values == [[.rowUpdated(section: 0, index: 1)]])
        #expect(harness.modes == ["unselected", "selected", "unselected", "unselected", "unselected"])
        #expect(harness.buttons.values == [true])
        #expect(modes.values == ["mode"])

        harness.select(3)
        #expect(harness.batches.last == [.rowUpdated(section: 0, index: 3)])
        #expect(harness.buttons.values == [true], "still enabled")
        harness.select(1)
        harness.select(3)
        #expect(harness.modes == Array(repeating: "unselected", count: 5))
        #expect(harness.buttons.values == [true, false])
        #expect(modes.values == ["mode", "mode"], "the row reported only its own two changes")
        #expect(!harness.select(5), "out of range")
        #expect(harness.states.values.isEmpty)
        #expect(harness.mirror.problems.isEmpty, "\(harness.mirror.problems)")
    }

    @Test("start() needs a selection; then the first selected plays, the other selected are playable, the rest drop out of the list")
    func start() throws {
        let harness = ScreensPickerHarness()
        #expect(harness.run { $0.start() } == false, "nothing selected")
        #expect(harness.picker.state.value == .picking)
        #expect(harness.batches.count == 0)

        harness.select(1)
        harness.select(4)
        harness.select(2)
        harness.batches.removeAll()
        #expect(harness.run { $0.start() })
        #expect(harness.picker.state.value == .listening)
        #expect(harness.states.values == [.listening])
        #expect(harness.titles.values == ["Player"])
        #expect(harness.shown == [2, 3, 5])
        #expect(harness.modes == ["playing", "playable", "playable"])
        #expect(harness.picker.playingSong?.id == 2)
        let steps = try #require(harness.batches.values.first)
        #expect(harness.batches.count == 1)
        #expect(steps == [
            .rows(section: 0, Splice(position: 0, removed: 1, added: 0)),
            .rows(section: 0, Splice(position: 2, removed: 1, added: 0)),
            .rowUpdated(section: 0, index: 0),
            .rowUpdated(section: 0, index: 1),
            .rowUpdated(section: 0, index: 2),
        ])
        #expect(harness.mirror.problems.isEmpty, "\(harness.mirror.problems)")
        #expect(harness.mirror.copy == ToolkitSectionSnapshot.of(harness.picker.list.sections))
        // The hidden songs keep their mode but are never handed to the view.
        #expect(harness.picker.songs.count == 5)
        #expect(harness.run { $0.start() } == false, "already listening")
    }

    @Test("start() plays the first selected song in list order, not the first picked: pick row 3, then row 1, start, row 1 plays")
    func startPlaysFirstInListOrder() {
        let harness = ScreensPickerHarness()
        harness.select(3)
        harness.select(1)
        #expect(harness.picker.selectedSongs.map(\.id) == [2, 4], "the selection in list order")
        #expect(harness.run { $0.start() })
        #expect(harness.shown == [2, 4])
        #expect(harness.modes == ["playing", "playable"])
        #expect(harness.picker.playingSong?.id == 2, "row 1 (song 2) plays, not row 3 (song 4), picked first")
    }

    @Test("Listening: selecting a playable song plays it and the one playing becomes playable")
    func selectWhileListening() {
        let harness = ScreensPickerHarness()
        for index in [0, 2, 3] { harness.select(index) }
        harness.run { $0.start() }
        #expect(harness.modes == ["playing", "playable", "playable"])
        harness.batches.removeAll()
        harness.select(2)
        #expect(harness.modes == ["playable", "playable", "playing"])
        #expect(harness.batches.values == [[.rowUpdated(section: 0, index: 0), .rowUpdated(section: 0, index: 2)]])
        harness.select(2)
        #expect(harness.batches.count == 1, "selecting the song playing changes nothing")
        #expect(harness.picker.selectedSongs.map(\.id) == [1, 3, 4], "the selection is not touched")
    }

    @Test("next() and previous() move through the session's songs; previous() does nothing at the first song")
    func nextAndPrevious() {
        let harness = ScreensPickerHarness()
        #expect(harness.run { $0.next() } == false, "not listening")
        #expect(harness.run { $0.previous() } == false, "not listening")
        for index in [1, 2, 4] { harness.select(index) }
        harness.run { $0.start() }
        harness.batches.removeAll()
        #expect(harness.run { $0.previous() } == false, "at the first song")
        #expect(harness.batches.count == 0)
        #expect(harness.run { $0.next() })
        #expect(harness.modes == ["playable", "playing", "playable"])
        #expect(harness.run { $0.next() })
        #expect(harness.modes == ["playable", "playable", "playing"])
        #expect(harness.run { $0.previous() })
        #expect(harness.run { $0.previous() })
        #expect(harness.modes == ["playing", "playable", "playable"])
        #expect(harness.picker.playingSong?.id == 2)
        #expect(harness.picker.state.value == .listening)
        #expect(harness.dismissals.count == 0)
    }

    @Test("next() at the last song finishes the session (the original's didFinishPlaying): finished, nothing playing, then didDismiss")
    func nextAtTheLastSongFinishes() {
        let harness = ScreensPickerHarness()
        let order = ToolkitRecorder<String>()
        let subscriptions = CompositeDisposable()
        defer { subscriptions.dispose() }
        subscriptions.add(harness.picker.state.observe { order.append("state:\($0)") })
        subscriptions.add(harness.picker.didDismiss.addHandler { _ in order.append("dismiss") })
        harness.select(1)
        harness.select(3)
        harness.run { $0.start() }
        harness.run { $0.next() }
        #expect(harness.modes == ["playable", "playing"])

        #expect(harness.picker.next(), "true: the session finished")
        #expect(harness.picker.state.value == .finished)
        #expect(harness.dismissals.count == 0, "not inside next()")
        harness.scheduler.advance()
        #expect(order.values == ["state:listening", "state:finished", "dismiss"], "the state first, then the dismissal")
        #expect(harness.dismissals.values == [SongPickerDismissal(selectedSongs: ScreensSongJSON.songs([2, 4]))])
        #expect(harness.titles.values == ["Player"], "the player's title stays")
        #expect(harness.shown == [2, 4])
        #expect(harness.modes == ["playable", "playable"])
        #expect(harness.picker.playingSong == nil)

        // Finished: nothing moves, and nothing is dismissed again.
        harness.batches.removeAll()
        #expect(harness.run { $0.next() } == false)
        #expect(harness.run { $0.previous() } == false)
        #expect(harness.run { $0.finishSong() } == false)
        #expect(harness.run { $0.start() } == false)
        harness.select(0)
        #expect(harness.batches.count == 0)
        #expect(harness.dismissals.count == 1)
        #expect(harness.mirror.problems.isEmpty, "\(harness.mirror.problems)")
    }

    @Test("finishSong() plays the next song; after the last the screen is finished, nothing playing, then didDismiss")
    func finishing() {
        let harness = ScreensPickerHarness()
        harness.select(0)
        harness.select(3)
        harness.run { $0.start() }
        #expect(harness.run { $0.finishSong() })
        #expect(harness.modes == ["playable", "playing"])
        #expect(harness.run { $0.finishSong() })
        #expect(harness.picker.state.value == .finished)
        #expect(harness.states.values == [.listening, .finished])
        #expect(harness.titles.values == ["Player"], "the player's title stays")
        #expect(harness.modes == ["playable", "playable"])
        #expect(harness.picker.playingSong == nil)
        #expect(harness.dismissals.values == [SongPickerDismissal(selectedSongs: ScreensSongJSON.songs([1, 4]))])
        #expect(harness.run { $0.finishSong() } == false)
        #expect(harness.run { $0.next() } == false)
        #expect(harness.run { $0.previous() } == false)
        harness.batches.removeAll()
        harness.select(0)
        #expect(harness.batches.count == 0, "selecting does nothing once finished")
        #expect(harness.dismissals.count == 1, "dismissed once")
        #expect(harness.mirror.problems.isEmpty, "\(harness.mirror.problems)")
    }

    @Test("back() returns to picking with the selection kept, the hidden songs inserted back", arguments: [false, true])
    func backKeepsSelection(fromFinished: Bool) {
        let harness = ScreensPickerHarness()
        harness.select(1)
        harness.select(3)
        harness.run { $0.start() }
        harness.run { $0.next() }
        if fromFinished { harness.run { $0.finishSong() } }
        harness.batches.removeAll()
        harness.run { $0.back() }
        #expect(harness.picker.state.value == .picking)
        #expect(harness.states.values == (fromFinished ? [.listening, .finished, .picking] : [.listening, .picking]))
        #expect(harness.titles.values == ["Player", "Pick meditation song"])
        #expect(harness.shown == [1, 2, 3, 4, 5])
        #expect(harness.modes == ["unselected", "selected", "unselected", "selected", "unselected"])
        #expect(harness.picker.isButtonEnabled.value)
        #expect(harness.dismissals.count == (fromFinished ? 1 : 0), "only finishing dismissed, not back()")
        let steps = harness.batches.values.flatMap { $0 }
        let splices = steps.compactMap { step -> Splice? in if case .rows(_, let splice) = step { splice } else { nil } }
        #expect(splices.first == Splice(position: 0, removed: 0, added: 1), "song 1 comes back first")
        #expect(splices.map(\.added).reduce(0, +) == 3, "the three hidden songs are inserted back")
        #expect(splices.allSatisfy { $0.removed == 0 })
        #expect(steps.contains(.rowUpdated(section: 0, index: 1)))
        #expect(steps.contains(.rowUpdated(section: 0, index: 3)))
        #expect(harness.mirror.problems.isEmpty, "\(harness.mirror.problems)")
        #expect(harness.mirror.copy == ToolkitSectionSnapshot.of(harness.picker.list.sections))

        // And the session can start again with the same songs.
        #expect(harness.run { $0.start() })
        #expect(harness.shown == [2, 4])
    }

    @Test("back() while picking reports didDismiss (later) with the selected songs; the screen stays")
    func dismiss() {
        let harness = ScreensPickerHarness()
        harness.select(2)
        harness.picker.back()
        #expect(harness.dismissals.count == 0, "not inside back()")
        harness.scheduler.advance()
        #expect(harness.dismissals.values == [SongPickerDismissal(selectedSongs: ScreensSongJSON.songs([3]))])
        #expect(harness.picker.state.value == .picking)
        #expect(harness.states.values.isEmpty)
    }

    @Test("A row reports its mode only when it changes")
    func modeReportedOnChange() throws {
        let harness = ScreensPickerHarness()
        let rows = harness.picker.list.sections[0].rows
        let reports = ToolkitRecorder<Int>()
        let subscriptions = try rows.map { row in
            try #require(row.observeProperties { _ in reports.append((row as! SongRowViewModel).song.id) })
        }
        defer { subscriptions.forEach { $0.dispose() } }
        harness.select(0)
        harness.select(1)
        harness.run { $0.start() }     // 1 playing, 2 playable, 3…5 hidden
        harness.run { $0.previous() }  // nothing: at the first song
        harness.run { $0.next() }      // 1 playable, 2 playing
        harness.select(1)              // nothing: song 2 is playing
        harness.run { $0.back() }      // all back to picking
        #expect(reports.values == [1, 2, 1, 2, 3, 4, 5, 1, 2, 1, 2, 3, 4, 5])
    }

    @Test("State sequence: picking → listening → finished (dismissed) → picking, and back again")
    func stateSequence() {
        let harness = ScreensPickerHarness(count: 2)
        harness.select(0)
        harness.run { $0.start() }
        harness.run { $0.finishSong() }
        harness.run { $0.back() }
        harness.run { $0.start() }
        harness.run { $0.back() }
        harness.run { $0.back() }
        #expect(harness.states.values == [.listening, .finished, .picking, .listening, .picking])
        #expect(harness.titles.values == ["Player", "Pick meditation song", "Player", "Pick meditation song"])
        #expect(harness.dismissals.values.map { $0.selectedSongs.map(\.id) } == [[1], [1]], "the finished session, then back while picking")
    }
}

@Suite("Screens: loading the song picker")
struct ScreensSongLoadingTests {
    @Test("reload() fetches, decodes and shows the songs; a later reload keeps the selection of songs still there")
    func reload() async {
        let context = TestContext()
        let service = ScreensSongService(.success(ScreensSongJSON.document([1, 2, 3])))
        let picker = SongPickerViewModel(service: service, scheduler: context.scheduler)
        let loading = ToolkitRecorder<Bool>()
        let subscription = picker.isLoading.observe { loading.append($0) }
        defer { subscription.dispose() }
        picker.reload()
        #expect(picker.isLoading.value)
        #expect(await context.screensIterate(until: { loading.values == [true, false] }))
        #expect(picker.songs == ScreensSongJSON.songs([1, 2, 3]))
        #expect(picker.list.numberOfRows(inSection: 0) == 3)

        #expect(picker.list.selectRow(at: RowIndex(section: 0, index: 2)))
        #expect(picker.start())
        service.set(.success(Data(("[" + ScreensSongJSON.song(3) + "," + ScreensSongJSON.song(4, title: "new") + "]").utf8)))
        picker.reload()
        #expect(await context.screensIterate(until: { loading.values.count == 4 }))
        #expect(await context.screensDrain())
        #expect(picker.state.value == .picking, "a reload returns to picking")
        #expect(picker.selectedSongs.map(\.id) == [3])
        #expect(picker.list.sections[0].rows.compactMap { $0.property("mode")?.stringValue } == ["selected", "unselected"])
        #expect(picker.list.sections[0].rows.compactMap { $0.property("title")?.stringValue } == ["song 3", "new"])
        #expect(picker.lastError == nil)
    }

    @Test(
        "A bad songs document fails the reload with didError naming the item and field",
        arguments: [
            ("[{\"id\": 1, \"title\": \"t\", \"subtitle\": \"s\"}]", VCTableError.Code.missingField, "Item 0, field \"duration\" is missing."),
            ("[" + ScreensSongJSON.song(1) + ", {\"id\": 2, \"title\": 5, \"subtitle\": \"s\", \"duration\": 3}]",
             .wrongFieldType, "Item 1, field \"title\" should be a string (found the number 5)."),
            ("[{\"id\": 1, \"title\": \"t\", \"subtitle\": \"s\", \"duration\": -3}]",
             .wrongFieldType, "Item 0, field \"duration\" should be a non-negative number of seconds (found -3)."),
            ("[" + ScreensSongJSON.song(1) + ", " + ScreensSongJSON.song(2) + ", " + ScreensSongJSON.song(1) + "]",
             .wrongFieldType, "Item 2, field \"id\" repeats the id of item 0 (1): song ids must be unique."),
            ("{}", .notAnArray, "The response is not a JSON array of songs (found an object)."),
            ("", .emptyResponse, "The response is empty."),
        ] as [(String, VCTableError.Code, String)])
    func malformed(document: String, code: VCTableError.Code, message: String) async {
        let context = TestContext()
        let picker = SongPickerViewModel(service: ScreensSongService(.success(Data(document.utf8))), scheduler: context.scheduler)
        let errors = ToolkitRecorder<String>()
        let subscription = picker.didError.addHandler { errors.append($0) }
        defer { subscription.dispose() }
        picker.reload()
        #expect(await context.screensIterate(until: { errors.count == 1 }))
        #expect(errors.values == ["An Error Occurred\n\n" + message])
        #expect(picker.lastError == VCTableError(code, message))
        #expect(!picker.isLoading.value)
        #expect(picker.songs.isEmpty)
    }
}
