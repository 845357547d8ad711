import Foundation
import Synchronization
@testable import VCTable

/// One report a model delivered.
enum Report: Sendable, Equatable, CustomStringConvertible {
    case title(String)
    case reloaded([VCTableCellData])
    case error(String)

    var description: String {
        switch self {
        case .title(let text): "title(\(text))"
        case .reloaded(let items): "reloaded(\(items.count) items\(items.first.map { ", first id \($0.id)" } ?? ""))"
        case .error(let message): "error(\(message.debugDescription))"
        }
    }

    var isError: Bool { if case .error = self { true } else { false } }
    var isReload: Bool { if case .reloaded = self { true } else { false } }
}

/// Collects a model's reports, in delivery order, with the thread each ran on; wakes the
/// context after each so `iterate(until:)` re-checks promptly.
final class Recorder: Sendable {
    private struct Entry: Sendable {
        let report: Report
        let thread: ThreadID
        let ownedContext: Bool
    }

    private let entries = Mutex<[Entry]>([])
    private let context: TestContext?
    private let signal: ChangeSignal

    /// A recorder for reports delivered on `context` (which it wakes after each report).
    init(_ context: TestContext? = nil) {
        self.context = context
        signal = ChangeSignal(waking: context)
    }

    /// Sets all three closures of `model` to record into this recorder.
    func attach(to model: VCTableModel) {
        model.didUpdateNavigationTitle = recordTitle
        model.didReloadData = recordReload
        model.didError = recordError
    }

    var recordTitle: @Sendable (String) -> Void {
        { [self] in record(.title($0)) }
    }

    var recordReload: @Sendable ([VCTableCellData]) -> Void {
        { [self] in record(.reloaded($0)) }
    }

    var recordError: @Sendable (String) -> Void {
        { [self] in record(.error($0)) }
    }

    /// Records `report`, the calling thread, and whether it owns the recorder's context.
    func record(_ report: Report) {
        let owned = context?.scheduler.isCurrent ?? false
        signal.notify {
            entries.withLock { $0.append(Entry(report: report, thread: .current, ownedContext: owned)) }
        }
    }

    /// Blocks the calling thread (off the cooperative pool) until the reports satisfy
    /// `condition` or `timeout` passes; for contexts a `LoopThread` runs.
    func wait(timeout: Duration = .seconds(30), until condition: ([Report]) -> Bool) -> Bool {
        signal.wait(timeout: timeout) { condition(reports) }
    }

    /// `wait(timeout:until:)` from async code.
    func waitAsync(timeout: Duration = .seconds(30), until condition: @escaping @Sendable ([Report]) -> Bool) async -> Bool {
        await signal.waitAsync(timeout: timeout) { condition(self.reports) }
    }

    var reports: [Report] { entries.withLock { $0.map(\.report) } }
    var count: Int { entries.withLock { $0.count } }
    var threads: [ThreadID] { entries.withLock { $0.map(\.thread) } }
    /// For each report, whether the thread that ran it owned the recorder's context.
    var ownedContext: [Bool] { entries.withLock { $0.map(\.ownedContext) } }

    /// Whether a report satisfying `predicate` arrived.
    func contains(where predicate: (Report) -> Bool) -> Bool {
        entries.withLock { $0.contains { predicate($0.report) } }
    }

    var errors: [String] {
        reports.compactMap { if case .error(let message) = $0 { message } else { nil } }
    }

    var reloads: [[VCTableCellData]] {
        reports.compactMap { if case .reloaded(let items) = $0 { items } else { nil } }
    }

    var titles: [String] {
        reports.compactMap { if case .title(let text) = $0 { text } else { nil } }
    }
}
