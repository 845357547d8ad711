// Helpers of the list toolkit's tests. Every type here starts with `Toolkit` so that
// nothing collides with the other test files of the VCTableTests target.
import CGLib
import Foundation
import Glibc
import Synchronization
@testable import VCTable

// MARK: - Recording

/// Values appended from any thread, read back in order.
final class ToolkitRecorder<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])

    init() {}

    func append(_ value: Value) { storage.withLock { $0.append(value) } }
    var values: [Value] { storage.withLock { $0 } }
    var count: Int { storage.withLock { $0.count } }
    var last: Value? { storage.withLock { $0.last } }
    func removeAll() { storage.withLock { $0.removeAll() } }
}

/// A thread's identity, comparable across threads.
struct ToolkitThreadID: Sendable, Equatable, CustomStringConvertible {
    let raw: pthread_t
    static var current: ToolkitThreadID { ToolkitThreadID(raw: pthread_self()) }
    static func == (lhs: ToolkitThreadID, rhs: ToolkitThreadID) -> Bool { pthread_equal(lhs.raw, rhs.raw) != 0 }
    var description: String { "thread 0x\(String(raw, radix: 16))" }
}

// MARK: - GLib contexts and threads

/// A private `GMainContext` (never the global default one) with its scheduler.
final class ToolkitContext: Sendable {
    let scheduler: MainContextScheduler

    init() {
        let context = g_main_context_new()!
        scheduler = MainContextScheduler(context: UnsafeMutableRawPointer(context))
        g_main_context_unref(context)
    }

    /// Iterates the context on the calling thread until `condition` holds or `timeout` passes.
    func iterate(until condition: () -> Bool, timeout: Duration = .seconds(30)) -> Bool {
        scheduler.iterate(until: condition, timeout: timeout)
    }

    /// Runs the context until everything queued on the scheduler before now has run.
    func drain(timeout: Duration = .seconds(30)) -> Bool {
        let flag = ToolkitFlag()
        scheduler.schedule { flag.set() }
        return iterate(until: { flag.isSet }, timeout: timeout)
    }
}

/// A one-way flag, safe from any thread.
final class ToolkitFlag: Sendable {
    private let state = Atomic<Bool>(false)
    init() {}
    func set() { state.store(true, ordering: .releasing) }
    var isSet: Bool { state.load(ordering: .acquiring) }
}

enum ToolkitThreads {
    /// Runs `body` on a new OS thread, off Swift's cooperative pool (which has as few as 2
    /// threads, and the model's fetch tasks need them), and returns its result.
    static func offPool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.stackSize = 4 << 20
            thread.start()
        }
    }
}

// MARK: - Deterministic randomness

/// SplitMix64: a small, seeded, deterministic generator.
struct ToolkitSplitMix: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0 ..< bound` (0 when bound is 0).
    mutating func below(_ bound: Int) -> Int {
        bound <= 0 ? 0 : Int(next(upperBound: UInt64(bound)))
    }

    /// True with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}

// MARK: - Row view models

/// An immutable row: an id and a text.
struct ToolkitItemViewModel: RowViewModel {
    let id: Int
    let text: String

    var diffIdentifier: Identity { Identity(id) }
    var propertyNames: [String] { ["id", "text"] }

    func property(_ name: String) -> PropertyValue? {
        switch name {
        case "id": .integer(Int64(id))
        case "text": .string(text)
        default: nil
        }
    }
}

/// A section header.
struct ToolkitHeaderViewModel: RowViewModel {
    let id: Int
    let title: String

    var diffIdentifier: Identity { Identity(id) }
    var propertyNames: [String] { ["title"] }
    func property(_ name: String) -> PropertyValue? { name == "title" ? .string(title) : nil }
}

/// A section footer.
struct ToolkitFooterViewModel: RowViewModel {
    let id: Int
    let note: String

    var diffIdentifier: Identity { Identity(id) }
    var propertyNames: [String] { ["note"] }
    func property(_ name: String) -> PropertyValue? { name == "note" ? .string(note) : nil }
}

/// A row whose content changes over time: a count backed by an `Observable<Int>`, whose
/// changes it reports as the property "count".
final class ToolkitCounterRowViewModel: RowViewModel {
    let id: Int
    let counter: Observable<Int>
    private let selections = Atomic<Int>(0)
    private let presses = Atomic<Int>(0)

    init(id: Int, value: Int = 0, scheduler: any Scheduler) {
        self.id = id
        counter = Observable(value, scheduler: scheduler)
    }

    var diffIdentifier: Identity { Identity(id) }
    var propertyNames: [String] { ["id", "count"] }

    func property(_ name: String) -> PropertyValue? {
        switch name {
        case "id": .integer(Int64(id))
        case "count": .integer(Int64(counter.value))
        default: nil
        }
    }

    func observeProperties(_ observer: @escaping @Sendable (String) -> Void) -> (any Disposable)? {
        counter.observe { _ in observer("count") }
    }

    func userSelected() { selections.wrappingAdd(1, ordering: .relaxed) }
    func userPressed() { presses.wrappingAdd(1, ordering: .relaxed) }

    var selectionCount: Int { selections.load(ordering: .relaxed) }
    var pressCount: Int { presses.load(ordering: .relaxed) }
}

enum ToolkitKinds {
    /// A registry with the test rows, header and footer.
    static func make() -> RowKindRegistry {
        let kinds = RowKindRegistry()
        do {
            try kinds.register(ToolkitItemViewModel.self)
            try kinds.register(ToolkitCounterRowViewModel.self)
            try kinds.register(ToolkitHeaderViewModel.self, role: .header)
            try kinds.register(ToolkitFooterViewModel.self, role: .footer)
        } catch {
            fatalError("test registry: \(error)")
        }
        return kinds
    }
}

// MARK: - Snapshots and a mirroring consumer

/// What a view shows of one row: its identity, type and property values.
struct ToolkitRowSnapshot: Equatable, CustomStringConvertible {
    var id: Identity
    var type: String
    var values: [PropertyValue?]

    init(_ row: any RowViewModel) {
        id = row.diffIdentifier
        type = String(describing: Swift.type(of: row))
        values = row.propertyNames.map { row.property($0) }
    }

    var description: String {
        "\(id):" + values.map { $0.map(\.description) ?? "nil" }.joined(separator: "/")
    }
}

/// What a view shows of one section.
struct ToolkitSectionSnapshot: Equatable, CustomStringConvertible {
    var id: Identity
    var header: ToolkitRowSnapshot?
    var footer: ToolkitRowSnapshot?
    var rows: [ToolkitRowSnapshot]

    init(_ section: ListSection) {
        id = section.id
        header = section.header.map(ToolkitRowSnapshot.init)
        footer = section.footer.map(ToolkitRowSnapshot.init)
        rows = section.rows.map(ToolkitRowSnapshot.init)
    }

    static func of(_ sections: [ListSection]) -> [ToolkitSectionSnapshot] { sections.map(Self.init) }

    var description: String {
        "§\(id)[h:\(header?.description ?? "-") f:\(footer?.description ?? "-")] " + rows.map(\.description).joined(separator: ",")
    }
}

/// A consumer that keeps its own copy of a list and applies every batch step by step,
/// reading the rows it adds or refreshes from the list at the moment of the callback.
final class ToolkitMirror: Sendable {
    private struct ToolkitMirrorState {
        var copy: [ToolkitSectionSnapshot]
        var batches = 0
        var problems: [String] = []
    }

    let list: ListModel
    private let state: Mutex<ToolkitMirrorState>
    private let subscription = SerialDisposable()
    /// When set, after each batch the copy is compared with the list's sections.
    private let checkEachBatch: Bool

    init(_ list: ListModel, checkEachBatch: Bool = true) {
        self.list = list
        self.checkEachBatch = checkEachBatch
        state = Mutex(ToolkitMirrorState(copy: ToolkitSectionSnapshot.of(list.sections)))
        subscription.inner = list.observeChanges { [weak self] steps in self?.apply(steps) }
    }

    deinit { subscription.dispose() }

    var copy: [ToolkitSectionSnapshot] { state.withLock { $0.copy } }
    var batchCount: Int { state.withLock { $0.batches } }
    var problems: [String] { state.withLock { $0.problems } }

    /// Replaces the copy with the list's current contents (after a problem was recorded).
    func resync() { state.withLock { $0.copy = ToolkitSectionSnapshot.of(list.sections) } }

    private func apply(_ steps: [ListChange]) {
        let model = list.sections   // what the view has been told, read during the callback
        state.withLock { state in
            state.batches += 1
            for (number, step) in steps.enumerated() {
                if let problem = Self.apply(step, to: &state.copy, from: model) {
                    state.problems.append("step \(number) \(step) of \(steps): \(problem)")
                    state.copy = ToolkitSectionSnapshot.of(model)
                    return
                }
            }
            if checkEachBatch {
                let expected = ToolkitSectionSnapshot.of(model)
                if state.copy != expected {
                    state.problems.append("drift after \(steps):\n  copy  \(state.copy)\n  model \(expected)")
                    state.copy = expected
                }
            }
        }
    }

    /// Applies one step; returns a description of what is wrong with it, if anything.
    private static func apply(_ step: ListChange, to copy: inout [ToolkitSectionSnapshot], from model: [ListSection]) -> String? {
        switch step {
        case .sections(let splice):
            guard splice.position >= 0, splice.removed >= 0, splice.added >= 0,
                  splice.position + splice.removed <= copy.count,
                  splice.position + splice.added <= model.count
            else { return "section splice out of bounds (copy \(copy.count), model \(model.count))" }
            copy.replaceSubrange(
                splice.position ..< splice.position + splice.removed,
                with: model[splice.position ..< splice.position + splice.added].map(ToolkitSectionSnapshot.init))
        case .rows(let section, let splice):
            guard copy.indices.contains(section), model.indices.contains(section) else {
                return "row splice in a section out of range"
            }
            guard copy[section].id == model[section].id else {
                return "row splice in section \(section): copy has \(copy[section].id), model \(model[section].id)"
            }
            let rows = model[section].rows
            guard splice.position >= 0, splice.removed >= 0, splice.added >= 0,
                  splice.position + splice.removed <= copy[section].rows.count,
                  splice.position + splice.added <= rows.count
            else { return "row splice out of bounds (copy \(copy[section].rows.count), model \(rows.count))" }
            copy[section].rows.replaceSubrange(
                splice.position ..< splice.position + splice.removed,
                with: rows[splice.position ..< splice.position + splice.added].map(ToolkitRowSnapshot.init))
        case .sectionUpdated(let section):
            guard copy.indices.contains(section), model.indices.contains(section) else {
                return "section update out of range"
            }
            guard copy[section].id == model[section].id else {
                return "section update of \(copy[section].id), but the model has \(model[section].id) there"
            }
            copy[section].header = model[section].header.map(ToolkitRowSnapshot.init)
            copy[section].footer = model[section].footer.map(ToolkitRowSnapshot.init)
        case .rowUpdated(let section, let index):
            guard copy.indices.contains(section), model.indices.contains(section),
                  copy[section].rows.indices.contains(index), model[section].rows.indices.contains(index)
            else { return "row update out of range" }
            let fresh = ToolkitRowSnapshot(model[section].rows[index])
            guard copy[section].rows[index].id == fresh.id else {
                return "row update at (\(section), \(index)): copy has \(copy[section].rows[index].id), model \(fresh.id)"
            }
            copy[section].rows[index] = fresh
        }
        return nil
    }
}

// MARK: - A photos API of our own

/// Photos JSON the test chooses, per reload.
final class ToolkitPhotosSource: Sendable {
    private let document = Mutex<Data>(Data("[]".utf8))
    private let calls = Atomic<Int>(0)

    init() {}

    func set(_ photos: [(id: Int, title: String)]) {
        let objects = photos.map { photo -> [String: Any] in
            ["albumId": photo.id / 10 + 1, "id": photo.id, "title": photo.title,
             "url": "https://example.com/\(photo.id).png", "thumbnailUrl": "https://example.com/t/\(photo.id).png"]
        }
        let data = try! JSONSerialization.data(withJSONObject: objects)
        document.withLock { $0 = data }
    }

    var data: Data {
        calls.wrappingAdd(1, ordering: .relaxed)
        return document.withLock { $0 }
    }

    var callCount: Int { calls.load(ordering: .relaxed) }
}

/// `MyAPI` returning the source's current document.
struct ToolkitPhotosAPI: MyAPI {
    let source: ToolkitPhotosSource
    func getPhotos() async throws -> Data { source.data }
}
