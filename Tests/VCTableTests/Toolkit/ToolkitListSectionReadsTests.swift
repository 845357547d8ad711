import CGLib
import Testing
@testable import VCTable
import VCTableDiff

// The section reads of vctable.h, which no module the Swift side imports declares (the
// C half's include/ holds only vctable-private.h).
@_extern(c, "vct_list_model_get_section")
private func vctListModelGetSection(
    _ list: UnsafeMutableRawPointer, _ position: guint,
    _ start: UnsafeMutablePointer<guint>?, _ end: UnsafeMutablePointer<guint>?) -> guint

@_extern(c, "vct_list_model_get_n_sections")
private func vctListModelGetNSections(_ list: UnsafeMutableRawPointer) -> guint

/// A real `VctListModel` read inside its own signals: while a batch's `items-changed` runs
/// are emitted, the C half answers `n-items` and the sections "as the runs so far have left
/// the list" (vct-list-model.c, `transition_section` and `transition_n_sections`), a port
/// of `FlatTransition`, checked here against it.
@Suite("Toolkit: a VctListModel's sections inside its items-changed")
struct ToolkitListSectionReadsTests {
    @Test("Inside every items-changed of 300 random sectioned batches, the C half's item count and sections are FlatTransition's; at rest, the new list's")
    func readsDuringEmission() async throws {
        let driver = try ToolkitSectionReadsDriver(seed: 20261201)
        var ok = true
        // 300 batches, 50 a turn, each turn on a thread of its own (the context is iterated
        // there, off the cooperative pool): the test's task waits in between.
        for _ in 0 ..< 6 {
            ok = await ToolkitThreads.offPool { driver.run(rounds: 50) } && ok
        }
        ok = await ToolkitThreads.offPool { driver.finish() } && ok
        let probe = driver.probe
        #expect(ok, "every batch was delivered within the timeout")
        #expect(probe.problemCount == 0,
                "\(probe.problemCount) reads differ from the reference; the first ones:\n\(probe.problems.joined(separator: "\n"))")
        // The batches were of both shapes: several runs, and one run covering several.
        #expect(driver.batches > 250 && probe.runCount > driver.batches)
        #expect(driver.batchesOfManyRuns > 0 && driver.batchesCovered > 0)
    }
}

/// The reference state of one `VctListModel`, the user data of its `items-changed` and
/// `changes-done` handlers: the batch being delivered (the runs it must emit, and
/// `FlatTransition` over them) and what was found to differ.
private final class ToolkitSectionReadsProbe {
    /// The `VctListModel *`.
    let list: UnsafeMutableRawPointer
    private var round = 0
    private var runs: [Splice] = []
    private var transition: FlatTransition
    private var new: FlatSections
    /// The runs emitted so far in this batch, and whether its changes-done came.
    private var runsSeen = 0
    private(set) var batchDone = false
    /// Signals received since `expect(...)`.
    private(set) var signals = 0
    private(set) var runCount = 0
    private(set) var problems: [String] = []
    private(set) var problemCount = 0

    init(list: UnsafeMutableRawPointer, sections: FlatSections) {
        self.list = list
        transition = FlatTransition(from: sections, to: sections)
        new = sections
    }

    /// The next batch, round `round`: `runs` (as emitted) turn `old` into `new`.
    func expect(round: Int, runs: [Splice], from old: FlatSections, to new: FlatSections) {
        self.round = round
        self.runs = runs
        self.new = new
        transition = FlatTransition(from: old, to: new)
        runsSeen = 0
        batchDone = false
        signals = 0
    }

    func problem(_ text: @autoclosure () -> String) {
        problemCount += 1
        if problems.count < 12 { problems.append("round \(round): \(text())") }
    }

    /// items-changed: the run is the reference's next, and the list reads as it leaves it.
    func itemsChanged(_ run: Splice) {
        signals += 1
        runCount += 1
        let index = runsSeen
        runsSeen += 1
        guard index < runs.count else {
            problem("run \(index) \(run) emitted, the reference has \(runs.count) runs")
            return
        }
        if run != runs[index] { problem("run \(index) is \(run), the reference's is \(runs[index])") }
        transition.apply(runs[index], last: index == runs.count - 1)
        let transition = self.transition
        check("inside run \(index + 1)/\(runs.count) \(runs[index])",
              count: transition.count, sectionCount: transition.sectionCount, section: transition.section(at:))
    }

    /// changes-done: every run came, and the list reads as the new one.
    func changesDone() {
        signals += 1
        if batchDone { problem("a second changes-done") }
        batchDone = true
        if runsSeen != runs.count { problem("changes-done after \(runsSeen) runs, the reference has \(runs.count)") }
        let new = self.new
        check("at rest", count: new.count, sectionCount: new.sections.count) { position in
            new.sectionIndex(at: position).map { ($0, new.start(ofSection: $0), new.start(ofSection: $0 + 1)) }
        }
    }

    /// The C half's reads against the reference's: the item count, the section count, and
    /// the section at every position and one past the end (GTK's rule: the section count
    /// and an empty range at the item count).
    private func check(_ when: String, count: Int, sectionCount: Int,
                       section: (Int) -> (index: Int, start: Int, end: Int)?) {
        let items = Int(g_list_model_get_n_items(OpaquePointer(list)))
        if items != count { problem("\(when): n-items \(items), the reference \(count)") }
        let sections = Int(vctListModelGetNSections(list))
        if sections != sectionCount { problem("\(when): n-sections \(sections), the reference \(sectionCount)") }
        for position in 0 ... count {
            var start: guint = 0, end: guint = 0
            let index = Int(vctListModelGetSection(list, guint(position), &start, &end))
            let read = (index: index, start: Int(start), end: Int(end))
            let expected = section(position) ?? (sectionCount, count, count)
            if read != expected { problem("\(when): get_section(\(position)) = \(read), the reference \(expected)") }
        }
    }
}

/// A `ListModel` on a context of the test's own, its `VctListModel` object with the probe
/// connected, and the random batches it is given (`ToolkitFlatSectionsTests.randomSections`).
/// Used by one thread at a time (`ToolkitThreads.offPool`, awaited in turn).
private final class ToolkitSectionReadsDriver: @unchecked Sendable {
    private let context = ToolkitContext()
    private var generator: ToolkitSplitMix
    private var old: [ListSection]
    private let list: ListModel
    private let object: UnsafeMutableRawPointer
    let probe: ToolkitSectionReadsProbe
    private var handlers: [gulong] = []
    private var round = 0
    /// Batches delivered; of them, those emitted as several runs and as one covering run.
    private(set) var batches = 0
    private(set) var batchesOfManyRuns = 0
    private(set) var batchesCovered = 0

    init(seed: UInt64) throws {
        generator = ToolkitSplitMix(seed: seed)
        old = ToolkitFlatSectionsTests.randomSections(&generator)
        list = try ListModel(kinds: ToolkitKinds.make(), sections: old, scheduler: context.scheduler)
        object = CListModel.makeObject(list)
        probe = ToolkitSectionReadsProbe(list: object, sections: FlatSections(old))

        let itemsChanged: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = { _, position, removed, added, data in
            Unmanaged<ToolkitSectionReadsProbe>.fromOpaque(data!).takeUnretainedValue()
                .itemsChanged(Splice(position: Int(position), removed: Int(removed), added: Int(added)))
        }
        let changesDone: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            Unmanaged<ToolkitSectionReadsProbe>.fromOpaque(data!).takeUnretainedValue().changesDone()
        }
        let release: GClosureNotify = { data, _ in Unmanaged<ToolkitSectionReadsProbe>.fromOpaque(data!).release() }
        for (signal, handler) in [("items-changed", unsafeBitCast(itemsChanged, to: GCallback.self)),
                                  ("changes-done", unsafeBitCast(changesDone, to: GCallback.self))] {
            handlers.append(g_signal_connect_data(
                object, signal, handler, Unmanaged.passRetained(probe).toOpaque(), release, GConnectFlags(0)))
        }
    }

    /// Gives the list `rounds` random batches, each delivered (its changes-done) before
    /// the next. Returns whether each came within the timeout.
    func run(rounds: Int) -> Bool {
        var ok = true
        for _ in 0 ..< rounds {
            round += 1
            let new = ToolkitFlatSectionsTests.randomSections(&generator)
            // What ListModel and CListModel compute for this batch.
            let (batch, result) = ListDiff.changes(from: old, to: new)
            let oldFlat = FlatSections(old)
            let newFlat = FlatSections(result)
            let splices = FlatSections.splices(for: batch.steps, from: oldFlat, to: newFlat)
            let runs = FlatEmission.shape(splices, oldCount: oldFlat.count, newCount: newFlat.count)
            probe.expect(round: round, runs: runs, from: oldFlat, to: newFlat)
            do {
                try list.setSections(new)
            } catch {
                probe.problem("setSections: \(error)")
                return false
            }
            if batch.steps.isEmpty {
                // Nothing changed: no batch, no signal.
                ok = context.drain() && ok
                if probe.signals != 0 { probe.problem("\(probe.signals) signals for a batch of no steps") }
            } else {
                ok = context.iterate(until: { probe.batchDone }) && ok
                batches += 1
                if runs.count > 1 { batchesOfManyRuns += 1 }
                if runs.count < splices.count { batchesCovered += 1 }
            }
            old = result
        }
        return ok
    }

    /// Disconnects the probe, drops the object and runs what it left on the context.
    func finish() -> Bool {
        for handler in handlers { g_signal_handler_disconnect(object, handler) }
        handlers.removeAll()
        g_object_unref(object)
        return context.drain()
    }
}
