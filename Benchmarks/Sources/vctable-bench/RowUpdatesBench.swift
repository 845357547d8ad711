import CBenchSupport
import Foundation
import VCTable

/// What the view counts: notifications that reached it, and the last value it saw.
final class ViewSink: @unchecked Sendable {
    var delivered = 0
    var last = 0
}

/// One run: how many notifications reached the view, how long it took until the last
/// value was shown, and how long the loop was busy (outside poll) meanwhile.
struct RowUpdateSample {
    var delivered: Int
    var seconds: Double
    var busy: Double
    var longestDispatch: Double
}

enum RowUpdatesBench {
    /// `changes` values set from a worker thread; the loop runs until the view shows the last.
    static func measure(_ loop: BenchLoop, changes: Int, post: @escaping @Sendable (Int) -> Void, sink: ViewSink) -> RowUpdateSample {
        loop.settle()
        bench_loop_accounting_reset()
        let start = now()
        let join = spawn("bench-row-updates") {
            for value in 1 ... changes { post(value) }
        }
        loop.run { sink.last >= changes }
        let elapsed = seconds(start, now())
        let polled = Double(bench_loop_polled_ns()) / 1e9
        let longest = Double(bench_loop_longest_busy_ns()) / 1e9
        join()
        loop.settle()
        return RowUpdateSample(delivered: sink.delivered, seconds: elapsed, busy: max(0, elapsed - polled), longestDispatch: longest)
    }

    /// A row property (`Observable`) set from a worker, observed by the view on the loop.
    static func observable(_ loop: BenchLoop, changes: Int, coalescing: Bool) -> RowUpdateSample {
        let property = Observable(0, scheduler: loop.scheduler, coalescing: coalescing)
        let sink = ViewSink()
        let subscription = property.observe { value in
            sink.delivered += 1
            sink.last = value
        }
        defer { subscription.dispose() }
        return measure(loop, changes: changes, post: { property.value = $0 }, sink: sink)
    }

    /// The baseline: each change posted as its own closure with `MainContextScheduler.schedule`
    /// (what a binding without bookkeeping costs).
    static func rawSchedule(_ loop: BenchLoop, changes: Int) -> RowUpdateSample {
        let sink = ViewSink()
        let scheduler = loop.scheduler
        return measure(loop, changes: changes, post: { value in
            scheduler.schedule {
                sink.delivered += 1
                sink.last = value
            }
        }, sink: sink)
    }

    static func run(_ report: Report, repetitions: Int, changes: Int) {
        let loop = BenchLoop()
        _ = observable(loop, changes: changes / 10, coalescing: false)
        _ = observable(loop, changes: changes / 10, coalescing: true)
        _ = rawSchedule(loop, changes: changes / 10)

        var raw: [RowUpdateSample] = []
        var plain: [RowUpdateSample] = []
        var coalesced: [RowUpdateSample] = []
        _ = interleaved(repetitions: repetitions, [
            { let sample = rawSchedule(loop, changes: changes); raw.append(sample); return sample.seconds },
            { let sample = observable(loop, changes: changes, coalescing: false); plain.append(sample); return sample.seconds },
            { let sample = observable(loop, changes: changes, coalescing: true); coalesced.append(sample); return sample.seconds },
        ])
        // Cross-thread: another tenant on the machine only ever slows a run down, so the
        // least disturbed run (least loop time) represents each contender.
        func best(_ samples: [RowUpdateSample]) -> RowUpdateSample { samples.min { $0.busy < $1.busy }! }
        let rawBest = best(raw)
        let plainBest = best(plain)
        let coalescedBest = best(coalesced)
        let allocs = [
            countingAllocations { rawSchedule(loop, changes: changes) }.count,
            countingAllocations { observable(loop, changes: changes, coalescing: false) }.count,
            countingAllocations { observable(loop, changes: changes, coalescing: true) }.count,
        ].map { Double($0) / Double(changes) }

        var table = Table(
            "4. Row updates: \(grouped(changes)) changes of an observable property from a worker thread (best of \(repetitions) interleaved)",
            ["how", "reach the view", "loop busy", "÷ raw schedule", "until last shown", "longest dispatch", "allocs/change"])
        func add(_ name: String, _ sample: RowUpdateSample, _ allocs: Double) {
            let counts = sample.delivered == changes
                ? grouped(changes)
                : "\(grouped(sample.delivered)) (all runs: \(coalesced.map { grouped($0.delivered) }.joined(separator: ", ")))"
            table.add([name, counts, formatDuration(sample.busy), formatRatio(sample.busy / rawBest.busy),
                       formatDuration(sample.seconds), formatDuration(sample.longestDispatch), formatCount(allocs)])
        }
        add("schedule { view.show(value) } per change (baseline)", rawBest, allocs[0])
        add("Observable(coalescing: false)", plainBest, allocs[1])
        add("Observable(coalescing: true)", coalescedBest, allocs[2])
        report.add(table)
    }
}
