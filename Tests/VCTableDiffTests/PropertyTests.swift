import Testing
import VCTableDiff

/// Random old and new lists, checked with `problems(old:new:changes:)`. Every case has its
/// own seed, printed on failure; `FlatCase(seed:allowDuplicates:)` and
/// `SectionedCase(seed:)` rebuild it, to replay it in a test of its own.
@Suite("Random changes")
struct PropertyTests {
    static let baseSeed: UInt64 = 0x5643_5461_626C_6544  // "VCTableD"

    /// Cases run in chunks, which Swift Testing runs in parallel.
    static let chunks = 0 ..< 4

    /// Cases between two `Task.yield()`s. A test of seconds of CPU that never yields holds
    /// one of the cooperative pool's threads (as many as the machine has cores) for all of
    /// it: on 2 cores two such tests starved the tests that reload a model (their detached
    /// tasks found no thread) past their 30 s timeouts, under load (RELIABILITY.md, P5).
    static let casesPerYield = 50

    @Test("10 000 flat cases with unique identities (4 chunks of 2 500)", arguments: chunks)
    func uniqueIdentities(chunk: Int) async {
        await runFlatCases(chunk * 2_500 ..< (chunk + 1) * 2_500, allowDuplicates: false, salt: 1)
    }

    @Test("6 000 flat cases with duplicate identities (4 chunks of 1 500)", arguments: chunks)
    func duplicateIdentities(chunk: Int) async {
        await runFlatCases(chunk * 1_500 ..< (chunk + 1) * 1_500, allowDuplicates: true, salt: 2)
    }

    @Test("2 400 sectioned cases (4 chunks of 600)", arguments: chunks)
    func sectioned(chunk: Int) async {
        var failures = 0
        for index in chunk * 600 ..< (chunk + 1) * 600 {
            if index % Self.casesPerYield == 0 { await Task.yield() }
            let seed = SplitMix64.caseSeed(base: Self.baseSeed ^ 3, index: index)
            let testCase = SectionedCase(seed: seed)
            let changes = Diff.changes(from: testCase.old, to: testCase.new)
            let found = problems(old: testCase.old, new: testCase.new, changes: changes)
            if !found.isEmpty {
                Issue.record("""
                    SectionedCase(seed: \(seed.hex)): \(found.joined(separator: "; "))
                    old: \(testCase.old)
                    new: \(testCase.new)
                    changes: \(changes)
                    """)
                failures += 1
                if failures == 3 { return }
            }
        }
    }

    @Test("large lists: 3 000 rows, from a few edits to a full shuffle", arguments: 0 ..< 4)
    func largeLists(shape: Int) {
        let seed = SplitMix64.caseSeed(base: Self.baseSeed ^ 4, index: shape)
        var random = SplitMix64(seed: seed)
        let old = randomRows(count: 3_000, pool: 10_000, prefix: "r", unique: true, using: &random)
        var new = old
        switch shape {
        case 0: for _ in 0 ..< 30 { edit(&new, pool: 10_000, prefix: "r", unique: true, using: &random) }
        case 1: for _ in 0 ..< 600 { edit(&new, pool: 10_000, prefix: "r", unique: true, using: &random) }
        case 2: new.shuffle(using: &random)
        default: new.reverse()
        }
        let changes = Diff.changes(from: old, to: new)
        let found = problems(old: old, new: new, changes: changes)
        #expect(found.isEmpty, "large case \(shape), seed \(seed.hex): \(found.prefix(5))")
    }

    private func runFlatCases(_ cases: Range<Int>, allowDuplicates: Bool, salt: UInt64) async {
        var failures = 0
        for index in cases {
            if index % Self.casesPerYield == 0 { await Task.yield() }
            let seed = SplitMix64.caseSeed(base: Self.baseSeed ^ salt, index: index)
            let testCase = FlatCase(seed: seed, allowDuplicates: allowDuplicates)
            let changes = Diff.changes(from: testCase.old, to: testCase.new)
            let found = problems(old: testCase.old, new: testCase.new, changes: changes)
            if !found.isEmpty {
                Issue.record("""
                    FlatCase(seed: \(seed.hex), allowDuplicates: \(allowDuplicates)): \
                    \(found.joined(separator: "; "))
                    old: \(testCase.old)
                    new: \(testCase.new)
                    changes: \(changes)
                    """)
                failures += 1
                if failures == 3 { return }
            }
        }
    }
}

/// A random old list (0 to 60 rows, identities from a small pool) and a new list made from it
/// by random deletes, inserts, moves and content updates (now and then a list unrelated to
/// the old one).
struct FlatCase {
    var old: [Item]
    var new: [Item]

    init(seed: UInt64, allowDuplicates: Bool) {
        var random = SplitMix64(seed: seed)
        let pool = allowDuplicates ? Int.random(in: 1 ... 24, using: &random) : 80
        let oldCount = Int.random(in: 0 ... 60, using: &random)
        old = randomRows(count: oldCount, pool: pool, prefix: "r", unique: !allowDuplicates, using: &random)
        new = old
        if Int.random(in: 0 ..< 20, using: &random) == 0 {
            new = randomRows(
                count: Int.random(in: 0 ... 60, using: &random), pool: pool, prefix: "r",
                unique: !allowDuplicates, using: &random)
        } else {
            let edits = Int.random(in: 0 ... (Bool.random(using: &random) ? 4 : 16), using: &random)
            for _ in 0 ..< edits {
                edit(&new, pool: pool, prefix: "r", unique: !allowDuplicates, using: &random)
            }
        }
    }
}

/// Random sections (0 to 7, identities from a small pool) with random rows; the new sections
/// come from section edits (delete, insert, move, header update) and row edits within and
/// across sections.
struct SectionedCase {
    var old: [Group]
    var new: [Group]

    init(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let allowDuplicates = Int.random(in: 0 ..< 4, using: &random) == 0
        let sectionPool = allowDuplicates ? 4 : 12
        let rowPool = allowDuplicates ? 10 : 200
        var usedRows = Set<String>()
        var usedSections = Set<String>()

        func makeSection(using random: inout SplitMix64) -> Group {
            var id: String
            repeat {
                id = "S\(Int.random(in: 0 ..< sectionPool, using: &random))"
            } while !allowDuplicates && usedSections.contains(id)
            usedSections.insert(id)
            var rows: [Item] = []
            for _ in 0 ..< Int.random(in: 0 ... 8, using: &random) {
                var rowID: String
                repeat {
                    rowID = "r\(Int.random(in: 0 ..< rowPool, using: &random))"
                } while !allowDuplicates && usedRows.contains(rowID)
                usedRows.insert(rowID)
                rows.append(Item(rowID, Int.random(in: 0 ..< 3, using: &random)))
            }
            return Group(id: id, header: Int.random(in: 0 ..< 3, using: &random), rows: rows)
        }

        old = (0 ..< Int.random(in: 0 ... 7, using: &random)).map { _ in makeSection(using: &random) }
        new = old
        for _ in 0 ..< Int.random(in: 0 ... 8, using: &random) {
            let choice = Int.random(in: 0 ..< 10, using: &random)
            switch choice {
            case 0 where !new.isEmpty:
                let removed = new.remove(at: Int.random(in: new.indices, using: &random))
                usedSections.remove(removed.id)
            case 1 where allowDuplicates || usedSections.count < sectionPool:
                new.insert(makeSection(using: &random), at: Int.random(in: 0 ... new.count, using: &random))
            case 2 where !new.isEmpty:
                let moved = new.remove(at: Int.random(in: new.indices, using: &random))
                new.insert(moved, at: Int.random(in: 0 ... new.count, using: &random))
            case 3 where !new.isEmpty:
                new[Int.random(in: new.indices, using: &random)].header = Int.random(in: 0 ..< 3, using: &random)
            case 4 where new.count >= 2:
                // A row moves to another section.
                let from = Int.random(in: new.indices, using: &random)
                let to = Int.random(in: new.indices, using: &random)
                if !new[from].rows.isEmpty {
                    let row = new[from].rows.remove(at: Int.random(in: new[from].rows.indices, using: &random))
                    new[to].rows.insert(row, at: Int.random(in: 0 ... new[to].rows.count, using: &random))
                }
            default:
                guard !new.isEmpty else { continue }
                let section = Int.random(in: new.indices, using: &random)
                if allowDuplicates {
                    edit(&new[section].rows, pool: rowPool, prefix: "r", unique: false, using: &random)
                } else {
                    // Fresh identities for inserted rows, never used anywhere.
                    edit(&new[section].rows, pool: 1_000, prefix: "n\(section)x", unique: true, using: &random)
                }
            }
        }
    }
}

/// `count` rows with identities `prefix` + a number below `pool` (distinct when `unique`,
/// which needs `count <= pool`) and content 0, 1 or 2.
func randomRows(
    count: Int, pool: Int, prefix: String, unique: Bool, using random: inout SplitMix64
) -> [Item] {
    let numbers: [Int] = unique
        ? Array((0 ..< pool).shuffled(using: &random).prefix(count))
        : (0 ..< count).map { _ in Int.random(in: 0 ..< pool, using: &random) }
    return numbers.map { Item("\(prefix)\($0)", Int.random(in: 0 ..< 3, using: &random)) }
}

/// One random edit: delete, insert (a fresh identity when `unique`), move or content update.
func edit(_ rows: inout [Item], pool: Int, prefix: String, unique: Bool, using random: inout SplitMix64) {
    switch Int.random(in: 0 ..< 4, using: &random) {
    case 0 where !rows.isEmpty:
        rows.remove(at: Int.random(in: rows.indices, using: &random))
    case 1:
        var id = "\(prefix)\(Int.random(in: 0 ..< pool, using: &random))"
        if unique {
            let present = Set(rows.map(\.id))
            guard present.count < pool else { return }
            while present.contains(id) { id = "\(prefix)\(Int.random(in: 0 ..< pool, using: &random))" }
        }
        rows.insert(Item(id, Int.random(in: 0 ..< 3, using: &random)), at: Int.random(in: 0 ... rows.count, using: &random))
    case 2 where !rows.isEmpty:
        let row = rows.remove(at: Int.random(in: rows.indices, using: &random))
        rows.insert(row, at: Int.random(in: 0 ... rows.count, using: &random))
    case 3 where !rows.isEmpty:
        rows[Int.random(in: rows.indices, using: &random)].content = Int.random(in: 0 ..< 3, using: &random)
    default:
        break
    }
}
