// Helpers of the longevity tests (LongevityTests.swift). Every type here starts with
// `Longevity` so that nothing collides with the other test files of the VCTableTests target.
//
// A longevity test drives ONE long-lived object through N operations and checks that its
// millionth operation costs what its first did: `Longevity.measure` times the run in ten
// tenths, `Longevity.check` compares the last tenth with the first and the RSS at the end
// with the RSS after the first tenth, and prints the line RELIABILITY.md quotes.
import Foundation
import Glibc
import Synchronization
import Testing
@testable import VCTable

// MARK: - Sizes

/// How many operations each longevity test runs.
///
/// `VCT_LONGEVITY_OPS` sets N (default 100 000: the short version `make test` runs, a few
/// seconds in all on a debug build; `make soak` sets 1 000 000). Under a sanitizer or
/// valgrind every operation is 5-50× slower, so N is capped at 20 000 there; the
/// assertions stay the same.
enum LongevitySize {
    /// N when `VCT_LONGEVITY_OPS` is not set.
    static let defaultOps = 100_000
    /// The cap under a sanitizer or valgrind.
    static let instrumentedOps = 20_000
    /// The smallest N honoured: 10 tenths of `Longevity.subChunksPerTenth` sub-chunks of
    /// at least one operation each.
    static let minimumOps = 10 * Longevity.subChunksPerTenth

    /// N for the tests whose operation is a cheap call (a set, an emit, a send, a schedule).
    static let ops: Int = {
        var ops = defaultOps
        if let text = ProcessInfo.processInfo.environment["VCT_LONGEVITY_OPS"] {
            if let value = Int(text.replacingOccurrences(of: "_", with: "")), value > 0 {
                ops = value
            } else {
                Longevity.say("longevity: ignoring VCT_LONGEVITY_OPS=\(text.debugDescription) (not a positive integer)")
            }
        }
        if instrumented { ops = min(ops, instrumentedOps) }
        return max(ops, minimumOps)
    }()

    /// N for `reloadData()`, whose one operation is a whole reload (a detached task, a
    /// decode, a list diff and three deliveries, ~50× a selection): N / 50, so 2 000 in the
    /// short run and 20 000 in the soak, the same few seconds as the other tests.
    static var reloadOps: Int { max(ops / 50, minimumOps) }

    /// Whether this process runs under AddressSanitizer, ThreadSanitizer or valgrind:
    /// `Tests/sanitizers/run-swift-tests.sh` sets `ASAN_OPTIONS` / `TSAN_OPTIONS` for the
    /// test process, the C runners set `VCT_TEST_UNDER_VALGRIND`, and a sanitizer runtime
    /// linked in defines its `__asan_init` / `__tsan_init` (found when exported).
    static let instrumented: Bool = {
        let environment = ProcessInfo.processInfo.environment
        if environment["VCT_TEST_UNDER_VALGRIND"].map({ !$0.isEmpty && $0 != "0" }) == true { return true }
        if environment["ASAN_OPTIONS"] != nil || environment["TSAN_OPTIONS"] != nil { return true }
        return dlsym(nil, "__asan_init") != nil || dlsym(nil, "__tsan_init") != nil
    }()

    /// Whether AddressSanitizer is loaded (its quarantine keeps freed memory resident).
    static let addressSanitizer: Bool = {
        ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil || dlsym(nil, "__asan_init") != nil
    }()
}

// MARK: - Measuring

/// One instance of the object under test, as `Longevity.measure` drives it.
struct LongevityDriver: Sendable {
    /// Performs the operations numbered `range` (from 0 for each instance) and returns once
    /// all of them were delivered; false on a timeout.
    let run: @Sendable (Range<Int>) -> Bool
    /// The CPU nanoseconds consumed so far by the threads other than the caller that do
    /// this instance's work (the loop thread when the caller is a worker; reload tasks).
    let otherCPU: @Sendable () -> Int64

    init(otherCPU: @escaping @Sendable () -> Int64 = { 0 }, run: @escaping @Sendable (Range<Int>) -> Bool) {
        self.otherCPU = otherCPU
        self.run = run
    }
}

/// One longevity run: its size, the cost per operation in each tenth, and the RSS.
struct LongevityMeasurement: Sendable {
    /// One tenth's figures: the lowest cost per operation among its sub-chunks, in ns.
    struct Tenth: Sendable {
        /// CPU time of the threads that did the work (see `Longevity.measure`).
        var cpu = Double.infinity
        /// Wall-clock time, for the record and the failure message.
        var wall = Double.infinity
    }

    /// A re-measurement: a further tenth of the instance, its sub-chunks interleaved with
    /// those of a fresh instance's first tenth.
    struct Recheck: Sendable {
        var instance = Tenth()
        var fresh = Tenth()
        var ratio: Double { instance.cpu / fresh.cpu }
    }

    /// What was driven, as printed ("Observable (worker-thread set)").
    let object: String
    /// Operations run on the instance: N rounded down to whole sub-chunks, plus any
    /// re-measuring tenths.
    var ops = 0
    /// The run's ten tenths.
    var tenths: [Tenth] = []
    /// The re-measurements made because the tenth tenth cost too much (see `measure`).
    var rechecks: [Recheck] = []
    /// VmRSS after the first tenth and after the tenth tenth, in KiB.
    var rssAfterFirstTenthKiB = 0
    var rssAtEndKiB = 0
    /// When the run's RSS grew too much: VmRSS around 9 more tenths of the instance.
    var rssRecheckKiB: (before: Int, after: Int)?
    /// False when a chunk did not complete within its timeout (the run stopped there).
    var completed = true
    /// Set when the run stopped early because a tenth already cost more than
    /// `Longevity.abandonRatio` × the first (see `measure`).
    var abandoned = false

    init(object: String) { self.object = object }

    var firstTenth: Double { tenths.first?.cpu ?? .nan }
    var lastTenth: Double { tenths.last?.cpu ?? .nan }
    /// Last tenth / first tenth: ~1 for an object whose operations cost the same all along.
    var ratio: Double { lastTenth / firstTenth }
    /// The ratio the verdict uses: the run's own, or once re-measured, the best recheck's.
    var verdictRatio: Double { rechecks.map(\.ratio).min() ?? ratio }
    var rssGrowthKiB: Int { rssAtEndKiB - rssAfterFirstTenthKiB }
    /// The RSS growth the verdict uses: the run's own, or once re-measured, the recheck's.
    var verdictRSSGrowthKiB: Int { rssRecheckKiB.map { $0.after - $0.before } ?? rssGrowthKiB }

    /// The line RELIABILITY.md quotes.
    var line: String {
        String(
            format: "longevity: %@: %d ops, first tenth %.0f ns/op, last tenth %.0f ns/op (ratio %.2f), RSS %d -> %d KiB",
            object, ops, firstTenth, lastTenth, ratio, rssAfterFirstTenthKiB, rssAtEndKiB)
    }

    /// What the re-measurements found, if any.
    var recheckLine: String? {
        guard !rechecks.isEmpty || rssRecheckKiB != nil || abandoned else { return nil }
        var parts: [String] = []
        if abandoned {
            parts.append(String(format: "stopped after %d tenths: %.0f× the first tenth already", tenths.count, ratio))
        }
        for recheck in rechecks {
            parts.append(String(
                format: "a further tenth %.0f ns/op vs a fresh instance's first %.0f ns/op, interleaved (ratio %.2f)",
                recheck.instance.cpu, recheck.fresh.cpu, recheck.ratio))
        }
        if let rss = rssRecheckKiB { parts.append("RSS \(rss.before) -> \(rss.after) KiB over 9 more tenths") }
        return "longevity: \(object): re-measured: " + parts.joined(separator: "; ")
    }

    /// Every tenth, CPU and wall-clock, for a failure message.
    var tenthsDescription: String {
        func list(_ values: [Double]) -> String { values.map { String(format: "%.0f", $0) }.joined(separator: " ") }
        let wallRatio = (tenths.last?.wall ?? .nan) / (tenths.first?.wall ?? .nan)
        return "tenths CPU \(list(tenths.map(\.cpu))) ns/op; wall \(list(tenths.map(\.wall))) ns/op (wall ratio \(String(format: "%.2f", wallRatio)))"
    }
}

enum Longevity {
    /// Sub-chunks per tenth. Each is timed on its own and a tenth counts its cheapest one
    /// (cost per operation): a sub-chunk hit by a page fault, a cache flush or a burst of
    /// another suite's work is simply not the minimum. A slowdown that grows with the
    /// operation count hits every sub-chunk of the last tenth, so the minimum still shows
    /// it (a cost linear in the count: ~10-20× the first tenth).
    static let subChunksPerTenth = 10

    /// The largest last-tenth / first-tenth ratio accepted. In CPU time the last tenth of a
    /// sound object stays within ~1.1× of the first in a quiet process (a load change
    /// under the run can double it: see the rechecks in `measure`); a cost linear in the
    /// operation count makes it ~19× the first (the mean count of the last tenth is 19×
    /// the first's), less the constant part of an operation.
    static let maxRatio = 1.5

    /// The RSS growth accepted over the run (from after the first tenth to the end): 32 MiB.
    /// Generous next to the runs' own growth (< 1 MiB at 10^6 operations), and to the RSS
    /// noise of a process where Swift Testing runs the other suites alongside (their
    /// documents, servers, threads' malloc arenas); yet a leak of one closure context per
    /// operation (≥ 48 B with malloc's header) exceeds it at the soak's 10^6 operations
    /// (46 MiB). The short run catches leaks of ≥ ~400 B per operation (a row, an array of
    /// items, a thunk chain with what it retains); LeakSanitizer catches small ones.
    /// Under AddressSanitizer the quarantine (256 MiB by default) keeps freed memory
    /// resident while the other suites run alongside, so the slack there is the quarantine
    /// plus 32 MiB: a bound, no longer a leak detector.
    static var rssSlackKiB: Int {
        LongevitySize.addressSanitizer ? (256 + 32) * 1024 : 32 * 1024
    }

    /// At most this many rechecks when the tenth tenth costs too much (see `measure`).
    static let maxRechecks = 3
    /// `VCT_LONGEVITY_RECHECK=1`: every run re-measures once against a fresh instance.
    static let forceRecheck = ProcessInfo.processInfo.environment["VCT_LONGEVITY_RECHECK"].map { !$0.isEmpty && $0 != "0" } ?? false

    /// A tenth costing more than this × the first ends the run at once, failed: noise
    /// doubles a tenth at most (a CPU hog next to the tests), while a cost linear in the
    /// operation count passes this within a few tenths. Without it a quadratic run of
    /// 10^6 operations would take hours to fail.
    static let abandonRatio = 8.0

    /// How long one chunk may take before the run is declared stuck.
    static let chunkTimeout: Duration = .seconds(60)

    /// Drives `instance` through `ops` operations on the calling thread (off the
    /// cooperative pool: chunks block on the GLib loop) and measures them.
    ///
    /// The run is 10 tenths of `subChunksPerTenth` equal sub-chunks. VmRSS is read after
    /// the first tenth and at the end.
    ///
    /// Cost is CPU time, not wall-clock time: the calling thread's
    /// (`CLOCK_THREAD_CPUTIME_ID`) plus the driver's `otherCPU()`. Wall-clock time also
    /// counts the time the work waited for one of the 2 cores (other processes, other
    /// suites, hypervisor steal), which can last a whole tenth; a cost that grows with the
    /// operation count is CPU work on exactly these threads.
    ///
    /// A tenth costing more than `abandonRatio` × the first stops the run there (failed).
    ///
    /// Rechecks: CPU time is not immune to a loaded machine either (a CPU hog next to the
    /// tests doubled it for seconds: cache and TLB refills after each preemption). So
    /// when the tenth tenth costs more than `maxRatio` × the first, the instance runs a
    /// further tenth whose sub-chunks alternate with those of the first tenth of a fresh
    /// instance (`fresh()`): both see the same machine, and their ratio is the verdict (the
    /// best of at most `maxRechecks`). A defect that grows with the operation count shows
    /// the same (worse) against the fresh instance; a load change does not. Likewise when
    /// the RSS grew by more than `rssSlackKiB` (another suite's memory counts too), the
    /// verdict is the growth over 9 more tenths of the instance. (A real leak could then
    /// reuse memory another suite freed and hide: the soak, run alone, never rechecks.)
    static func measure(
        _ object: String, ops requested: Int, _ instance: LongevityDriver, fresh: () -> LongevityDriver
    ) -> LongevityMeasurement {
        let perSubChunk = max(1, requested / (10 * subChunksPerTenth))
        var run = LongevityMeasurement(object: object)
        var freshOps = 0

        /// Runs one timed sub-chunk of `driver` from operation `first`; records the cheapest
        /// cost per operation in `tenth`; false on a timeout.
        func subChunk(_ driver: LongevityDriver, from first: Int, into tenth: inout LongevityMeasurement.Tenth) -> Bool {
            let startCPU = LongevityCPU.callingThread() + driver.otherCPU()
            let start = ContinuousClock.now
            let done = driver.run(first ..< first + perSubChunk)
            let elapsed = ContinuousClock.now - start
            let cpu = LongevityCPU.callingThread() + driver.otherCPU() - startCPU
            guard done else {
                run.completed = false
                return false
            }
            tenth.cpu = min(tenth.cpu, Double(cpu) / Double(perSubChunk))
            tenth.wall = min(tenth.wall, nanoseconds(elapsed) / Double(perSubChunk))
            return true
        }

        /// Runs one tenth of the instance, each sub-chunk followed by one of `control` if
        /// given; false on a timeout.
        func tenth(interleavedWith control: LongevityDriver? = nil) -> (LongevityMeasurement.Tenth, LongevityMeasurement.Tenth)? {
            var own = LongevityMeasurement.Tenth()
            var other = LongevityMeasurement.Tenth()
            for _ in 0 ..< subChunksPerTenth {
                guard subChunk(instance, from: run.ops, into: &own) else { return nil }
                run.ops += perSubChunk
                if let control {
                    guard subChunk(control, from: freshOps, into: &other) else { return nil }
                    freshOps += perSubChunk
                }
            }
            return (own, other)
        }

        for number in 0 ..< 10 {
            guard let (own, _) = tenth() else { return run }
            run.tenths.append(own)
            if number == 0 { run.rssAfterFirstTenthKiB = LongevityRSS.currentKiB() }
            if own.cpu > abandonRatio * run.firstTenth {
                run.abandoned = true
                run.rssAtEndKiB = LongevityRSS.currentKiB()
                return run
            }
        }
        run.rssAtEndKiB = LongevityRSS.currentKiB()

        if run.rssGrowthKiB > rssSlackKiB {
            let before = LongevityRSS.currentKiB()
            for _ in 0 ..< 9 {
                guard tenth() != nil else { return run }
            }
            run.rssRecheckKiB = (before, LongevityRSS.currentKiB())
        }
        // VCT_LONGEVITY_RECHECK=1 runs one recheck whatever the ratio, so that the path a
        // loaded machine takes (a fresh instance beside the measured one) is exercised too:
        // a fresh driver that let its object go once made a loaded CI run time out.
        if forceRecheck {
            freshOps = 0
            guard let (own, other) = tenth(interleavedWith: fresh()) else { return run }
            run.rechecks.append(LongevityMeasurement.Recheck(instance: own, fresh: other))
        }
        while run.verdictRatio > maxRatio && run.rechecks.count < maxRechecks {
            freshOps = 0
            guard let (own, other) = tenth(interleavedWith: fresh()) else { return run }
            run.rechecks.append(LongevityMeasurement.Recheck(instance: own, fresh: other))
        }
        return run
    }

    /// Prints the measurement's line and checks it: every chunk completed, the last tenth
    /// costs at most `maxRatio` × the first, RSS grew by at most `rssSlackKiB`.
    static func check(_ run: LongevityMeasurement, sourceLocation: SourceLocation = #_sourceLocation) {
        say(run.line)
        if let recheckLine = run.recheckLine { say(recheckLine) }
        if run.recheckLine != nil || ProcessInfo.processInfo.environment["VCT_LONGEVITY_VERBOSE"] != nil {
            say("longevity: \(run.object): \(run.tenthsDescription)")
        }
        #expect(run.completed, "\(run.object): a chunk did not complete within \(chunkTimeout) (\(run.tenthsDescription))",
                sourceLocation: sourceLocation)
        guard run.completed else { return }
        #expect(!run.abandoned && run.verdictRatio <= maxRatio,
                "\(run.object): the last tenth costs \(String(format: "%.2f", run.verdictRatio))× the first (\(run.tenthsDescription); \(run.recheckLine ?? "not re-measured")): the cost of an operation grows with the number done",
                sourceLocation: sourceLocation)
        #expect(run.rssAfterFirstTenthKiB > 0 && run.rssAtEndKiB > 0, "VmRSS unreadable", sourceLocation: sourceLocation)
        #expect(run.verdictRSSGrowthKiB <= rssSlackKiB,
                "\(run.object): RSS grew by \(run.verdictRSSGrowthKiB) KiB over 9 tenths of \(run.ops / max(run.tenths.count, 1)) operations (slack \(rssSlackKiB) KiB; \(run.recheckLine ?? "not re-measured")): something is kept per operation",
                sourceLocation: sourceLocation)
    }

    /// Writes `line` to stdout at once (unbuffered, so it appears among Swift Testing's
    /// lines, not after them, when stdout is a pipe).
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func nanoseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    }

    // MARK: Driving the loop

    /// Iterates `scheduler`'s context on the calling thread until `condition` holds
    /// (`MainContextScheduler.iterate(until:timeout:)`, the timeout guard included).
    static func iterate(_ scheduler: MainContextScheduler, until condition: () -> Bool) -> Bool {
        scheduler.iterate(until: condition, timeout: chunkTimeout)
    }

    /// Runs everything queued on `scheduler` so far (FIFO), iterating on the calling thread.
    static func drain(_ scheduler: MainContextScheduler) -> Bool {
        let done = Flag()
        scheduler.schedule { done.set() }
        return iterate(scheduler, until: { done.isSet })
    }

    /// Runs `body` on the loop (queued on `scheduler`, which the calling thread iterates
    /// until it has run): for calls that must be made on the context's thread.
    static func onLoop(_ scheduler: MainContextScheduler, _ body: @escaping @Sendable () -> Void) -> Bool {
        let done = Flag()
        scheduler.schedule {
            body()
            done.set()
        }
        return iterate(scheduler, until: { done.isSet })
    }
}

// MARK: - RSS

enum LongevityRSS {
    /// This process's resident set (`VmRSS` of /proc/self/status), in KiB; 0 if unreadable.
    static func currentKiB() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            // "VmRSS:\t   26020 kB"
            return Int(line.dropFirst("VmRSS:".count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "") ?? 0
        }
        return 0
    }
}

// MARK: - CPU time

enum LongevityCPU {
    /// CPU time the calling thread has consumed, in ns.
    static func callingThread() -> Int64 {
        nanoseconds(of: CLOCK_THREAD_CPUTIME_ID)
    }

    /// The CPU-time clock of `thread` (a thread of this process), readable from any thread.
    static func clock(of thread: pthread_t) -> clockid_t {
        var clock = clockid_t()
        let status = pthread_getcpuclockid(thread, &clock)
        precondition(status == 0, "pthread_getcpuclockid: \(status)")
        return clock
    }

    /// The time `clock` reads, in ns.
    static func nanoseconds(of clock: clockid_t) -> Int64 {
        var time = timespec()
        clock_gettime(clock, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}

/// The CPU time of reload tasks: what `VCTableModel.reloadData()` does off the loop, in a
/// detached task on the cooperative pool (fetch, decode, rows, list diff), which
/// `Longevity.measure` cannot read from the thread that drives the loop.
///
/// The task's first step is `MyAPI.getPhotos()` (`begin()`, in `LongevityTinyAPI`) and its
/// last is the model's companion (`end()`, `VCTableModel.setCompanion`, the hook the C
/// bridge uses to build its cell boxes in the task): the CPU time between the two is
/// added to `total` when both ran on the same thread (the fetch never suspends, so they
/// do), and counted in `hops` otherwise.
final class LongevityTaskCPU: Sendable {
    private struct Start: Sendable {
        let thread: pthread_t
        let nanoseconds: Int64
    }

    private let start = Mutex<Start?>(nil)
    private let accumulated = Atomic<Int64>(0)
    private let hopped = Atomic<Int>(0)

    init() {}

    /// Total CPU time of the tasks measured so far, in ns.
    var total: Int64 { accumulated.load(ordering: .sequentiallyConsistent) }
    /// Tasks whose end ran on another thread than their beginning (not counted in `total`).
    var hops: Int { hopped.load(ordering: .relaxed) }

    func begin() {
        let now = Start(thread: pthread_self(), nanoseconds: LongevityCPU.callingThread())
        start.withLock { $0 = now }
    }

    func end() {
        guard let begun = start.withLock({ $0 }) else { return }
        if pthread_equal(begun.thread, pthread_self()) != 0 {
            accumulated.add(LongevityCPU.callingThread() - begun.nanoseconds, ordering: .sequentiallyConsistent)
        } else {
            hopped.add(1, ordering: .relaxed)
        }
    }
}

// MARK: - Counting deliveries

/// Counts deliveries from any thread and lets a thread wait, without polling, for a count.
///
/// `increment()` is one atomic add, plus one wake-up when it reaches the count awaited;
/// `wait(for:)` (another thread) blocks on a `ChangeSignal`; a thread iterating the loop
/// itself just checks `value` in `iterate(until:)`.
final class LongevityCounter: Sendable {
    private let count = Atomic<Int>(0)
    private let awaited = Atomic<Int>(.max)
    private let signal = ChangeSignal()

    init() {}

    var value: Int { count.load(ordering: .sequentiallyConsistent) }

    /// Counts one; returns the count before it (the number of the delivery, from 0).
    @discardableResult
    func increment() -> Int {
        let (previous, _) = count.add(1, ordering: .sequentiallyConsistent)
        if previous + 1 >= awaited.load(ordering: .sequentiallyConsistent) { signal.notify() }
        return previous
    }

    /// Blocks the calling thread (never on the cooperative pool) until the count reaches
    /// `goal` or `timeout` passes; returns whether it did.
    func wait(for goal: Int, timeout: Duration = Longevity.chunkTimeout) -> Bool {
        // Sequentially consistent on both sides: either `increment` sees the new goal and
        // notifies, or this thread's check under the signal's lock sees the new count.
        awaited.store(goal, ordering: .sequentiallyConsistent)
        return signal.wait(timeout: timeout) { value >= goal }
    }
}

// MARK: - Lifetimes

/// An object with no behaviour, captured by an observer's closure: once the observer is
/// released, a `WeakBox` to it reads nil.
final class LongevityProbe: Sendable {
    /// A probe that `box` watches: `box.value` is this probe while it lives, then nil.
    init(watchedBy box: WeakBox<LongevityProbe>) {
        box.value = self
    }
}

/// A strong reference the test can drop at a precise moment (a local `let` may live until
/// the end of its scope, or end earlier, at the optimizer's discretion).
final class LongevityHolder<Object: AnyObject & Sendable>: Sendable {
    private let storage: Mutex<Object?>

    init(_ object: Object) { storage = Mutex(object) }

    /// The object; traps once released (a test bug).
    var object: Object { storage.withLock { $0! } }

    /// Drops the reference.
    func release() {
        let released = storage.withLock { object in
            defer { object = nil }
            return object
        }
        _ = released // the last reference, if it was one, goes here, outside the lock
    }
}

// MARK: - Instances

/// One instance of the object under test, what its observer counted, and what it keeps
/// (subscriptions), so a test can make a fresh one for `Longevity.measure`'s rechecks
/// and release its main one precisely.
final class LongevitySubject<Object: AnyObject & Sendable>: Sendable {
    private let holder: LongevityHolder<Object>
    /// Reads nil once the object is released.
    let weakObject: WeakBox<Object>
    /// Reads nil once the observer's closure (which holds `probe()`) is released.
    let weakProbe: WeakBox<LongevityProbe>
    /// Deliveries the observer received.
    let deliveries: LongevityCounter
    /// Deliveries that were wrong (out of order, off the loop's thread, wrong content).
    let problems: LongevityCounter
    private let kept = Locked<[any Disposable]>([])

    /// A subject for `object`; pass the counters and probe box when the observer had to
    /// be made with the object (a `ContextChannel`'s handler).
    init(
        _ object: Object, deliveries: LongevityCounter = LongevityCounter(), problems: LongevityCounter = LongevityCounter(),
        weakProbe: WeakBox<LongevityProbe> = WeakBox()
    ) {
        holder = LongevityHolder(object)
        weakObject = WeakBox(object)
        self.deliveries = deliveries
        self.problems = problems
        self.weakProbe = weakProbe
    }

    /// The object; traps once released.
    var object: Object { holder.object }

    /// Drops the subject's reference to the object.
    func release() { holder.release() }

    /// A probe for the observer's closure to capture.
    func probe() -> LongevityProbe { LongevityProbe(watchedBy: weakProbe) }

    /// Keeps `subscription` for `disposeAll()`.
    func keep(_ subscription: any Disposable) { kept.withLock { $0.append(subscription) } }

    /// Disposes what `keep` kept (call it on the loop's thread).
    func disposeAll() {
        for subscription in kept.withLock({ kept in
            defer { kept = [] }
            return kept
        }) { subscription.dispose() }
    }
}

// MARK: - A photos API of our own

/// A `MyAPI` answering at once with one of two tiny documents (three photos; the second
/// photo's title differs), alternating, so that every reload changes one row and the
/// list reports a batch each time. Counts calls; marks the start of each reload task for
/// `taskCPU`.
final class LongevityTinyAPI: MyAPI {

    /// The items of document `index % 2`.
    static func items(_ index: Int) -> [VCTableCellData] {
        index % 2 == 0
            ? [Photos.item(1), Photos.item(2), Photos.item(3)]
            : [Photos.item(1), retitled(Photos.item(2)), Photos.item(3)]
    }

    private static func retitled(_ item: VCTableCellData) -> VCTableCellData {
        VCTableCellData(albumId: item.albumId, id: item.id, title: item.title + " (edited)", url: item.url, thumbnailUrl: item.thumbnailUrl)
    }

    /// The two documents. Per instance, not `static`: LeakSanitizer reports the bytes of a
    /// `Data` held by a global as leaked (it does not recognise the tagged reference).
    private let documents = [Photos.data(LongevityTinyAPI.items(0)), Photos.data(LongevityTinyAPI.items(1))]
    private let calls = Atomic<Int>(0)
    let taskCPU: LongevityTaskCPU?

    init(taskCPU: LongevityTaskCPU? = nil) {
        self.taskCPU = taskCPU
    }

    var callCount: Int { calls.load(ordering: .relaxed) }

    func getPhotos() async throws -> Data {
        taskCPU?.begin()
        let (call, _) = calls.add(1, ordering: .relaxed)
        return documents[call % 2]
    }
}
