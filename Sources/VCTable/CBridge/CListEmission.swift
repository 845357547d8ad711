internal import CGLib
internal import VCTableGObject

/// The C half's table of a batch being emitted (`VctListEmission`, vct-list-emission.c):
/// what the emitting thread's `get_item` answers without calling `CListModel`, which
/// keeps it up to date under its lock, on that thread.
///
/// It holds the probe objects (one per row class, each a reference of the list's), the
/// objects made while emitting (borrowed: `CListModel.Emission.made` holds them), which
/// new positions have a slot (the core answers there), and each new section's rows and
/// the probe class they share. Begun before the batch's first run, ended after its last;
/// meanwhile `get_item` on any other thread waits for the end (`waitForEnd`).
///
/// Sendable as a pointer: any thread may ask `isMine` and `waitForEnd`; everything else
/// is the emitting thread's, under the list's lock.
struct EmissionTable: @unchecked Sendable {
    private let raw: OpaquePointer

    /// The table of `list` (a `VctListModel`), valid while it lives.
    init(list: UnsafeMutableRawPointer) {
        raw = _vct_list_model_get_emission(list)
    }

    /// Before the first run: the new list, and the slots carried to it (`slots`, one per
    /// position of `new`). Only the positions of live objects go to the core: a slot stays
    /// until the next sweep once its object is gone, and a view drops most of what it held
    /// across a reload (GTK probes every position of a covering run, twice).
    func begin(_ new: FlatSections, slots: [WeakObject?]) {
        _vct_list_emission_begin(raw, UInt32(clamping: new.count), UInt32(clamping: new.sections.count))
        for index in new.sections.indices {
            let start = new.start(ofSection: index) + (new.sections[index].header == nil ? 0 : 1)
            _vct_list_emission_set_section(
                raw, UInt32(clamping: index), UInt32(clamping: start),
                UInt32(clamping: start + new.sections[index].rows.count))
        }
        slots.withUnsafeBufferPointer { slots in
            for position in slots.indices where slots[position]?.isAlive == true { markCarried(position) }
        }
    }

    /// After the last run, every probe taken (`setProbe(_:nil)`).
    func end() { _vct_list_emission_end(raw) }

    /// Whether the calling thread is the one emitting.
    var isMine: Bool { _vct_list_emission_is_mine(raw) != 0 }

    /// Returns once no other thread is emitting a batch of the list.
    func waitForEnd() { _vct_list_emission_wait(raw) }

    /// Before each run: positions before `newEnd` read the new list.
    func setNewEnd(_ newEnd: Int) { _vct_list_emission_set_new_end(raw, UInt32(clamping: newEnd)) }

    /// New position `position` has a slot (maybe live): the core answers there.
    func markCarried(_ position: Int) { _vct_list_emission_mark_carried(raw, UInt32(clamping: position)) }

    /// The object made at new position `position` while emitting (borrowed), if any.
    func made(at position: Int) -> UnsafeMutableRawPointer? {
        _vct_list_emission_get_made(raw, UInt32(clamping: position))
    }

    func setMade(_ object: UnsafeMutableRawPointer, at position: Int) {
        _vct_list_emission_set_made(raw, UInt32(clamping: position), object)
    }

    /// Row class `key`'s probe object, if it has one.
    func probe(_ key: Int) -> Probe? {
        guard key >= 0, key < Int(VCT_LIST_EMISSION_PROBE_CLASSES) else { return nil }
        var core: UnsafeMutableRawPointer?
        var position: UInt32 = 0
        guard let object = _vct_list_emission_get_probe(raw, UInt32(key), &core, &position), let core else { return nil }
        return Probe(object: object, core: Unmanaged<CRow>.fromOpaque(core).takeUnretainedValue(), position: Int(position))
    }

    /// Sets (or, with `nil`, clears) row class `key`'s probe object; the reference it
    /// stands for moves with it.
    func setProbe(_ key: Int, _ probe: Probe?) {
        guard key >= 0, key < Int(VCT_LIST_EMISSION_PROBE_CLASSES) else { return }
        _vct_list_emission_set_probe(
            raw, UInt32(key), probe?.object, probe.map { Unmanaged.passUnretained($0.core).toOpaque() },
            UInt32(clamping: probe?.position ?? 0))
    }

    /// The probe object for new position `index`, if its section's class has one that the
    /// list alone holds or that shows `index` (transfer full); `sharedKey` finds a
    /// section's class the first time one of its rows is probed.
    func lazyProbe(_ index: Int, sharedKey: (Int) -> Int) -> UnsafeMutableRawPointer? {
        var section = UInt32.max
        if let object = _vct_list_emission_lazy_probe(raw, UInt32(clamping: index), &section) { return object }
        guard section != UInt32.max else { return nil }
        _vct_list_emission_set_section_key(raw, section, Int32(sharedKey(Int(section))))
        return _vct_list_emission_lazy_probe(raw, UInt32(clamping: index), nil)
    }
}

/// A probe object (`EmissionTable.probe`): the object (one reference of the list's), its
/// core, and the new position it shows.
struct Probe {
    var object: UnsafeMutableRawPointer
    /// Owned by `object`, which the probe holds.
    unowned(unsafe) var core: CRow
    var position: Int
}
