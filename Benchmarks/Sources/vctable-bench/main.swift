// vctable-bench: VCTable's benchmarks, each row a ratio to a baseline measured in the same
// run (see BENCHMARKS.md at the repository root).
//
//   vctable-bench [diff] [dispatch] [reload] [rows] [--quick] [--reps N] [--root DIR]
//   vctable-bench --profile NAME [COUNT] [FILE]   one contender alone, for perf/callgrind
//
// No section named: all four. Build with -c release; a debug build measures the debug
// library and says so.
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

let sections = ["diff", "dispatch", "reload", "rows"]
let chosen = sections.filter(arguments.contains)
let run = chosen.isEmpty ? sections : chosen

#if DEBUG
emit("warning: this is a debug build; `make bench` builds and runs the release one\n")
#endif
emit("""
VCTable benchmarks: every ratio is against a baseline measured in this run, repetitions
interleaved (sections 1 and 3: median; 2 and 4, cross-thread: best of N).
Sections: \(run.joined(separator: ", "))\(quick ? " (--quick)" : "")

""")

let report = Report()
do {
    if run.contains("diff") {
        DiffBench.run(report, repetitions: repetitions(7), sizes: [5_000, 100_000], standardLibraryAt100k: !quick)
    }
    if run.contains("dispatch") {
        DispatchBench.run(report, repetitions: repetitions(7), count: 1_000_000, idleRepetitions: quick ? 1 : 3)
    }
    if run.contains("reload") {
        try ReloadBench.run(report, repetitions: repetitions(7), sizes: [5_000, 100_000])
    }
    if run.contains("rows") {
        RowUpdatesBench.run(report, repetitions: repetitions(5), changes: 100_000)
    }
} catch {
    emit("vctable-bench: \(error)")
    exit(1)
}
emit(report.summary())
