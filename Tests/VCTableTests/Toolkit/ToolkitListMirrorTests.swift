import Foundation
import Testing
@testable import VCTable

/// Random sectioned contents, changed a few operations at a time: sections inserted,
/// removed and moved, headers and footers changed, rows inserted, removed, moved (within
/// and across sections) and updated, sometimes with duplicate row identities.
struct ToolkitListGenerator {
    struct ToolkitGeneratedRow: Equatable {
        var id: Int
        var version: Int
        var isCounter: Bool
    }

    struct ToolkitGeneratedSection {
        var id: Int
        var header: Int?    // the header's content version; nil: no header
        var headerID: Int
        var footer: Int?
        var rows: [ToolkitGeneratedRow]
    }

    var rng: ToolkitSplitMix
    var sections: [ToolkitGeneratedSection] = []
    /// Mutable rows, one instance per id, when the test uses them.
    let counters: [Int: ToolkitCounterRowViewModel]

    static let itemIDs = 0 ..< 20
    static let sectionIDs = 0 ..< 10

    init(rng: ToolkitSplitMix, counters: [Int: ToolkitCounterRowViewModel] = [:]) {
        self.rng = rng
        self.counters = counters
    }

    /// The contents as a list's sections (new instances of the immutable rows each time).
    func build() -> [ListSection] {
        sections.map { section in
            ListSection(
                id: Identity(section.id),
                header: section.header.map { ToolkitHeaderViewModel(id: section.headerID, title: "h\(section.id).\($0)") },
                footer: section.footer.map { ToolkitFooterViewModel(id: 0, note: "f\(section.id).\($0)") },
                rows: section.rows.map { row -> any RowViewModel in
                    if row.isCounter, let counter = counters[row.id] { return counter }
                    return ToolkitItemViewModel(id: row.id, text: "r\(row.id).\(row.version)")
                })
        }
    }

    mutating func randomRows(_ count: Int, in rows: [ToolkitGeneratedRow] = []) -> [ToolkitGeneratedRow] {
        var result = rows
        for _ in 0 ..< count { result.insert(newRow(avoiding: result), at: rng.below(result.count + 1)) }
        return result
    }

    /// A row to insert into a section holding `existing`: usually an identity not there
    /// yet, sometimes (10%) a duplicate of one that is; sometimes a mutable row.
    mutating func newRow(avoiding existing: [ToolkitGeneratedRow]) -> ToolkitGeneratedRow {
        if !counters.isEmpty, rng.chance(25) {
            let free = counters.keys.sorted().filter { id in !existing.contains { $0.isCounter && $0.id == id } }
            if !free.isEmpty { return ToolkitGeneratedRow(id: free[rng.below(free.count)], version: 0, isCounter: true) }
        }
        let items = existing.filter { !$0.isCounter }
        if !items.isEmpty, rng.chance(10) {
            return ToolkitGeneratedRow(id: items[rng.below(items.count)].id, version: rng.below(3), isCounter: false)
        }
        let free = Self.itemIDs.filter { id in !items.contains { $0.id == id } }
        let id = free.isEmpty ? rng.below(Self.itemIDs.count) : free[rng.below(free.count)]
        return ToolkitGeneratedRow(id: id, version: rng.below(3), isCounter: false)
    }

    mutating func randomSection(id: Int) -> ToolkitGeneratedSection {
        let header: Int? = rng.chance(40) ? rng.below(3) : nil
        let footer: Int? = rng.chance(25) ? rng.below(3) : nil
        return ToolkitGeneratedSection(id: id, header: header, headerID: rng.below(2), footer: footer, rows: randomRows(rng.below(6)))
    }

    mutating func randomContents() {
        sections = []
        for _ in 0 ..< rng.below(5) { insertSection() }
    }

    mutating func insertSection() {
        let free = Self.sectionIDs.filter { id in !sections.contains { $0.id == id } }
        guard !free.isEmpty, sections.count < 6 else { return }
        let section = randomSection(id: free[rng.below(free.count)])
        sections.insert(section, at: rng.below(sections.count + 1))
    }

    /// One to four random operations.
    mutating func mutate() {
        for _ in 0 ..< 1 + rng.below(4) { operate() }
    }

    private mutating func pickSection() -> Int? {
        sections.isEmpty ? nil : rng.below(sections.count)
    }

    private mutating func operate() {
        switch rng.below(14) {
        case 0:
            insertSection()
        case 1:
            if let s = pickSection(), rng.chance(70) { sections.remove(at: s) }
        case 2:
            if let s = pickSection() {
                let section = sections.remove(at: s)
                sections.insert(section, at: rng.below(sections.count + 1))
            }
        case 3:
            if let s = pickSection() {
                switch rng.below(4) {
                case 0: sections[s].header = nil
                case 1: sections[s].headerID = 1 - sections[s].headerID
                default: sections[s].header = (sections[s].header ?? 0) + 1
                }
            }
        case 4:
            if let s = pickSection() {
                sections[s].footer = rng.chance(30) ? nil : (sections[s].footer ?? 0) + 1
            }
        case 5, 6:
            if let s = pickSection() { sections[s].rows = randomRows(1 + rng.below(3), in: sections[s].rows) }
        case 7:
            if let s = pickSection(), !sections[s].rows.isEmpty {
                let start = rng.below(sections[s].rows.count)
                let length = 1 + rng.below(min(3, sections[s].rows.count - start))
                sections[s].rows.removeSubrange(start ..< start + length)
            }
        case 8:
            if let s = pickSection(), !sections[s].rows.isEmpty {
                let row = sections[s].rows.remove(at: rng.below(sections[s].rows.count))
                sections[s].rows.insert(row, at: rng.below(sections[s].rows.count + 1))
            }
        case 9:
            if let from = pickSection(), let to = pickSection(), from != to, !sections[from].rows.isEmpty {
                let index = rng.below(sections[from].rows.count)
                let row = sections[from].rows[index]
                if row.isCounter, sections[to].rows.contains(where: { $0.isCounter && $0.id == row.id }) { return }
                sections[from].rows.remove(at: index)
                sections[to].rows.insert(row, at: rng.below(sections[to].rows.count + 1))
            }
        case 10, 11:
            if let s = pickSection(), !sections[s].rows.isEmpty {
                for _ in 0 ..< 1 + rng.below(3) {
                    let index = rng.below(sections[s].rows.count)
                    sections[s].rows[index].version += 1
                }
            }
        case 12:
            if let s = pickSection() { sections[s].rows.shuffle(using: &rng) }
        default:
            if rng.chance(30) { randomContents() } else if let s = pickSection() {
                sections[s].rows = randomRows(rng.below(8))
            }
        }
    }
}

@Suite("Toolkit: list mirror property")
struct ToolkitListMirrorTests {
    static let baseSeed: UInt64 = {
        if let text = ProcessInfo.processInfo.environment["TOOLKIT_SEED"], let seed = UInt64(text) { return seed }
        return 0x5EED_2026_0001
    }()

    static func seed(forCase number: Int) -> UInt64 {
        baseSeed &+ UInt64(number) &* 0x9E37_79B9_7F4A_7C15
    }

    /// Checks the consumer's copy and the model against the expected contents; returns
    /// what is wrong.
    static func check(_ mirror: ToolkitMirror, _ list: ListModel, expected: [ListSection]) -> String? {
        if let problem = mirror.problems.first { return problem }
        let model = ToolkitSectionSnapshot.of(list.sections)
        if mirror.copy != model {
            return "drift:\n  copy  \(mirror.copy)\n  model \(model)"
        }
        let wanted = ToolkitSectionSnapshot.of(expected)
        if model != wanted {
            return "the model does not show the last contents:\n  model \(model)\n  wanted \(wanted)"
        }
        return nil
    }

    @Test("3 000 random update sequences: a consumer applying every batch step by step never drifts")
    func mirrorNeverDrifts() async throws {
        let cases = 3_000
        var failures = 0
        var batches = 0
        var steps = 0
        var stepKinds = Set<String>()
        for number in 0 ..< cases {
            // Seconds of CPU: yield now and then, so the pool's threads serve other tests'
            // tasks meanwhile (PropertyTests.casesPerYield says why).
            if number % 25 == 0 { await Task.yield() }
            let seed = Self.seed(forCase: number)
            var generator = ToolkitListGenerator(rng: ToolkitSplitMix(seed: seed))
            generator.randomContents()
            let scheduler = TestScheduler()
            let list = try ListModel(kinds: ToolkitKinds.make(), sections: generator.build(), scheduler: scheduler)
            let mirror = ToolkitMirror(list)
            let recorder = ToolkitRecorder<[ListChange]>()
            let subscription = list.observeChanges { recorder.append($0) }
            defer { subscription.dispose() }
            var expected = generator.build()
            var failure: String?
            for round in 0 ..< 1 + generator.rng.below(6) {
                let before = mirror.batchCount
                var mode = "set"
                if generator.rng.below(10) < 7 {
                    // Coalescing: one to three setSections, then the scheduler runs once.
                    let count = 1 + generator.rng.below(3)
                    mode = "set×\(count)"
                    for _ in 0 ..< count {
                        generator.mutate()
                        try list.setSections(generator.build())
                    }
                    expected = generator.build()
                    scheduler.advance()
                    if mirror.batchCount - before > 1 {
                        failure = "\(mirror.batchCount - before) batches for one scheduler run"
                    }
                } else {
                    // A prepared update, maybe made stale by a change in between.
                    generator.mutate()
                    let goal = generator.build()
                    let update = try list.prepareUpdate(goal)
                    let variant = generator.rng.below(4)
                    mode = "commit/\(variant)"
                    switch variant {
                    case 0:
                        // Committed on the loop with nothing in between.
                        scheduler.schedule { list.commit(update) }
                        scheduler.advance()
                        expected = goal
                    case 1, 2:
                        // Another change published (1) or pending (2) before the commit runs:
                        // the commit is stale and recomputed; its contents win.
                        var other = generator
                        other.mutate()
                        generator.rng = other.rng
                        try list.setSections(other.build())
                        if variant == 1 { scheduler.advance() }
                        scheduler.schedule { list.commit(update) }
                        scheduler.advance()
                        expected = goal
                    default:
                        // The commit runs first; a setSections made meanwhile is then stale
                        // when its flush runs, and is recomputed; its contents win.
                        scheduler.schedule { list.commit(update) }
                        generator.mutate()
                        try list.setSections(generator.build())
                        scheduler.advance()
                        expected = generator.build()
                    }
                }
                if failure == nil { failure = Self.check(mirror, list, expected: expected) }
                if let problem = failure {
                    failure = "round \(round) (\(mode)): \(problem)"
                    break
                }
            }
            batches += recorder.count
            for batch in recorder.values {
                steps += batch.count
                for step in batch {
                    switch step {
                    case .sections: stepKinds.insert("sections")
                    case .rows: stepKinds.insert("rows")
                    case .sectionUpdated: stepKinds.insert("sectionUpdated")
                    case .rowUpdated: stepKinds.insert("rowUpdated")
                    }
                }
            }
            if let failure {
                Issue.record("case \(number), seed \(seed) (TOOLKIT_SEED=\(Self.baseSeed)): \(failure)")
                failures += 1
                if failures >= 5 { break }
            }
        }
        #expect(failures == 0)
        // The generator must exercise every kind of step, or the test proves little.
        #expect(stepKinds == ["sections", "rows", "sectionUpdated", "rowUpdated"])
        #expect(batches > cases * 2)
        #expect(steps > batches)
    }

    @Test("500 random sequences with mutable rows changing between updates: no drift")
    func mirrorWithMutableRows() async throws {
        var failures = 0
        var rowUpdates = 0
        for number in 0 ..< 500 {
            if number % 25 == 0 { await Task.yield() }
            let seed = Self.seed(forCase: 1_000_000 + number)
            let scheduler = TestScheduler()
            var counters: [Int: ToolkitCounterRowViewModel] = [:]
            for id in 100 ..< 106 { counters[id] = ToolkitCounterRowViewModel(id: id, scheduler: scheduler) }
            var generator = ToolkitListGenerator(rng: ToolkitSplitMix(seed: seed), counters: counters)
            let list = try ListModel(kinds: ToolkitKinds.make(), scheduler: scheduler)
            let mirror = ToolkitMirror(list, checkEachBatch: false)
            let recorder = ToolkitRecorder<[ListChange]>()
            let subscription = list.observeChanges { recorder.append($0) }
            defer { subscription.dispose() }
            var failure: String?
            for round in 0 ..< 2 + generator.rng.below(6) {
                let bumpFirst = generator.rng.chance(50)
                let bumps = generator.rng.below(4)
                func bump(_ generator: inout ToolkitListGenerator) {
                    for _ in 0 ..< bumps {
                        let id = 100 + generator.rng.below(6)
                        counters[id]!.counter.value += 1 + generator.rng.below(2)
                    }
                }
                if bumpFirst { bump(&generator) }
                for _ in 0 ..< 1 + generator.rng.below(2) {
                    generator.mutate()
                    try list.setSections(generator.build())
                }
                if !bumpFirst { bump(&generator) }
                scheduler.advance()
                if let problem = Self.check(mirror, list, expected: generator.build()) {
                    failure = "round \(round): \(problem)"
                    break
                }
                // Only mutable rows change now: the next run reports only rowUpdated steps.
                let before = recorder.count
                for _ in 0 ..< 1 + generator.rng.below(2) {
                    counters[100 + generator.rng.below(6)]!.counter.value += 1
                }
                scheduler.advance()
                for batch in recorder.values[before...] {
                    for step in batch {
                        guard case .rowUpdated = step else {
                            failure = "round \(round): \(step) for a property change"
                            break
                        }
                        rowUpdates += 1
                    }
                }
                if failure == nil, let problem = Self.check(mirror, list, expected: generator.build()) {
                    failure = "round \(round), after property changes: \(problem)"
                }
                if failure != nil { break }
            }
            if let failure {
                Issue.record("case \(number), seed \(seed) (TOOLKIT_SEED=\(Self.baseSeed)): \(failure)")
                failures += 1
                if failures >= 5 { break }
            }
        }
        #expect(failures == 0)
        #expect(rowUpdates > 100, "the property changes must be exercised")
    }
}
