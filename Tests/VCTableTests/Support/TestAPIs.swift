import Foundation
import Synchronization
@testable import VCTable

/// Photo documents for tests, written by hand (not by `JSONEncoder`) so decoding is
/// tested against literal JSON.
enum Photos {
    /// Item `n` (1-based): `albumId` deliberately differs from `id` and from any other field.
    static func item(_ n: Int, album: Int? = nil) -> VCTableCellData {
        VCTableCellData(
            albumId: album ?? 700 + n, id: n, title: "photo \(n) “ünïcode”",
            url: "https://example.com/600/\(n).png", thumbnailUrl: "https://example.com/150/\(n).png")
    }

    static func items(_ range: ClosedRange<Int>) -> [VCTableCellData] {
        range.map { item($0) }
    }

    /// One JSON object for `item`, keys in the given order, with optional extra text inside the braces.
    static func object(_ item: VCTableCellData, extra: String = "") -> String {
        func quoted(_ text: String) -> String {
            let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            return "\"\(escaped)\""
        }
        return "{\"title\": \(quoted(item.title)), \"id\": \(item.id), \"url\": \(quoted(item.url)), "
            + "\"thumbnailUrl\": \(quoted(item.thumbnailUrl)), \"albumId\": \(item.albumId)\(extra)}"
    }

    static func json(_ items: [VCTableCellData]) -> String {
        "[" + items.map { object($0) }.joined(separator: ",\n ") + "]"
    }

    static func data(_ items: [VCTableCellData]) -> Data {
        Data(json(items).utf8)
    }
}

/// A `MyAPI` that answers every call at once with the same body or error, counting calls.
final class StaticAPI: MyAPI {
    private let result: Result<Data, any Error>
    private let calls = Mutex(0)

    init(_ data: Data) { result = .success(data) }
    init(items: [VCTableCellData]) { result = .success(Photos.data(items)) }
    init(error: any Error) { result = .failure(error) }

    var callCount: Int { calls.withLock { $0 } }

    func getPhotos() async throws -> Data {
        calls.withLock { $0 += 1 }
        return try result.get()
    }
}

/// A `MyAPI` whose calls each suspend until the test resolves them, recording whether and
/// when each was cancelled. With `honoursCancellation` a cancelled call throws
/// `CancellationError` at once; without it, it waits to be resolved anyway (a source that
/// ignores cancellation), so a superseded result can arrive late.
final class GateAPI: MyAPI {
    private struct Call {
        var continuation: CheckedContinuation<Data, any Error>?
        var pending: Result<Data, any Error>?
        var cancelled = false
        var returned = false
        var cancelledAtReturn = false
    }

    private let calls = Mutex<[Call]>([])
    private let honoursCancellation: Bool
    private let signal: ChangeSignal

    /// A gate whose events wake `context` (so `iterate(until:)` notices them) and `wait(until:)`.
    init(honoursCancellation: Bool = true, context: TestContext? = nil) {
        self.honoursCancellation = honoursCancellation
        signal = ChangeSignal(waking: context)
    }

    /// Blocks (off the pool) until `predicate(self)` holds or `timeout` passes.
    func waitAsync(timeout: Duration = .seconds(30), until predicate: @escaping @Sendable (GateAPI) -> Bool) async -> Bool {
        await signal.waitAsync(timeout: timeout) { predicate(self) }
    }

    var callCount: Int { calls.withLock { $0.count } }
    func isCancelled(_ index: Int) -> Bool { calls.withLock { $0.indices.contains(index) && $0[index].cancelled } }
    func hasReturned(_ index: Int) -> Bool { calls.withLock { $0.indices.contains(index) && $0[index].returned } }
    /// Whether the task was cancelled when call `index` returned.
    func wasCancelledAtReturn(_ index: Int) -> Bool { calls.withLock { $0[index].cancelledAtReturn } }

    func getPhotos() async throws -> Data {
        let index = signal.notify {
            calls.withLock { calls in
                calls.append(Call())
                return calls.count - 1
            }
        }
        defer {
            let cancelled = Task.isCancelled
            signal.notify {
                calls.withLock { calls in
                    calls[index].returned = true
                    calls[index].cancelledAtReturn = cancelled
                }
            }
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready = calls.withLock { calls -> Result<Data, any Error>? in
                    if let pending = calls[index].pending {
                        calls[index].pending = nil
                        return pending
                    }
                    calls[index].continuation = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            let honours = honoursCancellation
            let continuation = signal.notify {
                calls.withLock { calls -> CheckedContinuation<Data, any Error>? in
                    calls[index].cancelled = true
                    guard honours else { return nil }
                    if let continuation = calls[index].continuation {
                        calls[index].continuation = nil
                        return continuation
                    }
                    if calls[index].pending == nil { calls[index].pending = .failure(CancellationError()) }
                    return nil
                }
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// Completes call `index` (0-based) with `result`; does nothing if it already completed.
    func resolve(_ index: Int, _ result: Result<Data, any Error>) {
        let continuation = calls.withLock { calls -> CheckedContinuation<Data, any Error>? in
            if let continuation = calls[index].continuation {
                calls[index].continuation = nil
                return continuation
            }
            if calls[index].pending == nil && !calls[index].returned { calls[index].pending = result }
            return nil
        }
        continuation?.resume(with: result)
    }

    func resolve(_ index: Int, items: [VCTableCellData]) {
        resolve(index, .success(Photos.data(items)))
    }

    func fail(_ index: Int, _ error: any Error) {
        resolve(index, .failure(error))
    }
}

/// A `MyAPI` wrapping another, recording when each call started and ended and how.
final class ObservedAPI: MyAPI {
    struct Call: Sendable {
        var started: ContinuousClock.Instant
        var ended: ContinuousClock.Instant?
        var outcome: String?
    }

    let inner: any MyAPI
    private let calls = Mutex<[Call]>([])
    private let signal: ChangeSignal

    init(_ inner: any MyAPI, context: TestContext? = nil) {
        self.inner = inner
        signal = ChangeSignal(waking: context)
    }

    /// Blocks (off the pool) until `predicate(recorded)` holds or `timeout` passes.
    func waitAsync(timeout: Duration = .seconds(30), until predicate: @escaping @Sendable ([Call]) -> Bool) async -> Bool {
        await signal.waitAsync(timeout: timeout) { predicate(self.recorded) }
    }

    /// The outcome of call `index` ("data(n)", "cancelled", "error(code)"), nil while running.
    func outcome(_ index: Int) -> String? {
        calls.withLock { $0.indices.contains(index) ? $0[index].outcome : nil }
    }

    var recorded: [Call] { calls.withLock { $0 } }

    func getPhotos() async throws -> Data {
        let index = signal.notify {
            calls.withLock { calls in
                calls.append(Call(started: .now))
                return calls.count - 1
            }
        }
        do {
            let data = try await inner.getPhotos()
            end(index, "data(\(data.count))")
            return data
        } catch is CancellationError {
            end(index, "cancelled")
            throw CancellationError()
        } catch {
            end(index, "error(\(VCTableError(from: error).code))")
            throw error
        }
    }

    private func end(_ index: Int, _ outcome: String) {
        signal.notify {
            calls.withLock { calls in
                calls[index].ended = .now
                calls[index].outcome = outcome
            }
        }
    }
}

/// Calls `onRelease` when the returned `Data`'s storage is freed: a signal that whoever
/// received it (a model's fetch task) has finished with it.
func trackedData(_ data: Data, onRelease: @escaping @Sendable () -> Void) -> Data {
    let count = data.count
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
    data.copyBytes(to: buffer.assumingMemoryBound(to: UInt8.self), count: count)
    return Data(bytesNoCopy: buffer, count: count, deallocator: .custom { pointer, _ in
        pointer.deallocate()
        onRelease()
    })
}

/// Calls `onDeinit` when released: captured by closures to prove they were released.
final class DeinitProbe: Sendable {
    private let onDeinit: @Sendable () -> Void
    init(_ onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
}

/// A `MyAPI` that answers its n-th call with the n-th scripted result (the last one repeats).
final class ScriptAPI: MyAPI {
    private let script: [Result<Data, any Error>]
    private let calls = Mutex(0)

    init(_ script: [Result<Data, any Error>]) {
        precondition(!script.isEmpty)
        self.script = script
    }

    var callCount: Int { calls.withLock { $0 } }

    func getPhotos() async throws -> Data {
        let index = calls.withLock { calls in
            calls += 1
            return calls - 1
        }
        return try script[min(index, script.count - 1)].get()
    }
}
