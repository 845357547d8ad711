import Testing
@testable import VCTable
import VCTableDiff

/// `FlatSections` and `FlatTransition`: the flat order `VctListModel` shows, and the flat
/// `items-changed` runs made from a batch of sectioned steps.
@Suite("Toolkit: flat sections")
struct ToolkitFlatSectionsTests {
    /// What a flat position shows, comparable across versions: section id, role, row id.
    private static func label(_ entry: FlatSections.Entry) -> String {
        "\(entry.section.id)/\(entry.role.rawValue)/\(entry.model.diffIdentifier)"
    }

    private static func labels(_ flat: FlatSections) -> [String] {
        (0 ..< flat.count).map { label(flat.entry(at: $0)!) }
    }

    /// Up to six sections (ids 0 to 5, shuffled), each with or without a header and a
    /// footer and up to eight rows, whose texts vary: random batches of every step kind.
    static func randomSections(_ generator: inout some RandomNumberGenerator) -> [ListSection] {
        var ids = Array(0 ..< 6).shuffled(using: &generator)
        ids.removeLast(Int.random(in: 0 ... 4, using: &generator))
        return ids.map { id in
            let rows = (0 ..< 12).shuffled(using: &generator).prefix(Int.random(in: 0 ... 8, using: &generator))
            return ListSection(
                id: Identity(id),
                header: Bool.random(using: &generator) ? ToolkitHeaderViewModel(id: id, title: "h\(Int.random(in: 0 ... 1, using: &generator))") : nil,
                footer: Bool.random(using: &generator) ? ToolkitFooterViewModel(id: id, note: "f") : nil,
                rows: rows.map { ToolkitItemViewModel(id: $0, text: "t\(Int.random(in: 0 ... 1, using: &generator))") })
        }
    }

    /// The sections a handler reads part way through a batch are the runs of one section
    /// id in `copy` (the list as the runs so far have left it), numbered in increasing
    /// order, and the count is past the last one.
    private static func expectSections(_ transition: FlatTransition, match copy: [String]) {
        func sectionID(_ label: String) -> Substring { label.prefix { $0 != "/" } }
        var start = 0
        var previous = -1
        while start < copy.count {
            var end = start + 1
            while end < copy.count, sectionID(copy[end]) == sectionID(copy[start]) { end += 1 }
            let first = transition.section(at: start)!
            #expect(first.index > previous && first.start == start && first.end == end)
            #expect((start ..< end).allSatisfy { transition.section(at: $0)! == first })
            previous = first.index
            start = end
        }
        #expect(transition.sectionCount > previous)
        #expect(transition.section(at: copy.count) == nil)
    }

    @Test("Flat order: header, rows, footer per section; lookups past the end are nil")
    func flatOrder() {
        let flat = FlatSections([
            ListSection(id: 0, header: ToolkitHeaderViewModel(id: 0, title: "a"), rows: [ToolkitItemViewModel(id: 1, text: "x")]),
            ListSection(id: 1, rows: []),
            ListSection(id: 2, footer: ToolkitFooterViewModel(id: 2, note: "n"), rows: [ToolkitItemViewModel(id: 3, text: "y")]),
        ])
        #expect(flat.count == 4)
        #expect(Self.labels(flat) == ["0/header/0", "0/row/1", "2/row/3", "2/footer/2"])
        #expect(flat.sectionIndex(at: 2) == 2)
        #expect(flat.start(ofSection: 1) == 2 && flat.start(ofSection: 2) == 2)
        #expect(flat.entry(at: 4) == nil)
        #expect(flat.sectionIndex(at: -1) == nil)
    }

    @Test("Row numbers (headers and footers not counted) map to flat positions both ways, over 500 random lists")
    func rowNumbers() {
        var generator = ToolkitSplitMix(seed: 20261129)
        for _ in 0 ..< 500 {
            let flat = FlatSections(Self.randomSections(&generator))
            let rowPositions = (0 ..< flat.count).filter { flat.entry(at: $0)!.role == .row }
            #expect(flat.rowCount == rowPositions.count)
            for (number, position) in rowPositions.enumerated() {
                #expect(flat.row(number)?.position == position)
                #expect(flat.row(number)?.section == flat.sectionIndex(at: position))
            }
            #expect(flat.row(rowPositions.count) == nil && flat.row(-1) == nil)
            for position in 0 ... flat.count {
                let before = rowPositions.filter { $0 < position }.count
                #expect(flat.rowsBefore(position) == (before, rowPositions.contains(position)))
            }
        }
    }

    @Test("The flat runs of 2 000 random batches turn a copy into the new list, and the transition reads each step, sections included")
    func randomBatches() async {
        var generator = ToolkitSplitMix(seed: 20261124)
        var old = Self.randomSections(&generator)
        for round in 0 ..< 2_000 {
            // Seconds of CPU: yield now and then (PropertyTests.casesPerYield says why).
            if round % 50 == 0 { await Task.yield() }
            let new = Self.randomSections(&generator)
            let (batch, result) = ListDiff.changes(from: old, to: new)
            let steps = batch.steps
            let oldFlat = FlatSections(old)
            let newFlat = FlatSections(result)
            var copy = Self.labels(oldFlat)
            var transition = FlatTransition(from: oldFlat, to: newFlat)
            let splices = FlatSections.splices(for: steps, from: oldFlat, to: newFlat)
            for (index, splice) in splices.enumerated() {
                #expect(splice.removed > 0 || splice.added > 0)
                #expect(splice.position + splice.removed <= copy.count)
                transition.apply(splice, last: index == splices.count - 1)
                copy.replaceSubrange(
                    splice.position ..< splice.position + splice.removed,
                    with: (splice.position ..< splice.position + splice.added).map { Self.label(newFlat.entry(at: $0)!) })
                // What a handler reads while this run is emitted.
                #expect(transition.count == copy.count)
                #expect((0 ..< copy.count).map { Self.label(transition.entry(at: $0)!) } == copy)
                Self.expectSections(transition, match: copy)
            }
            #expect(copy == Self.labels(newFlat))
            if !splices.isEmpty {
                // After the last run the sections read as the new list's.
                #expect(transition.sectionCount == newFlat.sections.count)
                #expect((0 ..< newFlat.count).allSatisfy { position in
                    let read = transition.section(at: position)!
                    let index = newFlat.sectionIndex(at: position)!
                    return read == (index, newFlat.start(ofSection: index), newFlat.start(ofSection: index + 1))
                })
            }
            old = result
        }
    }

    /// The runs a view is given: one covering `items-changed` when a view would pay more
    /// for the runs (GTK 4.8 rebinds every row after each run), the runs themselves when
    /// they are cheap.
    @Test("Emission shape: a reversal (two runs) is one covering run; an insert at the top, far-apart and few small runs stay")
    func emissionShape() {
        func runs(_ list: [(Int, Int, Int)]) -> [Splice] { list.map { Splice(position: $0.0, removed: $0.1, added: $0.2) } }
        // 10 000 rows reversed: everything but the last old row removed, then added after it.
        let reversal = runs([(0, 9_999, 0), (1, 0, 9_999)])
        #expect(FlatEmission.shape(reversal, oldCount: 10_000, newCount: 10_000) == runs([(0, 10_000, 10_000)]))
        // One insert at the top of 100 000 rows.
        let insert = runs([(0, 0, 1)])
        #expect(FlatEmission.shape(insert, oldCount: 100_000, newCount: 100_001) == insert)
        // Two inserts 50 000 rows apart: covering them would send 100 000 rows.
        let apart = runs([(10, 0, 1), (50_011, 0, 1)])
        #expect(FlatEmission.shape(apart, oldCount: 100_000, newCount: 100_002) == apart)
        // A few small runs stay: a plain mirror keeps the rows it holds.
        let close = runs([(10, 0, 1), (21, 0, 1)])
        #expect(FlatEmission.shape(close, oldCount: 100_000, newCount: 100_002) == close)
        // Many small runs close together: one run over the rows between them, suffix trimmed.
        let many = (0 ..< 9).map { Splice(position: 10 + 2 * $0, removed: 0, added: 1) }
        #expect(FlatEmission.shape(many, oldCount: 100_000, newCount: 100_009) == runs([(10, 8, 17)]))
    }
}
