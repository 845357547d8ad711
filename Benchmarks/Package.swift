// swift-tools-version: 6.0
//
// VCTable's benchmarks: a separate package, so the library itself stays dependency-free.
// `make bench` builds it in release and runs it; `make bench-build` only compiles it (see
// mk/bench.mk and BENCHMARKS.md).
//
//   Sources/vctable-bench   the benchmark executable: ratio tables, each row against a
//                           baseline measured in the same run
//   Sources/CBenchSupport   C: the raw-GLib baselines (idle source per event, C queue
//                           drained by one source), loop instrumentation, a loopback HTTP
//                           server, an allocation counter, peak RSS
//   Sources/CBenchGLib      system GLib/GObject/GIO through pkg-config gio-2.0 (the root package's
//                           CGLib module is not importable from here)
import PackageDescription

let package = Package(
    name: "VCTableBenchmarks",
    dependencies: [
        .package(name: "VCTable", path: ".."),
    ],
    targets: [
        .systemLibrary(
            name: "CBenchGLib",
            path: "Sources/CBenchGLib",
            pkgConfig: "gio-2.0",
            providers: [.apt(["libglib2.0-dev"])]
        ),
        .target(
            name: "CBenchSupport",
            dependencies: ["CBenchGLib"],
            path: "Sources/CBenchSupport"
        ),
        .executableTarget(
            name: "vctable-bench",
            dependencies: [
                .product(name: "VCTable", package: "VCTable"),
                "CBenchSupport",
            ],
            path: "Sources/vctable-bench"
        ),
    ],
    swiftLanguageModes: [.v6]
)
