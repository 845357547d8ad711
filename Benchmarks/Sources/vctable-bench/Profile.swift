import CBenchSupport
import Foundation
import VCTable

/// One contender alone, for a profiler (`perf record`, `valgrind --tool=callgrind`):
///
///   vctable-bench --profile scheduler|model|cqueue [COUNT]
///   vctable-bench --profile listdiff|commit|reload COUNT FILE
///   vctable-bench --profile observable [COUNT]
enum Profile {
    static func run(name: String, arguments: [String]) throws {
        let count = arguments.first.flatMap { Int($0) } ?? 100_000
        let file = arguments.count > 1 ? arguments[1] : nil
        let loop = BenchLoop()
        switch name {
        case "scheduler":
            emit(formatDuration(DispatchBench.scheduler(loop, count: count)))
        case "model":
            emit(formatDuration(DispatchBench.modelReports(loop, count: count)))
        case "cqueue":
            emit(formatDuration(Double(bench_dispatch_c_queue(loop.context, count)) / 1e9))
        case "observable":
            for _ in 0 ..< 5 { emit("\(RowUpdatesBench.observable(loop, changes: count, coalescing: false))") }
        case "listdiff", "commit":
            guard let file else { throw BenchError("--profile \(name) COUNT FILE") }
            let items = try PhotoDecoder.decode(try Data(contentsOf: URL(fileURLWithPath: file)))
            let rows = items.map { PhotoCellViewModel(cell: $0, owner: nil) as any RowViewModel }
            let list = try ListModel(kinds: VCTableModel.rowKinds, sections: [ListSection(id: 0, rows: rows)], scheduler: loop.scheduler)
            let fresh = items.map { PhotoCellViewModel(cell: $0, owner: nil) as any RowViewModel }
            for _ in 0 ..< count {
                let update = try list.prepareUpdate([ListSection(id: 0, rows: fresh)])
                if name == "commit" { list.commit(update) }
            }
        case "reload":
            guard let file else { throw BenchError("--profile reload COUNT FILE") }
            let ticker = bench_ticker_start(loop.context, 1)!
            let harness = ReloadHarness(loop: loop, ticker: ticker, api: try URIPhotosAPI(filePath: file))
            for _ in 0 ..< count {
                let sample = harness.reload()
                emit("\(formatDuration(sample.seconds)), longest dispatch \(formatDuration(sample.longestDispatch))")
            }
        case "peak-decode", "peak-photodecoder", "peak-reload-file", "peak-reload-http":
            // One operation in a fresh process, then its peak RSS (VmHWM) in KiB: inside
            // the long benchmark process the allocator keeps freed memory resident, so
            // only a fresh process shows what one operation needs.
            guard let path = arguments.first else { throw BenchError("--profile \(name) FILE") }
            switch name {
            case "peak-decode":
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                blackHole(try blocking { try JSONDecoder().decode([VCTableCellData].self, from: data) })
            case "peak-photodecoder":
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                blackHole(try blocking { try PhotoDecoder.decode(data) })
            case "peak-reload-file":
                let ticker = bench_ticker_start(loop.context, 1)!
                _ = ReloadHarness(loop: loop, ticker: ticker, api: try URIPhotosAPI(filePath: path)).reload()
            default:
                let port = bench_http_server_start()
                try Data(contentsOf: URL(fileURLWithPath: path)).withUnsafeBytes { bytes in
                    bench_http_server_put("/photos.json", bytes.baseAddress, bytes.count)
                }
                let ticker = bench_ticker_start(loop.context, 1)!
                _ = ReloadHarness(loop: loop, ticker: ticker, api: try URIPhotosAPI(uri: "http://127.0.0.1:\(port)/photos.json")).reload()
            }
            emit("\(bench_peak_rss_kib())")
        default:
            throw BenchError("unknown profile \(name)")
        }
    }
}
