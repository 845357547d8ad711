// vctable-bench: VCTable's benchmarks, each row a ratio to a baseline measured in the same
// run (see BENCHMARKS.md at the repository root).
//
//   vctable-bench [diff] [dispatch] [reload] [rows] [glist] [--quick] [--reps N] [--root DIR]
//   vctable-bench --profile NAME [COUNT] [FILE]   one contender alone, for perf/callgrind
//
// No section named: all five. Build with -c release; a debug build measures the debug
// library and says so.
//
// --quick: a smoke run that `make bench-quick` (part of `make test`) runs on the debug
// build so that a crash in any section fails CI: a third of the repetitions (at least 2),
// no 100 000-row stdlib diff, 200 000 dispatch reports instead of 1 000 000, reloads of
// 5 000 and 20 000 photos instead of 5 000 and 100 000. Row updates keep their 100 000
// changes: the Subscriber crash (swiftlang/swift#91348) needed that many deliveries. The C
// face (glist) reloads 20 000 photos instead of 100 000.
//
// Each section prints `vctable-bench: section I/N NAME: start` before it runs and
// `vctable-bench: section I/N NAME: done in T` once it has run to its end; `make bench-quick`
// counts them.
import CBenchSupport
import Foundation
import VCTable

let arguments = CommandLine.arguments
let quick = arguments.contains("--quick")
let repetitionsOverride = arguments.firstIndex(of: "--reps").flatMap { index in
    index + 1 < arguments.count ? Int(arguments[index + 1]) : nil
}
func repetitions(_ full: Int) -> Int { repetitionsOverride ?? (quick ? max(2, full / 3) : full) }

if let index = arguments.firstIndex(of: "--profile"), index + 1 < arguments.count {
    try Profile.run(name: arguments[index + 1], arguments: Array(arguments[(index + 2)...]))
    exit(0)
}

let sections = ["diff", "dispatch", "reload", "rows", "glist"]
let chosen = sections.filter(arguments.contains)
let run = chosen.isEmpty ? sections : chosen

#if DEBUG
emit("warning: this is a debug build; `make bench` builds and runs the release one\n")
#endif
emit("""
VCTable benchmarks: every ratio is against a baseline measured in this run, repetitions
interleaved (sections 1, 3 and 5: median; 2 and 4, cross-thread: best of N).
Sections: \(run.joined(separator: ", "))\(quick ? " (--quick)" : "")

""")

let report = Report()
for (index, section) in run.enumerated() {
    let marker = "vctable-bench: section \(index + 1)/\(run.count) \(section)"
    emit("\(marker): start")
    let start = now()
    do {
        switch section {
        case "diff":
            DiffBench.run(report, repetitions: repetitions(7), sizes: [5_000, 100_000], standardLibraryAt100k: !quick)
        case "dispatch":
            DispatchBench.run(report, repetitions: repetitions(7), count: quick ? 200_000 : 1_000_000,
                              idleRepetitions: quick ? 1 : 3)
        case "reload":
            try ReloadBench.run(report, repetitions: repetitions(7), sizes: quick ? [5_000, 20_000] : [5_000, 100_000])
        case "rows":
            RowUpdatesBench.run(report, repetitions: repetitions(5), changes: 100_000)
        case "glist":
            try GListModelBench.run(report, repetitions: repetitions(7), size: quick ? 20_000 : 100_000)
        default:
            preconditionFailure("unknown section \(section)")
        }
    } catch {
        emit("\(marker): FAILED: \(error)")
        exit(1)
    }
    emit("\(marker): done in \(formatDuration(seconds(start, now())))")
}
emit(report.summary())
