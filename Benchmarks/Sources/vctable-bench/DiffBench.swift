import Foundation
import VCTable

/// A row with a UUID identity and some content, as an app's list row would be.
struct BenchRow: Identifiable, Hashable, Diffable {
    let id: UUID
    var title: String
    var revision: Int
}

/// The two shapes of change the issue names.
enum DiffShape: String, CaseIterable {
    /// Delete a 10% block, insert a 10% block, move 2% of the rows to random places.
    case structural = "delete 10% + insert 10% + shuffle 2%"
    /// 10% of the rows (random ones) keep their id but change content.
    case content = "10% same id, new content"
}

enum DiffBench {
    static func makeRows(_ count: Int, _ generator: inout SplitMix64, revision: Int = 0) -> [BenchRow] {
        (0 ..< count).map { _ in
            let high = generator.next()
            let low = generator.next()
            let uuid = UUID(uuid: (
                UInt8(truncatingIfNeeded: high), UInt8(truncatingIfNeeded: high >> 8),
                UInt8(truncatingIfNeeded: high >> 16), UInt8(truncatingIfNeeded: high >> 24),
                UInt8(truncatingIfNeeded: high >> 32), UInt8(truncatingIfNeeded: high >> 40),
                UInt8(truncatingIfNeeded: high >> 48) & 0x0F | 0x40, UInt8(truncatingIfNeeded: high >> 56),
                UInt8(truncatingIfNeeded: low) & 0x3F | 0x80, UInt8(truncatingIfNeeded: low >> 8),
                UInt8(truncatingIfNeeded: low >> 16), UInt8(truncatingIfNeeded: low >> 24),
                UInt8(truncatingIfNeeded: low >> 32), UInt8(truncatingIfNeeded: low >> 40),
                UInt8(truncatingIfNeeded: low >> 48), UInt8(truncatingIfNeeded: low >> 56)))
            return BenchRow(id: uuid, title: "photo \(low % 100_000)", revision: revision)
        }
    }

    /// The old list and the new one for `shape` at `count` rows.
    static func lists(_ shape: DiffShape, count: Int) -> (old: [BenchRow], new: [BenchRow]) {
        var generator = SplitMix64(seed: 0x5EED_0000 &+ UInt64(count))
        let old = makeRows(count, &generator)
        var new = old
        switch shape {
        case .structural:
            let block = count / 10
            let deleteAt = count * 3 / 10
            new.removeSubrange(deleteAt ..< deleteAt + block)
            let insertAt = new.count * 6 / 10
            new.insert(contentsOf: makeRows(block, &generator, revision: 1), at: insertAt)
            for _ in 0 ..< count / 50 {
                let from = Int(generator.next() % UInt64(new.count))
                let row = new.remove(at: from)
                new.insert(row, at: Int(generator.next() % UInt64(new.count + 1)))
            }
        case .content:
            var indices = Array(0 ..< count)
            for index in 0 ..< count / 10 {
                indices.swapAt(index, index + Int(generator.next() % UInt64(count - index)))
                new[indices[index]].revision += 1
            }
        }
        return (old, new)
    }

    // MARK: Contenders

    /// VCTableDiff: the changeset (splices, updates and the classic description).
    @inline(never)
    static func vctable(_ old: [BenchRow], _ new: [BenchRow]) -> Int {
        let changes = Diff.changes(from: old, to: new)
        return changes.splices.count &+ changes.updated.count &+ changes.moves.count
    }

    /// The floor of any hash-based diff: a Dictionary of the old identities, then one
    /// lookup per new identity.
    @inline(never)
    static func floor(_ old: [BenchRow], _ new: [BenchRow]) -> Int {
        var table = [UUID: Int](minimumCapacity: old.count)
        for index in old.indices { table[old[index].id] = index }
        var found = 0
        for row in new {
            if let index = table[row.id] { found &+= index }
        }
        return found
    }

    /// The standard library: Myers' difference, then moves inferred.
    @inline(never)
    static func standardLibrary(_ old: [BenchRow], _ new: [BenchRow]) -> Int {
        let difference = new.difference(from: old).inferringMoves()
        return difference.insertions.count &+ difference.removals.count
    }

    /// How many calls make one sample of about `target` seconds.
    static func batchSize(target: Double, _ body: () -> Void) -> Int {
        let start = now()
        body()
        let once = max(seconds(start, now()), 1e-7)
        return max(1, Int(target / once))
    }

    static func run(_ report: Report, repetitions: Int, sizes: [Int], standardLibraryAt100k: Bool) {
        var table = Table(
            "1. Diff: a changeset between two lists of UUID-identified rows (median of \(repetitions) interleaved samples)",
            ["rows", "shape", "VCTableDiff", "Dict floor", "÷ floor", "stdlib diff+moves", "÷ stdlib", "allocs VCT/floor"],
            left: [1])
        for count in sizes {
            for shape in DiffShape.allCases {
                let (old, new) = lists(shape, count: count)
                // Correctness first: the changes turn old into new.
                var mirror = old
                mirror.apply(Diff.changes(from: old, to: new), from: new)
                precondition(mirror == new, "VCTableDiff changes do not rebuild the new list")

                let batch = batchSize(target: 0.02) { blackHole(vctable(old, new)) }
                func sample(_ body: @escaping ([BenchRow], [BenchRow]) -> Int) -> () -> Double {
                    {
                        let start = now()
                        for _ in 0 ..< batch { blackHole(body(old, new)) }
                        return seconds(start, now()) / Double(batch)
                    }
                }
                let samples = interleaved(repetitions: repetitions, [sample(vctable), sample(floor)])
                let ours = median(samples[0])
                let base = median(samples[1])

                var stdlib = Double.nan
                if count <= 10_000 {
                    let stdlibSamples = interleaved(repetitions: max(3, repetitions / 2), [{
                        let start = now()
                        blackHole(standardLibrary(old, new))
                        return seconds(start, now())
                    }])
                    stdlib = median(stdlibSamples[0])
                } else if standardLibraryAt100k {
                    // Seconds and gigabytes at this size: once.
                    let start = now()
                    blackHole(standardLibrary(old, new))
                    stdlib = seconds(start, now())
                }

                let oursAllocs = countingAllocations { vctable(old, new) }.count
                let floorAllocs = countingAllocations { floor(old, new) }.count

                let ratio = ours / base
                table.add([
                    grouped(count), shape.rawValue, formatDuration(ours), formatDuration(base), formatRatio(ratio),
                    count > 10_000 ? formatDuration(stdlib) + " (1 run)" : formatDuration(stdlib),
                    formatRatio(ours / stdlib), "\(oursAllocs) / \(floorAllocs)",
                ])
                if count >= 100_000 {
                    report.check("diff \(grouped(count)), \(shape.rawValue): VCTableDiff ÷ Dictionary floor",
                                 ratio: ratio, .atMost(1.5))
                }
            }
        }
        report.add(table)
    }
}
