import CBenchSupport
import Foundation
import Synchronization
import VCTable

/// One measured reload (or decode): how long it took, how the loop fared, and memory.
struct ReloadSample {
    var seconds: Double
    /// Longest interval between two ticks of the 1 ms ticker (minus nothing: raw).
    var longestTickGap: Double = .nan
    /// Longest stretch the loop spent outside poll (dispatching): its own work.
    var longestDispatch: Double = .nan
    /// Peak resident memory of the process during the sample (VmHWM).
    var peakGrowth: Double = .nan
}

/// Where the fixtures come from and where they are served.
struct Fixtures {
    let root: URL
    let server: UInt16
    var bodies: [Int: Data] = [:]
    var files: [Int: URL] = [:]
    let temporary: URL

    /// The repository root: `--root DIR`, else the checkout this file was compiled from.
    static func repositoryRoot() -> URL {
        let arguments = CommandLine.arguments
        if let index = arguments.firstIndex(of: "--root"), index + 1 < arguments.count {
            return URL(fileURLWithPath: arguments[index + 1])
        }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    init(sizes: [Int]) throws {
        root = Self.repositoryRoot()
        temporary = FileManager.default.temporaryDirectory
            .appendingPathComponent("vctable-bench-\(getpid())", isDirectory: true)
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        server = bench_http_server_start()
        guard server != 0 else { throw BenchError("could not start the loopback HTTP server") }
        for size in sizes {
            let file: URL
            if size == 5_000 {
                file = root.appendingPathComponent("Sources/VCTable/Resources/photos.json")
            } else {
                file = temporary.appendingPathComponent("photos-\(size).json")
                let script = root.appendingPathComponent("scripts/generate-photos-fixture.py")
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = ["python3", script.path, "-n", String(size), "-o", file.path]
                try process.run()
                process.waitUntilExit()
                guard process.terminationStatus == 0 else {
                    throw BenchError("\(script.path) -n \(size) failed (status \(process.terminationStatus))")
                }
            }
            let data = try Data(contentsOf: file)
            bodies[size] = data
            files[size] = file
            data.withUnsafeBytes { bytes in
                bench_http_server_put("/photos-\(size).json", bytes.baseAddress, bytes.count)
            }
        }
    }

    func httpURI(_ size: Int) -> String { "http://127.0.0.1:\(server)/photos-\(size).json" }

    func removeTemporaryFiles() {
        try? FileManager.default.removeItem(at: temporary)
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Waits on the calling thread for an async operation (run on the cooperative pool).
func blocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let result = Mutex<Result<T, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        let outcome: Result<T, any Error>
        do { outcome = .success(try await body()) } catch { outcome = .failure(error) }
        result.withLock { $0 = outcome }
        done.signal()
    }
    done.wait()
    return try result.withLock { $0! }.get()
}

/// A model on the benchmark's loop, with a flag its `didReloadData` sets.
final class ReloadHarness: @unchecked Sendable {
    let model: VCTableModel
    private let loop: BenchLoop
    private let ticker: OpaquePointer
    var reloaded = false
    var failure: String?

    init(loop: BenchLoop, ticker: OpaquePointer, api: any MyAPI) {
        self.loop = loop
        self.ticker = ticker
        model = VCTableModel(manager: api, scheduler: loop.scheduler)
        model.didReloadData = { [unowned self] _ in reloaded = true }
        model.didError = { [unowned self] message in failure = message }
    }

    /// One reload, from `reloadData()` to `didReloadData`, with the loop watched.
    func reload() -> ReloadSample {
        loop.settle()
        reloaded = false
        failure = nil
        let (seconds, peak) = peakResident { () -> Double in
            bench_ticker_reset(ticker)
            bench_loop_accounting_reset()
            let start = now()
            model.reloadData()
            loop.run { reloaded || failure != nil }
            return VCTableBenchmarks.seconds(start, now())
        }
        if let failure { fatalError("reload failed: \(failure)") }
        return ReloadSample(
            seconds: seconds,
            longestTickGap: Double(bench_ticker_max_gap_ns(ticker)) / 1e9,
            longestDispatch: Double(bench_loop_longest_busy_ns()) / 1e9,
            peakGrowth: peak)
    }
}

/// The module's name, to reach the free function `seconds` from inside a type that has a
/// property of that name.
enum VCTableBenchmarks {
    static func seconds(_ start: UInt64, _ end: UInt64) -> Double { Double(end &- start) / 1e9 }
}

enum ReloadBench {
    /// The baseline: the same bytes through `JSONDecoder` alone, on the cooperative pool
    /// where a reload decodes too (same kind of thread, same malloc arenas), timed there.
    static func bareDecode(_ data: Data) -> ReloadSample {
        let (seconds, peak) = peakResident { () -> Double in
            try! blocking { () -> Double in
                let start = now()
                let items = try JSONDecoder().decode([VCTableCellData].self, from: data)
                let elapsed = VCTableBenchmarks.seconds(start, now())
                blackHole(items)
                return elapsed
            }
        }
        return ReloadSample(seconds: seconds, peakGrowth: peak)
    }

    /// `PhotoDecoder.decode` alone (the decode a reload runs), timed the same way.
    static func photoDecode(_ data: Data) -> ReloadSample {
        let (seconds, peak) = peakResident { () -> Double in
            try! blocking { () -> Double in
                let start = now()
                let items = try PhotoDecoder.decode(data)
                let elapsed = VCTableBenchmarks.seconds(start, now())
                blackHole(items)
                return elapsed
            }
        }
        return ReloadSample(seconds: seconds, peakGrowth: peak)
    }

    static func run(_ report: Report, repetitions: Int, sizes: [Int]) throws {
        let fixtures = try Fixtures(sizes: sizes)
        defer { fixtures.removeTemporaryFiles() }
        let loop = BenchLoop()
        let ticker = bench_ticker_start(loop.context, 1)!
        defer { bench_ticker_stop(ticker) }

        var table = Table(
            "3. Reload end to end: reloadData() → didReloadData on the loop, against JSONDecoder alone on the same bytes, on the same thread pool; PhotoDecoder alone likewise (median of \(repetitions) interleaved)",
            ["photos", "source", "reload", "bare decode", "÷ decode", "tick gap med/max", "longest dispatch", "peak RSS, fresh process", "÷ decode", "allocs ÷ decode"],
            left: [1])
        var detail = Table(
            "3b. Where a \(grouped(sizes.max() ?? 0))-photo reload spends its time (each phase alone, median of \(max(3, repetitions / 2)))",
            ["phase", "time", "÷ bare decode", "runs on"], left: [0, 3])

        for size in sizes {
            let data = fixtures.bodies[size]!
            let http = ReloadHarness(loop: loop, ticker: ticker, api: try URIPhotosAPI(uri: fixtures.httpURI(size)))
            let file = ReloadHarness(loop: loop, ticker: ticker, api: try URIPhotosAPI(filePath: fixtures.files[size]!.path))
            // First loads (one insert of every row), then every measured reload diffs
            // against the rows the model already shows, as a user's reload does.
            let firstHTTP = http.reload()
            let firstFile = file.reload()
            _ = bareDecode(data)

            var decodeSamples: [ReloadSample] = []
            var photoDecodeSamples: [ReloadSample] = []
            var httpSamples: [ReloadSample] = []
            var fileSamples: [ReloadSample] = []
            // After each sample, untimed: let the work a reload leaves behind (its task
            // freeing the rows it did not keep, the previous items released off the loop)
            // finish, so that it does not slow down the next sample, whichever it is.
            func settle() {
                loop.settle()
                usleep(UInt32(size >= 100_000 ? 150_000 : 20_000))
                loop.settle()
            }
            _ = interleaved(repetitions: repetitions, [
                { let sample = bareDecode(data); decodeSamples.append(sample); settle(); return sample.seconds },
                { let sample = photoDecode(data); photoDecodeSamples.append(sample); settle(); return sample.seconds },
                { let sample = http.reload(); httpSamples.append(sample); settle(); return sample.seconds },
                { let sample = file.reload(); fileSamples.append(sample); settle(); return sample.seconds },
            ])

            let decodeTime = median(decodeSamples.map(\.seconds))
            let fixture = fixtures.files[size]!.path
            let decodePeak = freshProcessPeak("peak-decode", fixture)
            let peaks = [
                "loopback HTTP (libsoup)": freshProcessPeak("peak-reload-http", fixture),
                "file (GIO)": freshProcessPeak("peak-reload-file", fixture),
            ]
            let decodeAllocs = Double(countingAllocations { bareDecode(data) }.count)
            func row(_ name: String, _ samples: [ReloadSample], allocs: Double, first: Bool = false) -> Double {
                let time = median(samples.map(\.seconds))
                let gaps = samples.map(\.longestTickGap)
                let peak = peaks[name] ?? .nan
                table.add([
                    grouped(size), name, formatDuration(time), formatDuration(decodeTime), formatRatio(time / decodeTime),
                    formatDuration(median(gaps)) + " / " + formatDuration(gaps.max()!),
                    formatDuration(samples.map(\.longestDispatch).max()!),
                    peak.isNaN ? "–" : formatBytes(peak) + " / " + formatBytes(decodePeak),
                    peak.isNaN ? "–" : formatRatio(peak / decodePeak),
                    allocs.isNaN ? "–" : formatRatio(allocs / decodeAllocs),
                ])
                return time / decodeTime
            }
            let httpAllocs = Double(countingAllocations { http.reload() }.count)
            let fileAllocs = Double(countingAllocations { file.reload() }.count)
            let httpRatio = row("loopback HTTP (libsoup)", httpSamples, allocs: httpAllocs)
            let fileRatio = row("file (GIO)", fileSamples, allocs: fileAllocs)
            // The decoder a reload runs, alone: no loop, so no tick gap or dispatch.
            let photoDecodeTime = median(photoDecodeSamples.map(\.seconds))
            let photoDecodePeak = freshProcessPeak("peak-photodecoder", fixture)
            let photoDecodeAllocs = Double(countingAllocations { photoDecode(data) }.count)
            table.add([
                grouped(size), "PhotoDecoder.decode alone", formatDuration(photoDecodeTime), formatDuration(decodeTime),
                formatRatio(photoDecodeTime / decodeTime), "–", "–",
                photoDecodePeak.isNaN ? "–" : formatBytes(photoDecodePeak) + " / " + formatBytes(decodePeak),
                photoDecodePeak.isNaN ? "–" : formatRatio(photoDecodePeak / decodePeak),
                formatRatio(photoDecodeAllocs / decodeAllocs),
            ])
            _ = row("HTTP, first load (1 run)", [firstHTTP], allocs: .nan)
            _ = row("file, first load (1 run)", [firstFile], allocs: .nan)

            // The targets and the phases: at the largest size (100 000; 20 000 with --quick).
            if size == sizes.max() {
                report.check("reload \(grouped(size)) over HTTP ÷ bare JSONDecoder", ratio: httpRatio, .atMost(1.25))
                report.check("reload \(grouped(size)) from file ÷ bare JSONDecoder", ratio: fileRatio, .atMost(1.25))
                report.check("decode \(grouped(size)): PhotoDecoder ÷ bare JSONDecoder", ratio: photoDecodeTime / decodeTime, .atMost(0.6))
                // The ticker's own period is 1 ms: a gap of 1 ms is no stall.
                let stalls = (httpSamples + fileSamples).map { $0.longestTickGap - 0.001 }
                report.checkLimit(
                    "reload \(grouped(size)): longest stall (1 ms ticker gap − 1 ms), worst of \(stalls.count)",
                    value: stalls.max()!, atMost: 0.004, unit: formatDuration,
                    detail: "median " + formatDuration(median(stalls)))
                let dispatches = (httpSamples + fileSamples).map(\.longestDispatch)
                report.checkLimit(
                    "reload \(grouped(size)): longest loop dispatch (outside poll), worst of \(dispatches.count)",
                    value: dispatches.max()!, atMost: 0.004, unit: formatDuration,
                    detail: "median " + formatDuration(median(dispatches)))
                try phases(size: size, data: data, fixtures: fixtures, loop: loop, decodeTime: decodeTime,
                           repetitions: max(3, repetitions / 2), into: &detail)
            }
        }
        report.add(table)
        if !detail.rows.isEmpty { report.add(detail) }
    }

    /// The median (of 3) peak RSS of a fresh `vctable-bench --profile NAME FILE` process.
    static func freshProcessPeak(_ name: String, _ file: String) -> Double {
        var peaks: [Double] = []
        for _ in 0 ..< 3 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            process.arguments = ["--profile", name, file]
            let output = Pipe()
            process.standardOutput = output
            guard (try? process.run()) != nil else { return .nan }
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            guard process.terminationStatus == 0,
                  let kib = Double(text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").last ?? "")
            else { return .nan }
            peaks.append(kib * 1024)
        }
        return median(peaks)
    }

    /// Each phase of a reload alone, to show where the time goes.
    static func phases(size: Int, data: Data, fixtures: Fixtures, loop: BenchLoop, decodeTime: Double,
                       repetitions: Int, into table: inout Table) throws {
        let httpAPI = try URIPhotosAPI(uri: fixtures.httpURI(size))
        let fileAPI = try URIPhotosAPI(filePath: fixtures.files[size]!.path)
        func time(_ body: () throws -> Void) rethrows -> Double {
            var samples: [Double] = []
            for _ in 0 ..< repetitions {
                let start = now()
                try body()
                samples.append(seconds(start, now()))
            }
            return median(samples)
        }
        let transferHTTP = try time { blackHole(try blocking { try await httpAPI.getPhotos() }) }
        let transferFile = try time { blackHole(try blocking { try await fileAPI.getPhotos() }) }
        let decode = try time { blackHole(try PhotoDecoder.decode(data)) }
        let items = try PhotoDecoder.decode(data)
        let rowsTime = time { blackHole(items.map { PhotoCellViewModel(cell: $0, owner: nil) as any RowViewModel }) }
        let rows = items.map { PhotoCellViewModel(cell: $0, owner: nil) as any RowViewModel }
        let list = try ListModel(kinds: VCTableModel.rowKinds, sections: [ListSection(id: 0, rows: rows)], scheduler: loop.scheduler)
        let fresh = items.map { PhotoCellViewModel(cell: $0, owner: nil) as any RowViewModel }
        let diff = try time { blackHole(try list.prepareUpdate([ListSection(id: 0, rows: fresh)])) }
        // The commit alone (what the loop runs), without the prepareUpdate before it.
        var commitSamples: [Double] = []
        for _ in 0 ..< repetitions {
            let update = try list.prepareUpdate([ListSection(id: 0, rows: fresh)])
            let start = now()
            list.commit(update)
            commitSamples.append(seconds(start, now()))
        }
        let commitOnly = median(commitSamples)
        table.add(["transfer over loopback HTTP (libsoup, I/O thread)", formatDuration(transferHTTP), formatRatio(transferHTTP / decodeTime), "VCTable I/O thread"])
        table.add(["transfer from file (GIO, I/O thread)", formatDuration(transferFile), formatRatio(transferFile / decodeTime), "VCTable I/O thread"])
        table.add(["PhotoDecoder.decode (one pass, PhotoScanner)", formatDuration(decode), formatRatio(decode / decodeTime), "reload task"])
        table.add(["rows: [PhotoCellViewModel]", formatDuration(rowsTime), formatRatio(rowsTime / decodeTime), "reload task"])
        table.add(["diff: ListModel.prepareUpdate (same \(grouped(size)) ids)", formatDuration(diff), formatRatio(diff / decodeTime), "reload task"])
        table.add(["ListModel.commit (publish + notify)", formatDuration(commitOnly), formatRatio(commitOnly / decodeTime), "the loop"])
    }
}
