internal import CGLib
internal import VCTableGObject
import Synchronization

/// A core whose object has a dispose (the screens): `VctCore.core_dispose`.
protocol CObjectCore: AnyObject {
    func dispose()
}

/// A screen's view model as `CScreen` reads it (`FeedViewModel`, `SongPickerViewModel`):
/// what `VctScreen` reads of every screen, then the screen's own values and actions by
/// the seam's keys (`VctScreenValue`, `VctScreenAction`), `nil` for a key it does not have.
protocol CScreenModel: Sendable {
    var title: Observable<String> { get }
    var isLoading: Observable<Bool> { get }
    /// The error of the last reload delivered, or `nil` once one succeeds.
    var lastError: VCTableError? { get }
    func reload()
    static func integer(_ what: VctScreenValue, of screen: CScreen<Self>) -> Int64?
    static func string(_ what: VctScreenValue, of screen: CScreen<Self>) -> String?
    static func act(_ action: VctScreenAction, on model: Self) -> Bool?
}

extension CScreenModel {
    static func string(_ what: VctScreenValue, of screen: CScreen<Self>) -> String? { nil }
    static func act(_ action: VctScreenAction, on model: Self) -> Bool? { nil }
}

/// A screen's core, whatever its model: the generic `VctCore.screen_*` entries.
protocol CScreenCore: AnyObject {
    /// `VctScreen:last-error` as a new `GError` (caller frees), or `nil`.
    func duplicateLastError() -> UnsafeMutablePointer<GError>?
    /// The screen's rows as a `VctListModel` object (transfer none).
    var list: UnsafeMutableRawPointer { get }
    /// A string value, as of the change being notified (`current`).
    func string(_ what: VctScreenValue) -> String?
    /// An integer, boolean or enum value, as of the change being notified (`current`).
    func integer(_ what: VctScreenValue) -> Int64
    /// Does `action` (`acting`): what the view model's call returned, true for none.
    func act(_ action: VctScreenAction) -> Bool
}

/// The screens by `VctScreenKind`: the generic `VctCore.screen_*` entries' way in.
enum CScreenKind {
    /// A new screen object of `kind` (transfer full) over the service whose core is
    /// `service`, or over the factory instance's when `service` is `nil`.
    static func make(_ kind: VctScreenKind, service: UnsafeMutableRawPointer?) -> OpaquePointer {
        switch kind {
        case VCT_SCREEN_KIND_FEED:
            CFeedModel.make(service.map { FeedViewModel(service: CFeedService.borrowed($0).service) }
                ?? FeedViewModel.factoryInstance())
        case VCT_SCREEN_KIND_SONG_PICKER:
            CSongPickerModel.make(service.map { SongPickerViewModel(service: CSongService.borrowed($0).service) }
                ?? SongPickerViewModel.factoryInstance())
        default:
            preconditionFailure("VctScreenKind \(kind.rawValue) is no screen")
        }
    }

    /// The core a `VctCore.screen_*` entry receives (its object holds it for the call).
    static func borrowed(_ core: UnsafeMutableRawPointer?) -> any CScreenCore {
        Unmanaged<AnyObject>.fromOpaque(core!).takeUnretainedValue() as! any CScreenCore
    }
}

/// The Swift core of a screen object (`VctFeedModel`, `VctSongPickerModel`; their classes
/// are in vct-feed-model.c and vct-song-picker-model.c, what they share in
/// vct-screen-object.c): the view model, the screen's list
/// as a `VctListModel`, and the subscriptions that forward the view model's observables
/// and events to the object, as a `notify` or a signal (the only way to listen to a
/// screen).
///
/// The object owns the core; the core refers to it weakly. Its dispose (the last unref)
/// ends the subscriptions and delivers nothing more.
final class CScreen<Model: CScreenModel>: CObjectCore, CScreenCore, @unchecked Sendable {
    let model: Model
    /// The screen's rows as a `VctListModel` object, one reference owned by this box.
    let list: UnsafeMutableRawPointer
    private let subscriptions = CompositeDisposable()
    private let object = Mutex<WeakObject?>(nil)
    private let disposed = Mutex(false)
    /// The value each forwarded observable's getter answers while its `notify` runs: that
    /// change's, not the latest (a row's rule too). Two changes the loop delivers back to
    /// back are each seen by their own `notify`. Until the screen is acted on (`acting`):
    /// from a reload called inside a handler on, the getters answer the latest values.
    private let reporting = Mutex(Reporting())
    /// The error `last-error` last told (`reportLastError`).
    private let shownError = Mutex<VCTableError?>(nil)
    /// The key of `last-error` in `reporting` (no observable of the model holds it).
    private static var lastErrorKey: ObjectIdentifier { ObjectIdentifier(LastErrorKey.self) }
    private enum LastErrorKey {}

    private struct Reporting {
        var values: [ObjectIdentifier: Reported] = [:]
        /// Bumped by every call that acts on the screen: older reported values no longer answer.
        var epoch = 0
    }

    /// A value being reported, boxed (no bare value of unknown type in the lock).
    private final class Reported: Sendable {
        let value: any Sendable
        let epoch: Int
        init(_ value: any Sendable, epoch: Int) {
            self.value = value
            self.epoch = epoch
        }
    }

    init(_ model: Model, list: ListModel) {
        self.model = model
        self.list = CListModel.makeObject(list)
    }

    /// The screen's object (transfer full), made by its C constructor, which takes this
    /// core's reference.
    func makeObject(_ construct: (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?) -> OpaquePointer {
        let made = construct(Unmanaged.passRetained(self).toOpaque())!
        object.withLock { $0 = WeakObject(made) }
        return OpaquePointer(made)
    }

    /// The core a `VctCore` entry receives (its object checked it and holds it for the
    /// call), borrowed.
    static func borrowed(_ core: UnsafeMutableRawPointer?) -> CScreen {
        Unmanaged<CScreen>.fromOpaque(core!).takeUnretainedValue()
    }

    func dispose() {
        let first = disposed.withLock { disposed in
            defer { disposed = true }
            return !disposed
        }
        guard first else { return }
        subscriptions.dispose()
    }

    /// The object's finalize: the list goes with the screen (after its dispose, so that
    /// `get_list` never hands out a freed list).
    deinit {
        g_object_unref(list)
    }

    /// Runs `body` with the object, if it still lives.
    private func withObject(_ body: (UnsafeMutableRawPointer) -> Void) {
        guard let live = object.withLock({ $0 })?.get() else { return }
        body(live)
        g_object_unref(live)
    }

    /// `observable`'s value as a getter should answer now: as of the change whose `notify`
    /// is running, if any, else the latest.
    func current<Value>(_ observable: Observable<Value>) -> Value {
        current(ObjectIdentifier(observable)) ?? observable.value
    }

    /// The value reported under `key` while its `notify` runs (and no call acted on the
    /// screen since), else `nil`.
    private func current<Value>(_ key: ObjectIdentifier) -> Value? {
        let reported = reporting.withLock { reporting -> Reported? in
            guard let reported = reporting.values[key], reported.epoch == reporting.epoch else { return nil }
            return reported
        }
        // Unwrapped first: a nil `(any Sendable)?` cast to an optional `Value` would succeed.
        guard let reported else { return nil }
        return reported.value as? Value
    }

    /// Runs `body` (a `notify`) with `value` as the value the getter of `key` answers.
    private func whileReporting(_ key: ObjectIdentifier, _ value: any Sendable, _ body: () -> Void) {
        let outer = reporting.withLock { $0.values.updateValue(Reported(value, epoch: $0.epoch), forKey: key) }
        defer { reporting.withLock { $0.values[key] = outer } }
        body()
    }

    /// `VctScreen:last-error` now: the error being notified inside its `notify`, else the
    /// model's latest.
    var lastError: VCTableError? {
        if let reported: VCTableError? = current(Self.lastErrorKey) { return reported }
        return model.lastError
    }

    func duplicateLastError() -> UnsafeMutablePointer<GError>? {
        lastError.map { CError.make($0) }
    }

    func string(_ what: VctScreenValue) -> String? {
        if what == VCT_SCREEN_VALUE_TITLE { return current(model.title) }
        guard let value = Model.string(what, of: self) else {
            preconditionFailure("\(Model.self) has no string value \(what.rawValue)")
        }
        return value
    }

    func integer(_ what: VctScreenValue) -> Int64 {
        if what == VCT_SCREEN_VALUE_LOADING { return current(model.isLoading) ? 1 : 0 }
        guard let value = Model.integer(what, of: self) else {
            preconditionFailure("\(Model.self) has no value \(what.rawValue)")
        }
        return value
    }

    func act(_ action: VctScreenAction) -> Bool {
        acting { model in
            if action == VCT_SCREEN_ACTION_RELOAD {
                model.reload()
                return true
            }
            guard let done = Model.act(action, on: model) else {
                preconditionFailure("\(Model.self) has no action \(action.rawValue)")
            }
            return done
        }
    }

    /// Runs a call that acts on the screen (a reload, a step of the picker): once it
    /// returns, the getters answer the latest values, inside a running `notify` too (the
    /// header's promise: `is_loading` is TRUE from the call to reload on).
    func acting<Result>(_ body: (Model) -> Result) -> Result {
        let result = body(model)
        reporting.withLock { $0.epoch += 1 }
        return result
    }

    /// Forwards every change of `observable` to the object: notifies `property` (and
    /// `also`, a property that follows it), its getter answering as of that change
    /// (`current(_:)`).
    func forward<Value>(_ observable: Observable<Value>, notify property: StaticString, also: StaticString? = nil) {
        let key = ObjectIdentifier(observable)
        subscriptions.add(observable.observe { [weak self] value in
            guard let self else { return }
            withObject { object in
                whileReporting(key, value) {
                    _vct_object_notify(object, cString(property))
                    if let also { _vct_object_notify(object, cString(also)) }
                }
            }
        })
    }

    /// Forwards the model's `isLoading` as `loading`, each change followed by `last-error`
    /// when the model's last error differs from the one last told (a reload's outcome
    /// sets both: the error first, then the flag).
    func forwardLoading(_ isLoading: Observable<Bool>) {
        let key = ObjectIdentifier(isLoading)
        subscriptions.add(isLoading.observe { [weak self] value in
            guard let self else { return }
            withObject { object in
                whileReporting(key, value) {
                    _vct_object_notify(object, cString("loading"))
                    reportLastError(object)
                }
            }
        })
    }

    /// Forwards the model's error messages as `VctScreen::did-error`, after `last-error`
    /// when it changed and `loading` did not tell it yet.
    func forwardError(_ didError: EventEmitter<String>) {
        subscriptions.add(didError.addHandler { [weak self] message in
            guard let self else { return }
            withObject { object in
                reportLastError(object)
                message.withCString { _vct_screen_emit_did_error(object, $0) }
            }
        })
    }

    /// Notifies `last-error` when the model's last error is not the one last told: only
    /// when it changes, on the context thread (`CTableModel.report`'s rule).
    private func reportLastError(_ object: UnsafeMutableRawPointer) {
        let error = model.lastError
        let changed = shownError.withLock { shown -> Bool in
            guard shown != error else { return false }
            shown = error
            return true
        }
        guard changed else { return }
        whileReporting(Self.lastErrorKey, error) {
            _vct_object_notify(object, cString("last-error"))
        }
    }

    /// Forwards every event of `emitter` to the object (`emit`: the signal).
    func forward<Event>(_ emitter: EventEmitter<Event>, emit: @escaping @Sendable (UnsafeMutableRawPointer, Event) -> Void) {
        subscriptions.add(emitter.addHandler { [weak self] event in
            guard let self else { return }
            withObject { emit($0, event) }
        })
    }
}

/// A string for a `(transfer full)` return, freed with `g_free`.
func cDuplicate(_ text: String) -> UnsafeMutablePointer<CChar>? {
    g_strdup(text)
}

/// A `StaticString` literal as a C string (literals are NUL-terminated).
func cString(_ text: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}
