import CBenchSupport
import Foundation

/// Monotonic time in nanoseconds.
@inline(__always) func now() -> UInt64 { bench_now_ns() }

/// Seconds between two `now()` readings.
@inline(__always) func seconds(_ start: UInt64, _ end: UInt64) -> Double { Double(end &- start) / 1e9 }

/// Keeps the optimizer from deleting work whose result is otherwise unused.
@inline(never) func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

func median(_ values: [Double]) -> Double {
    precondition(!values.isEmpty)
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Runs each contender `repetitions` times, interleaved (one of each per round, rotating
/// which goes first), and returns every contender's samples. Interleaving spreads a noisy
/// neighbour, a frequency change or a page-cache effect over all contenders alike.
func interleaved(repetitions: Int, _ contenders: [() -> Double]) -> [[Double]] {
    var samples = Array(repeating: [Double](), count: contenders.count)
    for round in 0 ..< repetitions {
        for offset in 0 ..< contenders.count {
            let index = (round + offset) % contenders.count
            samples[index].append(contenders[index]())
        }
    }
    return samples
}

/// Allocations (count, bytes) made by the whole process while `body` runs.
func countingAllocations<T>(_ body: () throws -> T) rethrows -> (result: T, count: UInt64, bytes: UInt64) {
    bench_alloc_reset()
    bench_alloc_counting_set(1)
    let result = try body()
    bench_alloc_counting_set(0)
    return (result, bench_alloc_count(), bench_alloc_bytes())
}

/// The peak resident set while `body` runs, above the resident set when it started, in
/// bytes (VmHWM is reset first through /proc/self/clear_refs).
func peakResidentGrowth<T>(_ body: () throws -> T) rethrows -> (result: T, bytes: Double) {
    let resetOK = bench_peak_rss_reset() == 0
    let start = bench_current_rss_kib()
    let result = try body()
    let peak = bench_peak_rss_kib()
    guard resetOK, peak >= start else { return (result, .nan) }
    return (result, Double(peak - start) * 1024)
}

/// The peak resident set of the whole process while `body` runs, in bytes (VmHWM, reset
/// through /proc/self/clear_refs first).
func peakResident<T>(_ body: () throws -> T) rethrows -> (result: T, bytes: Double) {
    let resetOK = bench_peak_rss_reset() == 0
    let result = try body()
    return (result, resetOK ? Double(bench_peak_rss_kib()) * 1024 : .nan)
}

// MARK: Formatting

func formatDuration(_ seconds: Double) -> String {
    if seconds.isNaN { return "–" }
    if seconds >= 1 { return String(format: "%.2f s", seconds) }
    if seconds >= 0.01 { return String(format: "%.1f ms", seconds * 1e3) }
    if seconds >= 0.001 { return String(format: "%.2f ms", seconds * 1e3) }
    return String(format: "%.0f µs", seconds * 1e6)
}

func formatRate(_ perSecond: Double) -> String {
    if perSecond >= 1e6 { return String(format: "%.1f M/s", perSecond / 1e6) }
    if perSecond >= 1e3 { return String(format: "%.0f k/s", perSecond / 1e3) }
    return String(format: "%.0f /s", perSecond)
}

func formatBytes(_ bytes: Double) -> String {
    if bytes.isNaN { return "–" }
    if bytes >= 1_048_576 { return String(format: "%.1f MiB", bytes / 1_048_576) }
    if bytes >= 1024 { return String(format: "%.0f KiB", bytes / 1024) }
    return String(format: "%.0f B", bytes)
}

func formatCount(_ value: Double) -> String {
    if value.isNaN { return "–" }
    if value >= 10_000_000 { return String(format: "%.1f M", value / 1e6) }
    if value >= 100_000 { return String(format: "%.0f k", value / 1e3) }
    if value >= 100 || value == value.rounded() { return String(format: "%.0f", value) }
    return String(format: "%.2f", value)
}

func formatRatio(_ ratio: Double) -> String {
    if ratio.isNaN { return "–" }
    if ratio >= 100 { return String(format: "%.0f×", ratio) }
    if ratio >= 10 { return String(format: "%.1f×", ratio) }
    if ratio >= 0.01 { return String(format: "%.2f×", ratio) }
    return String(format: "%.4f×", ratio)
}

/// "5 000", "100 000": how the issue writes row counts.
func grouped(_ value: Int) -> String {
    let digits = Array(String(value))
    var text = ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { text += " " }
        text.append(digit)
    }
    return text
}

// MARK: Tables

/// A plain-text table with left-aligned first columns and right-aligned numbers.
struct Table {
    var title: String
    var header: [String]
    var rows: [[String]] = []
    /// Columns aligned left (the others right).
    var leftColumns: Set<Int> = [0]

    init(_ title: String, _ header: [String], left: Set<Int> = [0]) {
        self.title = title
        self.header = header
        self.leftColumns = left
    }

    mutating func add(_ row: [String]) { rows.append(row) }

    func render() -> String {
        var widths = header.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for (index, width) in widths.enumerated() {
                let cell = index < cells.count ? cells[index] : ""
                let pad = String(repeating: " ", count: max(0, width - cell.count))
                parts.append(leftColumns.contains(index) ? cell + pad : pad + cell)
            }
            var text = parts.joined(separator: "  ")
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }
        var out = title + "\n"
        out += line(header) + "\n"
        out += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
        for row in rows { out += line(row) + "\n" }
        return out
    }
}

/// A target check: the ratio, the bound, and whether it holds.
struct Target {
    enum Bound { case atMost(Double), atLeast(Double) }
    var bound: Bound

    static func atMost(_ value: Double) -> Target { Target(bound: .atMost(value)) }
    static func atLeast(_ value: Double) -> Target { Target(bound: .atLeast(value)) }

    var text: String {
        switch bound {
        case .atMost(let value): "≤ " + formatRatio(value)
        case .atLeast(let value): "≥ " + formatRatio(value)
        }
    }

    func holds(_ ratio: Double) -> Bool {
        switch bound {
        case .atMost(let value): ratio <= value
        case .atLeast(let value): ratio >= value
        }
    }

    /// "met", or "MISSED by 12%" (how far the ratio is from the bound, relative to it).
    func verdict(_ ratio: Double) -> String {
        if ratio.isNaN { return "n/a" }
        if holds(ratio) { return "met" }
        switch bound {
        case .atMost(let value): return String(format: "MISSED by %.0f%%", (ratio / value - 1) * 100)
        case .atLeast(let value): return String(format: "MISSED by %.0f%%", (1 - ratio / value) * 100)
        }
    }
}

/// One line of the summary: a target and how this run did.
struct TargetResult {
    var name: String
    var measured: String
    var target: String
    var verdict: String
    var met: Bool
}

/// Everything the run found, for the summary at the end.
final class Report {
    var tables: [Table] = []
    var targets: [TargetResult] = []
    var notes: [String] = []

    func add(_ table: Table) {
        tables.append(table)
        emit(table.render())
    }

    func check(_ name: String, ratio: Double, _ target: Target, measured: String? = nil) {
        targets.append(TargetResult(
            name: name, measured: measured ?? formatRatio(ratio), target: target.text,
            verdict: target.verdict(ratio), met: !ratio.isNaN && target.holds(ratio)))
    }

    func checkLimit(_ name: String, value: Double, atMost limit: Double, unit: (Double) -> String, detail: String? = nil) {
        let met = value <= limit
        let verdict = met ? "met" : String(format: "MISSED by %.0f%%", (value / limit - 1) * 100)
        let measured = unit(value) + (detail.map { " (\($0))" } ?? "")
        targets.append(TargetResult(name: name, measured: measured, target: "≤ " + unit(limit), verdict: verdict, met: met))
    }

    /// The targets, one line each, and the notes.
    func summary() -> String {
        var table = Table("Targets (each a ratio to a baseline measured in this run, or a limit)",
                          ["target", "measured", "bound", "verdict"], left: [0, 1])
        for target in targets { table.add([target.name, target.measured, target.target, target.verdict]) }
        var text = table.render()
        for note in notes { text += "note: " + note + "\n" }
        let met = targets.filter(\.met).count
        text += "targets: \(met) met, \(targets.count - met) missed\n"
        return text
    }
}

/// A deterministic generator (SplitMix64), so every run diffs the same lists.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Prints `text` at once, even when stdout is a pipe (make, tee).
func emit(_ text: String) {
    FileHandle.standardOutput.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
}
