import VCTable
import CBenchSupport
import Foundation
import Synchronization

/// Section 5: the C face. A reload of the photo table through `VctTableModel` with a
/// 30-row stand-in for `GtkListView` on its `VctListModel` (it holds the visible rows and
/// re-fetches them after each `items-changed`, `Sources/CBenchSupport/list_view.c`), to
/// `did-reload-data`, against the same reload of the Swift `VCTableModel` (section 3's
/// measure) on the same documents, in the same run. Both read the documents from memory
/// (a custom API), so the ratio is the cost of the GObject face: the flat runs, the row
/// objects, the signals.
enum GListModelBench {
    /// Documents a reload takes in turn: one (every reload returns the same photos) or two
    /// (every reload reorders all of them).
    final class Documents: Sendable {
        private let documents: [Data]
        private let next = Mutex(0)

        init(_ documents: [Data]) { self.documents = documents }

        func take() -> Data {
            next.withLock { next in
                defer { next = (next + 1) % documents.count }
                return documents[next]
            }
        }
    }

    struct DocumentsAPI: MyAPI {
        let documents: Documents
        func getPhotos() async throws -> Data { documents.take() }
    }

    /// A `VctTableModel` on the benchmark's loop, made through the C API with a custom
    /// `VctApi` serving `documents`, and a 30-row view on its list.
    final class Harness {
        let model: OpaquePointer
        let view: OpaquePointer
        private let loop: BenchLoop
        private let reloaded = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        private let failed = UnsafeMutablePointer<Int32>.allocate(capacity: 1)

        init(loop: BenchLoop, documents: Documents, visible: UInt32) {
            self.loop = loop
            bench_context_push_thread_default(loop.context)
            let api = vct_api_new_custom({ request, userData in
                let documents = Unmanaged<Documents>.fromOpaque(userData!).takeUnretainedValue()
                documents.take().withUnsafeBytes { bytes in
                    vct_api_request_return_json(request, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count)
                }
            }, Unmanaged.passRetained(documents).toOpaque(), { userData in
                Unmanaged<Documents>.fromOpaque(userData!).release()
            })
            model = vct_table_model_new_with_manager(api)!
            bench_object_unref(UnsafeMutableRawPointer(api))
            bench_context_pop_thread_default(loop.context)
            reloaded.initialize(to: 0)
            failed.initialize(to: 0)
            bench_watch_signals(UnsafeMutableRawPointer(model), reloaded, failed)
            view = bench_view_new(UnsafeMutableRawPointer(vct_table_model_get_list(model)), visible)!
        }

        deinit {
            bench_view_free(view)
            bench_object_unref(UnsafeMutableRawPointer(model))
            reloaded.deallocate()
            failed.deallocate()
        }

        /// One reload, from `vct_table_model_reload_data` to `did-reload-data` (the list's
        /// `items-changed` runs come before it).
        func reload() -> Double {
            loop.settle()
            reloaded.pointee = 0
            failed.pointee = 0
            let start = now()
            vct_table_model_reload_data(model)
            loop.run { reloaded.pointee != 0 || failed.pointee != 0 }
            let time = seconds(start, now())
            if failed.pointee != 0 { fatalError("reload through the C face failed") }
            return time
        }

        var runs: UInt32 { bench_view_runs(view) }
        var rowsAlive: UInt32 { bench_view_rows_alive(view) }
    }

    /// The same photos in another order (seeded, so every run reorders alike).
    static func reordered(_ data: Data) throws -> Data {
        guard var photos = try JSONSerialization.jsonObject(with: data) as? [Any] else {
            throw BenchError("the fixture is not a JSON array")
        }
        photos.shuffle()  // the order need not repeat across runs: every photo moves either way
        return try JSONSerialization.data(withJSONObject: photos)
    }

    static func run(_ report: Report, repetitions: Int, size: Int) throws {
        let fixtures = try Fixtures(sizes: [size])
        defer { fixtures.removeTemporaryFiles() }
        let original = fixtures.bodies[size]!
        let shuffled = try reordered(original)
        let loop = BenchLoop()
        let ticker = bench_ticker_start(loop.context, 1)!
        defer { bench_ticker_stop(ticker) }
        let visible: UInt32 = 30

        var table = Table(
            "5. The C face: a \(grouped(size))-photo reload through VctTableModel with a \(visible)-row view on its GListModel (to did-reload-data, after the list's items-changed), against the Swift VCTableModel's reload (section 3's measure) of the same documents from memory (median of \(repetitions) interleaved)",
            ["reload", "VCTableModel (Swift)", "VctTableModel + view", "÷ Swift", "items-changed runs", "row objects alive after"],
            left: [0])
        for (name, documents) in [("same photos", [original]), ("every photo moved", [original, shuffled])] {
            let swift = ReloadHarness(loop: loop, ticker: ticker, api: DocumentsAPI(documents: Documents(documents)))
            let gobject = Harness(loop: loop, documents: Documents(documents), visible: visible)
            _ = swift.reload()  // first loads: one insert of every row
            _ = gobject.reload()
            let runsBefore = gobject.runs
            func settle() {
                loop.settle()
                usleep(UInt32(size >= 100_000 ? 150_000 : 20_000))
                loop.settle()
            }
            let samples = interleaved(repetitions: repetitions, [
                { let time = swift.reload().seconds; settle(); return time },
                { let time = gobject.reload(); settle(); return time },
            ])
            let swiftTime = median(samples[0])
            let gobjectTime = median(samples[1])
            let runs = Double(gobject.runs - runsBefore) / Double(repetitions)
            table.add([
                name, formatDuration(swiftTime), formatDuration(gobjectTime), formatRatio(gobjectTime / swiftTime),
                String(format: "%.0f", runs), String(gobject.rowsAlive),
            ])
            report.check(
                "C face: reload \(grouped(size)) (\(name)) through the GListModel ÷ the Swift model", ratio: gobjectTime / swiftTime,
                .atMost(1.25))
            // Right after a reload that moves many rows, the list keeps for a moment the
            // rows the view showed before it and those of its positions
            // (VCT_LIST_MODEL_KEEP_MS): two windows at most.
            report.checkLimit(
                "C face: row objects alive right after reloads (\(name)), view of \(visible) rows",
                value: Double(gobject.rowsAlive), atMost: Double(2 * visible), unit: { String(format: "%.0f", $0) })
        }
        report.add(table)
    }
}
