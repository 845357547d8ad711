internal import CGLib
internal import VCTableGObject
import Synchronization
import VCTableDiff

/// The Swift core of a `VctListModel` object (vct-list-model.c): a `ListModel` read as one
/// flat `GListModel`, and one row object slot per flat position.
///
/// The object owns the core (released in its finalize; `dispose()` in its dispose ends
/// the deliveries); the core refers to the object weakly.
///
/// **One object per position.** Each position has its own slot, holding its row object
/// weakly while someone holds it: an object is never at two positions, and `get_item` of
/// a position whose object lives is an array read (no lookup, no allocation). A batch
/// carries each slot to where its row went: rows kept in place stay, moved rows follow
/// the diff's pairing (`ListBatch.moves`: the k-th occurrence of an identity with its
/// k-th occurrence, so duplicates keep their order), removed rows' slots go. A carried
/// object is re-pointed to its row's new view model and notifies what differs.
///
/// **Batches shaped for a view.** What the flat list shows changes only when a batch is
/// delivered. Its runs (`FlatSections.splices`, the fewest rows moved) are emitted as
/// they are when they are few and small; when a view would pay more for them than for one
/// `items-changed` covering them all (`FlatEmission.shape`), that one is emitted instead,
/// with the common prefix and suffix left out, as GTK's own `GtkSortListModel` does.
/// While each run is emitted, `count` and `item(at:)` read the list as the runs so far
/// have left it (`FlatTransition`).
final class CListModel: @unchecked Sendable {
    private struct State {
        var shown: FlatSections
        /// One slot per position of `shown`.
        var slots: [WeakObject?]
        /// While a batch is emitted.
        var emission: Emission?
        /// Slots filled since the last sweep of dead ones (`sweepIfDue`).
        var stored = 0
        var sweepAt = 4096
        /// Objects still held whose rows a batch removed, by identity: a row of that
        /// identity added later gets its object back (a Python program holding a row
        /// across a reload that drops it and one that restores it).
        var orphans = FlatCarry.Orphans()
        /// The positions whose objects lived before the last batch, until its settle
        /// (`settle(keeping:)`).
        var unsettled: [Int] = []
    }

    /// A batch part way through its emission.
    private struct Emission {
        var transition: FlatTransition
        var oldSlots: [WeakObject?]
        var newSlots: [WeakObject?]
        /// The emitted runs in old coordinates (where each removed range started and ended
        /// in the old list), to tell where an old row kept in place ends up.
        var oldRuns: [FlatEmission.OldRange]
        /// The C half's table: per row class, the last object made for a probe and its
        /// position (while only this list holds it, the next probe of a row of that class
        /// gets it, re-pointed), the objects made while emitting by position, which new
        /// positions have slots. GTK probes every added item of an `items-changed` that
        /// removed a row it tracks (`gtk_list_item_manager_try_reacquire_list_item`,
        /// `GtkSingleSelection`) and drops the ones it does not hold at once: so a reload of
        /// a million rows makes a handful of objects, not a million, and the emitting
        /// thread's `get_item` reads them from the table, without this core or its lock.
        let table: EmissionTable
        /// Objects made while emitting for positions the runs have reached (one reference
        /// each; `table` has them by position), kept until the emission ends: a view asks
        /// for the same item again inside one `items-changed` (GtkSingleSelection and
        /// GtkListItemManager each look at every added item when the selected or focused
        /// row is among the removed ones).
        var made = MadeObjects()

        /// Keeps `object` (a reference) as new position `index`'s until the end.
        mutating func keep(_ object: UnsafeMutableRawPointer, at index: Int) {
            made.keep(object, at: index)
            table.setMade(object, at: index)
        }

        /// The probe object for `entry` at new position `index`, if one can serve (transfer
        /// full); a probe object a view now holds becomes its position's (`made`).
        mutating func probe(_ index: Int, _ model: any RowViewModel) -> UnsafeMutableRawPointer? {
            let key = Int(CRow.classId(of: model).rawValue)
            guard var current = table.probe(key) else { return nil }
            if current.position == index {
                g_object_ref(current.object)
                return current.object
            }
            if _vct_object_is_shared(current.object) == 0 {
                current.core.repoint(to: model)
                current.position = index
                table.setProbe(key, current)
                g_object_ref(current.object)
                return current.object
            }
            // Held: it stays that position's object (our reference moves to `made`).
            resolveNow(current)
            keep(current.object, at: current.position)
            table.setProbe(key, nil)
            return nil
        }

        /// The probe object for new position `index` without its view model, if one can
        /// serve (transfer full): when `index` is a row of a section whose rows share one
        /// class, and that class's probe object is held by this list alone, it shows
        /// `index` from now on, its view model read only if someone reads the object
        /// (`CRow.showPending`). GTK drops almost every probe unread. The emitting
        /// thread's `get_item` does this in C (`_vct_list_emission_lookup`); here for the
        /// positions it leaves to the core (a slot whose object is gone, a section's class
        /// not yet found).
        func lazyProbe(_ index: Int) -> UnsafeMutableRawPointer? {
            let sections = transition.new.sections
            return table.lazyProbe(index) { Self.sharedKey(of: sections[$0].rows) }
        }

        private static let mixedKey = Int(VCT_LIST_EMISSION_KEY_MIXED)

        /// The probe class shared by every row of `rows`, or `mixedKey`.
        private static func sharedKey(of rows: [any RowViewModel]) -> Int {
            guard let first = rows.first else { return mixedKey }
            guard rowsShareType(rows) else { return mixedKey }
            return Int(CRow.classId(ofType: Swift.type(of: first)).rawValue)
        }

        /// Whether every row has the first one's dynamic type. Read from each existential
        /// container in place: Swift lays out an opaque existential as three words of value
        /// buffer, then its type's metadata, then the witness table (docs/ABI/TypeLayout.rst).
        /// Asking `type(of:)` copies each view model out of the array first, which made
        /// this pass a fifth of a reload's probes. Any other layout takes that way.
        static func rowsShareType(_ rows: [any RowViewModel]) -> Bool {
            let word = MemoryLayout<UnsafeRawPointer>.size
            guard MemoryLayout<any RowViewModel>.size == 5 * word else {
                guard let first = rows.first else { return true }
                let type = ObjectIdentifier(Swift.type(of: first))
                return rows.allSatisfy { ObjectIdentifier(Swift.type(of: $0)) == type }
            }
            return rows.withUnsafeBytes { bytes in
                let stride = MemoryLayout<any RowViewModel>.stride
                guard bytes.count >= stride else { return true }
                let type = bytes.load(fromByteOffset: 3 * word, as: UInt.self)
                var offset = stride + 3 * word
                while offset < bytes.count {
                    if bytes.load(fromByteOffset: offset, as: UInt.self) != type { return false }
                    offset += stride
                }
                return true
            }
        }

        /// A probe object given a position lazily shows that position's view model now
        /// (under the list's lock): before it becomes its position's own object.
        func resolveNow(_ probe: Probe) {
            guard probe.core.isPending, let (model, _) = transition.new.model(at: probe.position) else { return }
            probe.core.repoint(to: model)
        }

        /// Installs `object` (a new, inactive row object at new position `index`) as the
        /// probe object of its class, with one reference of the list's; returns the one it
        /// replaces, whose reference the caller drops, if no view holds it.
        mutating func install(_ object: UnsafeMutableRawPointer, at index: Int, _ model: any RowViewModel) -> UnsafeMutableRawPointer? {
            let key = Int(CRow.classId(of: model).rawValue)
            guard key < Int(VCT_LIST_EMISSION_PROBE_CLASSES), let core = CRow.from(object: object) else { return nil }
            var dropped: UnsafeMutableRawPointer?
            if let current = table.probe(key) {
                if _vct_object_is_shared(current.object) != 0 {
                    resolveNow(current)
                    keep(current.object, at: current.position)
                } else {
                    dropped = current.object
                }
            }
            g_object_ref(object)
            table.setProbe(key, Probe(object: object, core: core, position: index))
            return dropped
        }

        /// At the end: the probe objects a view holds become their positions'.
        mutating func settleProbes() -> [UnsafeMutableRawPointer] {
            var dropped: [UnsafeMutableRawPointer] = []
            for key in 0 ..< Int(VCT_LIST_EMISSION_PROBE_CLASSES) {
                guard let probe = table.probe(key) else { continue }
                table.setProbe(key, nil)
                let held = _vct_object_is_shared(probe.object) != 0
                if held { resolveNow(probe) }
                if held, table.made(at: probe.position) == nil {
                    keep(probe.object, at: probe.position)
                } else {
                    dropped.append(probe.object)
                }
            }
            return dropped
        }

        /// Where the row at `place` is once every run is emitted; `nil` for an old row that
        /// a later run removes.
        func finalPosition(of place: SlotPlace) -> Int? {
            switch place {
            case .shown(let index), .new(let index): return index
            case .old(let index): return FlatEmission.newPosition(ofOld: index, runs: oldRuns)
            }
        }
    }

    let list: ListModel
    private let state: Mutex<State>
    private let subscription = SerialDisposable()
    private let object = Mutex<WeakObject?>(nil)

    private init(_ list: ListModel) {
        self.list = list
        let shown = FlatSections(list.sections)
        state = Mutex(State(shown: shown, slots: Array(repeating: nil, count: shown.count)))
    }

    /// A new `VctListModel` object (transfer full) showing `list`.
    static func makeObject(_ list: ListModel) -> UnsafeMutableRawPointer {
        let core = CListModel(list)
        let object = _vct_list_model_new(Unmanaged.passRetained(core).toOpaque())!
        core.object.withLock { $0 = WeakObject(object) }
        core.subscription.inner = list.observeBatches { [weak core] batch in core?.deliver(batch) }
        return object
    }

    /// The core of a list object, or `nil` when `pointer` is not a `VctListModel`.
    static func from(object pointer: UnsafeRawPointer?) -> CListModel? {
        guard let core = _vct_list_model_get_core(UnsafeMutableRawPointer(mutating: pointer)) else { return nil }
        return Unmanaged<CListModel>.fromOpaque(core).takeUnretainedValue()
    }

    /// The object's dispose: ends the deliveries. Safe to run twice.
    func dispose() {
        subscription.dispose()
    }

    // MARK: The flat list

    var count: Int {
        state.withLock { $0.emission?.transition.count ?? $0.shown.count }
    }

    /// Where a position's slot is: in the shown list, or, while a batch is emitted, in the
    /// part of the new list the runs so far have made, or in the rest of the old one.
    fileprivate enum SlotPlace {
        case shown(Int)
        case new(Int)
        case old(Int)
    }

    private static func place(of position: Int, in state: borrowing State) -> SlotPlace {
        // Two integers read through the optional: binding the emission would copy it (a
        // retain of every array it holds, on every get_item).
        guard let newEnd = state.emission?.transition.newEnd else { return .shown(position) }
        if position < newEnd { return .new(position) }
        return .old(state.emission!.transition.oldResume + position - newEnd)
    }

    /// What `item(at:)` finds under its first lock: an object to return (a live one, one
    /// made earlier in this emission, or a probe object), nothing (past the end), the
    /// view model to make an object for, or another thread's emission to wait for.
    private enum Lookup {
        case object(ObjectPointer)
        case end
        case make(any RowViewModel, RowRole, emitting: Bool)
        case wait(EmissionTable)
    }

    /// The row object at a flat position (transfer full), or `nil` past the end.
    ///
    /// One lock and an array read for a position whose object lives; making an object
    /// takes a second lock to store it. While a batch is emitted, the emitting thread's
    /// probes are answered in C (`EmissionTable`) before this is asked, and another
    /// thread waits for the emission's end: the probe objects are the emitting thread's.
    func item(at position: Int) -> UnsafeMutableRawPointer? {
        guard position >= 0 else { return nil }
        while true {
            let lookup = state.withLock { state -> Lookup in
                if state.emission != nil, !state.emission!.table.isMine { return .wait(state.emission!.table) }
                let place = Self.place(of: position, in: state)
                if let live = Self.slot(at: place, in: state)?.get() { return .object(ObjectPointer(raw: live)) }
                guard state.emission != nil else {
                    guard let (model, role) = state.shown.model(at: position) else { return .end }
                    return .make(model, role, emitting: false)
                }
                if case .new(let index) = place {
                    if let made = state.emission!.table.made(at: index) {
                        g_object_ref(made)
                        return .object(ObjectPointer(raw: made))
                    }
                    if let probe = state.emission!.lazyProbe(index) { return .object(ObjectPointer(raw: probe)) }
                }
                guard let (model, role) = state.emission!.transition.model(at: position) else { return .end }
                if case .new(let index) = place, let probe = state.emission!.probe(index, model) {
                    return .object(ObjectPointer(raw: probe))
                }
                return .make(model, role, emitting: true)
            }
            switch lookup {
            case .object(let object): return object.raw
            case .end: return nil
            case .wait(let table): table.waitForEnd()
            case .make(let model, let role, let emitting):
                if let made = make(model, role, at: position, emitting: emitting) { return made }
            }
        }
    }

    /// `item(at:)` for a position with no live object: a new one, stored as the position's
    /// own, or, while a batch is emitted, made inactive as the probe object of its class;
    /// `nil` when another thread began emitting meanwhile (after waiting for its end: the
    /// caller asks again).
    private func make(_ model: any RowViewModel, _ role: RowRole, at position: Int, emitting: Bool) -> UnsafeMutableRawPointer? {
        // Made active when no batch is emitted, with the weak reference its slot keeps too.
        let (made, reference): (ObjectPointer, WeakObject?)
        if emitting {
            made = ObjectPointer(raw: CRow.makeObject(model, kinds: list.kinds, role: role, active: false, probeOwner: self))
            reference = nil
        } else {
            let active = CRow.makeActiveObject(model, kinds: list.kinds, role: role)
            (made, reference) = (ObjectPointer(raw: active.object), active.reference)
        }
        // `active`: whether the object is a position's own (subscribed now), not a probe.
        let (result, extra, active, sweep, wait) = state.withLock {
            state -> (ObjectPointer?, ObjectPointer?, Bool, Bool, EmissionTable?) in
            if state.emission != nil, !state.emission!.table.isMine { return (nil, made, false, false, state.emission!.table) }
            let place = Self.place(of: position, in: state)
            // Another thread may have made one meanwhile: the first one stays.
            if let live = Self.slot(at: place, in: state)?.get() { return (ObjectPointer(raw: live), made, false, false, nil) }
            guard state.emission != nil else {
                guard position < state.slots.count else { return (made, nil, true, false, nil) }
                state.slots[position] = reference ?? WeakObject(made.raw)
                state.stored += 1
                return (made, nil, true, state.stored >= state.sweepAt, nil)
            }
            switch place {
            case .old(let index):
                // A row of the old list the runs have not reached: a slot there (and where
                // the row ends up, if it stays), for as long as a view holds the object; the
                // row may still change content, so nothing keeps it beyond that.
                let slot = WeakObject(made.raw)
                if index < state.emission!.oldSlots.count { state.emission!.oldSlots[index] = slot }
                if let final = state.emission!.finalPosition(of: place), final < state.emission!.newSlots.count {
                    state.emission!.newSlots[final] = slot
                    state.emission!.table.markCarried(final)
                }
                return (made, nil, true, false, nil)
            case .new(let index), .shown(let index):
                if let other = state.emission!.table.made(at: index) {
                    g_object_ref(other)
                    return (ObjectPointer(raw: other), made, false, false, nil)
                }
                let key = Int(CRow.classId(of: model).rawValue)
                if let probe = state.emission!.table.probe(key), probe.position == index {
                    g_object_ref(probe.object)
                    return (ObjectPointer(raw: probe.object), made, false, false, nil)
                }
                // The probe object of its class until a view holds it or another probe
                // takes it; a slot only at the end, if a view holds it then (activated then).
                let dropped = state.emission!.install(made.raw, at: index, model)
                return (made, dropped.map { ObjectPointer(raw: $0) }, false, false, nil)
            }
        }
        // Made inactive while a batch was emitted but not a probe after all (an old row's, or
        // the emission ended meanwhile): it subscribes now, as any position's own object.
        if active, emitting, result?.raw == made.raw {
            CRow.from(object: made.raw)?.activate(object: made.raw)
        }
        if let extra { g_object_unref(extra.raw) }
        if sweep { sweepIfDue() }
        wait?.waitForEnd()
        return result?.raw
    }

    /// A probe object's pending position (`CRow.resolvePending`, on its first read): it is
    /// re-pointed to the view model there. Positions are pending only while a batch is
    /// emitted; the emission's end re-points each probe object a view still holds.
    func resolve(_ core: CRow, at position: Int) {
        let model = state.withLock { state -> (any RowViewModel)? in
            guard state.emission != nil else { return nil }
            return state.emission!.transition.new.model(at: position)?.model
        }
        if let model { core.repoint(to: model) }
    }

    private static func slot(at place: SlotPlace, in state: borrowing State) -> WeakObject? {
        switch place {
        case .shown(let index): index < state.slots.count ? state.slots[index] : nil
        case .new(let index): state.emission?.newSlots[index] ?? nil
        case .old(let index): index < (state.emission?.oldSlots.count ?? 0) ? state.emission?.oldSlots[index] ?? nil : nil
        }
    }

    /// Empties the slots whose objects are gone, once as many slots were filled since the
    /// last sweep as lived after it (at least 4 096): memory stays proportional to the
    /// objects alive, at a constant cost per object made.
    private func sweepIfDue() {
        let dead = state.withLock { state -> [WeakObject] in
            guard state.emission == nil, state.stored >= state.sweepAt else { return [] }
            var dead: [WeakObject] = []
            var live = 0
            for index in state.slots.indices {
                guard let slot = state.slots[index] else { continue }
                if let object = slot.get() {
                    g_object_unref(object)
                    live += 1
                } else {
                    dead.append(slot)
                    state.slots[index] = nil
                }
            }
            state.stored = 0
            state.sweepAt = max(4096, live * 2)
            return dead
        }
        _ = dead  // freed here, outside the lock
    }

    var numberOfSections: Int {
        state.withLock { $0.emission?.transition.sectionCount ?? $0.shown.sections.count }
    }

    /// The list as a batch leaves it: the one shown, or while a batch is emitted the one
    /// it brings.
    private static func settled(_ state: borrowing State) -> FlatSections {
        state.emission?.transition.new ?? state.shown
    }

    /// The number of rows, headers and footers not counted.
    var rowCount: Int { state.withLock { Self.settled($0).rowCount } }

    /// Row `row` (counted across sections): its section and flat position.
    func row(_ row: Int) -> (section: Int, position: Int)? { state.withLock { Self.settled($0).row(row) } }

    /// How many rows come before a flat position, and whether it holds a row.
    func rowsBefore(_ position: Int) -> (rows: Int, isRow: Bool) {
        state.withLock { Self.settled($0).rowsBefore(position) }
    }

    /// The flat position of a row object the list holds at a position (its slot), or `nil`.
    /// A scan of the slots: O(items), a weak reference read per live slot. The slots are
    /// taken under the lock and read outside it, where the reference a read takes is
    /// dropped (the last one finalizes an object, which must not happen under the lock).
    func position(of object: UnsafeMutableRawPointer) -> Int? {
        let slots = state.withLock { $0.emission?.newSlots ?? $0.slots }
        for (index, slot) in slots.enumerated() {
            guard let live = slot?.get() else { continue }
            g_object_unref(live)
            if live == object { return index }
        }
        return nil
    }

    /// The section holding a flat position and its range; past the end, the section count
    /// and an empty range at the end.
    func section(at position: Int) -> (index: Int, start: Int, end: Int) {
        state.withLock { state in
            if let transition = state.emission?.transition {
                return transition.section(at: position) ?? (transition.sectionCount, transition.count, transition.count)
            }
            let shown = state.shown
            guard let index = shown.sectionIndex(at: position) else { return (shown.sections.count, shown.count, shown.count) }
            return (index, shown.start(ofSection: index), shown.start(ofSection: index + 1))
        }
    }

    // MARK: Delivery

    /// On the context: a batch arrived. Its runs (or the one covering them) are emitted
    /// one by one, then the carried objects whose rows changed are re-pointed (their
    /// `notify`), then `changes-done`. A row's own change is notified by its object
    /// (`CRow`) in the job that reports it, which comes before the flush that made this
    /// batch (`ListModel.markDirty`): so every notify of the batch is out by then.
    private func deliver(_ batch: ListBatch) {
        // The list before the batch, freed off the loop: the last reference to its rows
        // (100 000 view models take milliseconds to free).
        var old = state.withLock { $0.shown }
        deliver(batch, from: old)
        releaseOffLoop(&old, replacingWith: FlatSections([]), count: old.count)
        guard let listObject = object.withLock({ $0 })?.get() else { return }
        _vct_list_model_emit_changes_done(listObject)
        g_object_unref(listObject)
    }

    private func deliver(_ batch: ListBatch, from old: FlatSections) {
        let new = FlatSections(list.sections)
        var (oldSlots, orphans) = state.withLock { ($0.slots, $0.orphans) }
        let runs = FlatSections.splices(for: batch.steps, from: old, to: new)
        var carried = FlatCarry(from: old, to: new, steps: batch.steps, moves: batch.moves)
        var slots = oldSlots
        if !runs.isEmpty || old.count != new.count {
            slots = carried.slots(from: oldSlots, runs: runs)
            orphans = carried.adoptOrphans(orphans, into: &slots, added: runs)
            state.withLock { $0.orphans = orphans }
        }
        let emitted = FlatEmission.shape(runs, oldCount: old.count, newCount: new.count)

        var made = MadeObjects()
        if !emitted.isEmpty, let listObject = object.withLock({ $0 })?.get() {
            // What the last batch kept goes first: while this one is emitted, only the
            // objects someone holds are alive (a carried one shows its old row until
            // the batch's end re-points it). When the batch moves more rows than a view
            // shows, the positions of those are the window of rows a view showed, which
            // the batch's settle fills (a smaller batch is not worth the scan, and with
            // no row shown before it, as at a first load, there is nothing to settle).
            _vct_list_model_release_kept(listObject)
            var settles = false
            if emitted.reduce(0, { $0 + $1.removed + $1.added }) > FlatEmission.runCost {
                let before = Self.livePositions(in: oldSlots)
                settles = !before.isEmpty
                if settles { state.withLock { $0.unsettled = before } }
            }
            var transition = FlatTransition(from: old, to: new)
            // Begun before the emission is and ended once the list reads as the new one:
            // get_item on another thread waits for that whenever it finds an emission.
            let table = EmissionTable(list: listObject)
            table.begin(new, slots: slots)
            // The emission holds the only references to both slot arrays, so that writing
            // a slot while emitting copies neither.
            state.withLock { state in
                state.emission = Emission(
                    transition: transition, oldSlots: oldSlots, newSlots: slots,
                    oldRuns: FlatEmission.oldRanges(of: emitted), table: table)
                state.slots = []
            }
            oldSlots = []
            slots = []
            for (index, run) in emitted.enumerated() {
                transition.apply(run, last: index == emitted.count - 1)
                state.withLock { $0.emission!.transition = transition }
                table.setNewEnd(transition.newEnd)
                _vct_list_model_emit_items_changed(
                    listObject, UInt32(run.position), UInt32(run.removed), UInt32(run.added))
            }
            // Objects made while emitting that a view still holds get their slots (the
            // probe objects among them were shown their rows when settled); the others go.
            let (held, dropped) = state.withLock { state in
                let dropped = state.emission!.settleProbes()
                var held: [(position: Int, object: UnsafeMutableRawPointer)] = []
                state.emission!.made.forEach { position, object in
                    guard _vct_object_is_shared(object) != 0,
                        position < state.emission!.newSlots.count,
                        state.emission!.newSlots[position]?.isAlive != true
                    else { return }
                    held.append((position, object))
                }
                return (held, dropped)
            }
            let kept = held.map { position, object in
                let slot = WeakObject(object)
                CRow.from(object: object)?.activate(object: object, reference: slot)
                return (position: position, slot: slot)
            }
            var retiredSlots: [WeakObject?] = []
            (made, slots) = state.withLock { state in
                for (position, slot) in kept { state.emission!.newSlots[position] = slot }
                state.shown = new
                state.slots = state.emission!.newSlots
                state.stored += state.emission!.made.count
                swap(&retiredSlots, &state.emission!.oldSlots)
                defer { state.emission = nil }
                return (state.emission!.made, state.slots)
            }
            // Freeing an array of slots costs the loop as much as copying it.
            releaseOffLoop(&retiredSlots, replacingWith: [], count: retiredSlots.count)
            table.end()
            if settles { _vct_list_model_settle_later(listObject) }
            g_object_unref(listObject)
            for object in dropped { g_object_unref(object) }
        } else {
            state.withLock { state in
                state.shown = new
                state.slots = slots
            }
        }
        made.forEach { _, object in g_object_unref(object) }
        refresh(carried.repoint, in: new, slots: slots)
        sweepIfDue()
    }

    /// With more live row objects than this, a batch's settle makes no object: a view
    /// holds a window of rows (GTK 4.8 some 200 for 30 in view); a program that holds far
    /// more is not one, and making its positions' objects would cost more than it saves.
    static let keepLimit = 2_048

    /// After a batch, in an idle before the next frame (`_vct_list_model_settle_later`):
    /// adds to `keep` a reference to each object alive now (those a view held through the
    /// batch, and the rows it took while the batch was emitted: GTK 4.8 lays out the rows
    /// around where the row it kept in view went), and to the object of each position
    /// that held a live one before the batch (made now if need be). The list keeps them for a moment
    /// (`VCT_LIST_MODEL_KEEP_MS`): a view binds its rows again at its next layout, and
    /// the objects it drops there are not finalized inside that frame, nor the ones it
    /// asks for made there.
    func settle(keeping keep: UnsafeMutablePointer<GPtrArray>) {
        let before = state.withLock { state in
            defer { state.unsettled = [] }
            return state.unsettled
        }
        // The list's own slots are only read here: a copy held while `item(at:)` stores
        // an object would copy them all.
        let held = state.withLock { $0.slots }.withUnsafeBufferPointer { slots in
            var held = 0
            for slot in slots {
                guard let object = slot?.get() else { continue }
                g_ptr_array_add(keep, object)
                held += 1
                if held > Self.keepLimit { return held }
            }
            return held
        }
        guard held <= Self.keepLimit else { return }
        for position in before {
            guard let object = item(at: position) else { break }
            g_ptr_array_add(keep, object)
        }
    }

    /// The positions of `slots` whose objects live; none when more than `keepLimit` do.
    /// (Slots of dead objects wait for the next sweep: up to 4 096 of them, each a
    /// `GWeakRef` read here.)
    private static func livePositions(in slots: [WeakObject?]) -> [Int] {
        var positions: [Int] = []
        let tooMany = slots.withUnsafeBufferPointer { slots in
            for index in slots.indices where slots[index]?.isAlive == true {
                positions.append(index)
                if positions.count > keepLimit { return true }
            }
            return false
        }
        return tooMany ? [] : positions
    }

    /// Re-points the live objects at `positions` (rows moved or updated) to the view
    /// models now there.
    private func refresh(_ positions: [Int], in new: FlatSections, slots: [WeakObject?]) {
        for position in positions {
            guard position < slots.count, let object = slots[position]?.get() else { continue }
            if let entry = new.entry(at: position) { CRow.from(object: object)?.repoint(to: entry.model) }
            g_object_unref(object)
        }
    }
}

/// How a batch's slots move: rows kept in place keep theirs, moved rows take theirs along
/// (`ListBatch.moves`), and which positions then show a different view model (moved or
/// updated rows, headers and footers of updated sections): `repoint`.
struct FlatCarry {
    /// A row object's identity outside the list: its section's, its role, and the row's
    /// own (none for a header or footer).
    struct Key: Hashable {
        var section: Identity
        var role: RowRole
        var row: Identity?

        init(_ entry: FlatSections.Entry) {
            section = entry.section.id
            role = entry.role
            row = entry.role == .row ? entry.model.diffIdentifier : nil
        }
    }

    /// Objects of removed rows that are still held, by identity (the first one of each).
    struct Orphans {
        var objects: [Key: WeakObject] = [:]
    }

    /// Old slots whose objects lived and were not carried (`slots(from:)`).
    private(set) var dropped: [(position: Int, slot: WeakObject)] = []
    let old: FlatSections
    let new: FlatSections
    let steps: [ListChange]
    let moves: [Int: [Move]]
    /// New positions whose carried object (if any) must be re-pointed.
    private(set) var repoint: [Int] = []

    init(from old: FlatSections, to new: FlatSections, steps: [ListChange], moves: [Int: [Move]]) {
        self.old = old
        self.new = new
        self.steps = steps
        self.moves = moves
        for step in steps {
            switch step {
            case .rowUpdated(let section, let index):
                guard new.sections.indices.contains(section) else { continue }
                let header = new.sections[section].header == nil ? 0 : 1
                repoint.append(new.start(ofSection: section) + header + index)
            case .sectionUpdated(let section):
                guard new.sections.indices.contains(section) else { continue }
                let shown = new.sections[section]
                if shown.header != nil { repoint.append(new.start(ofSection: section)) }
                if shown.footer != nil { repoint.append(new.start(ofSection: section + 1) - 1) }
            case .sections, .rows:
                break
            }
        }
    }

    /// The slots of `new`, from those of `old` and the batch's flat `runs`
    /// (`FlatSections.splices`): the rows the runs keep keep their slots, moved rows take
    /// theirs along. A few runs are applied to the old slots in one pass (the old slots
    /// each run keeps, then an empty one per row it adds); many are walked section by
    /// section into a new array.
    mutating func slots(from oldSlots: [WeakObject?], runs: [Splice]) -> [WeakObject?] {
        let (sectionSplices, rowSplices) = FlatSections.splitSplices(steps)
        var slots: [WeakObject?]
        let walk = runs.count > FlatEmission.fewRuns
        if walk {
            slots = [WeakObject?](repeating: nil, count: new.count)
        } else {
            // (A copy, then replaceSubrange per run, cost a reversal of 10 000 rows
            // 0.4 ms on the loop: a shift of every slot after each run.) Written slot by
            // slot into uninitialized storage: `append(contentsOf:)` copies through the
            // runtime's generic value witnesses (90 instructions a slot) and `append` checks
            // uniqueness and capacity each time (40), where an empty slot (most are: a view
            // holds some hundreds of rows) costs a load and a store here.
            slots = oldSlots.withUnsafeBufferPointer { old in
                [WeakObject?](unsafeUninitializedCapacity: new.count) { buffer, initialized in
                    var oldIndex = 0
                    var newIndex = 0
                    func keep(_ count: Int) {
                        precondition(count >= 0 && newIndex + count <= buffer.count && oldIndex + count <= old.count)
                        for offset in 0 ..< count {
                            (buffer.baseAddress! + newIndex + offset).initialize(to: old[oldIndex + offset])
                        }
                        oldIndex += count
                        newIndex += count
                    }
                    for run in runs {
                        keep(run.position - newIndex)
                        oldIndex += run.removed
                        precondition(newIndex + run.added <= buffer.count)
                        if run.added > 0 {
                            (buffer.baseAddress! + newIndex).initialize(repeating: nil, count: run.added)
                        }
                        newIndex += run.added
                    }
                    keep(old.count - oldIndex)
                    initialized = newIndex
                }
            }
        }
        var movedFrom = Set<Int>()
        ListDiff.forEachKept(sectionSplices, oldCount: old.sections.count, newCount: new.sections.count) { oldIndex, newIndex in
            let sectionMoves = moves[newIndex] ?? []
            guard walk || !sectionMoves.isEmpty else { return }
            let oldSection = old.sections[oldIndex]
            let newSection = new.sections[newIndex]
            let oldStart = old.start(ofSection: oldIndex)
            let newStart = new.start(ofSection: newIndex)
            let oldHeader = oldSection.header == nil ? 0 : 1
            let newHeader = newSection.header == nil ? 0 : 1
            let oldRows = oldStart + oldHeader
            let newRows = newStart + newHeader
            if walk {
                if oldHeader == 1 && newHeader == 1 { slots[newStart] = oldSlots[oldStart] }
                ListDiff.forEachKept(rowSplices[newIndex] ?? [], oldCount: oldSection.rows.count, newCount: newSection.rows.count) {
                    slots[newRows + $1] = oldSlots[oldRows + $0]
                }
                if oldSection.footer != nil && newSection.footer != nil {
                    slots[new.start(ofSection: newIndex + 1) - 1] = oldSlots[old.start(ofSection: oldIndex + 1) - 1]
                }
            }
            for move in sectionMoves where oldSlots[oldRows + move.from] != nil {
                slots[newRows + move.to] = oldSlots[oldRows + move.from]
                movedFrom.insert(oldRows + move.from)
                repoint.append(newRows + move.to)
            }
        }
        // The live objects of the rows the runs removed and no move took along.
        for range in FlatEmission.oldRanges(of: runs) {
            for position in range.start ..< range.end {
                guard let slot = oldSlots[position], !movedFrom.contains(position) else { continue }
                dropped.append((position, slot))
            }
        }
        return slots
    }

    /// Gives the objects of removed rows still held (`dropped`, and `orphans` from earlier
    /// batches) to the first added row of the same identity whose slot is empty; returns
    /// the orphans left, the dead ones swept. Costs nothing when no removed row is held.
    mutating func adoptOrphans(_ orphans: Orphans, into slots: inout [WeakObject?], added runs: [Splice]) -> Orphans {
        var left = orphans
        for (position, slot) in dropped {
            guard let object = slot.get(), let entry = old.entry(at: position) else { continue }
            g_object_unref(object)
            let key = Key(entry)
            if left.objects[key]?.isAlive != true { left.objects[key] = slot }
        }
        left.objects = left.objects.filter { $0.value.isAlive }
        guard !left.objects.isEmpty else { return left }
        for run in runs {
            for position in run.position ..< run.position + run.added where slots[position] == nil {
                guard let entry = new.entry(at: position), let slot = left.objects[Key(entry)], slot.isAlive else { continue }
                slots[position] = slot
                left.objects[Key(entry)] = nil
                repoint.append(position)
            }
        }
        return left
    }
}

/// The objects made while a batch is emitted and the new positions they are kept for
/// (one reference each); `EmissionTable` finds them by position.
struct MadeObjects {
    private var objects: [(position: Int, object: UnsafeMutableRawPointer)] = []

    var count: Int { objects.count }

    mutating func keep(_ object: UnsafeMutableRawPointer, at position: Int) {
        objects.append((position, object))
    }

    func forEach(_ body: (Int, UnsafeMutableRawPointer) -> Void) {
        for (position, object) in objects { body(position, object) }
    }
}

/// A GObject pointer kept under a lock (a reference it stands for, or a borrowed one).
struct ObjectPointer: @unchecked Sendable {
    var raw: UnsafeMutableRawPointer
}
