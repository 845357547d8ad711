internal import CGLib
internal import VCTableGObject

/// A screen view model for C (`VctFeedModel`, `VctSongPickerModel`): an explicit reference
/// count, one callback slot per report, the screen's list as a `VctListModel`, and the
/// subscriptions that forward the view model's observables and events to the slots.
/// The last unref ends the subscriptions, runs every notify and delivers nothing more.
final class CScreen<Model: Sendable, Slot: RawRepresentable<Int> & CaseIterable & Sendable>: CCallbackOwner, CCountedHandle, @unchecked Sendable {
    let model: Model
    let slots = CCallbackSlots(count: Slot.allCases.count)
    /// The screen's rows as a `VctListModel` object, one reference owned by this box.
    let list: UnsafeMutableRawPointer
    let references = CRefCount()
    private let subscriptions = CompositeDisposable()

    init(_ model: Model, list: ListModel) {
        self.model = model
        self.list = CListModel.makeObject(list)
    }

    func dispose() {
        subscriptions.dispose()
        slots.dispose()
        _vct_object_unref(list)
    }

    /// Forwards every change of `observable` to `slot`.
    func forward<Value>(_ observable: Observable<Value>, to slot: Slot, _ call: @escaping @Sendable (CCallback, Value) -> Void) {
        let index = slot.rawValue
        subscriptions.add(observable.observe { [weak self] value in
            self?.slots.invoke(index) { call($0, value) }
        })
    }

    /// Forwards every event of `emitter` to `slot`.
    func forward<Event>(_ emitter: EventEmitter<Event>, to slot: Slot, _ call: @escaping @Sendable (CCallback, Event) -> Void) {
        let index = slot.rawValue
        subscriptions.add(emitter.addHandler { [weak self] event in
            self?.slots.invoke(index) { call($0, event) }
        })
    }

    /// Calls a text callback (`VctTextChangedFunc`, `VctDidErrorFunc`).
    static func text(_ callback: CCallback, _ text: String) {
        let function = unsafeBitCast(callback.function, to: CTextFunction.self)
        text.withCString { function($0, callback.userData) }
    }

    /// Calls a `VctBooleanChangedFunc`.
    static func boolean(_ callback: CCallback, _ value: Bool) {
        unsafeBitCast(callback.function, to: CBooleanFunction.self)(value ? 1 : 0, callback.userData)
    }
}

/// A `VctBooleanChangedFunc`.
@_spi(CInterop) public typealias CBooleanFunction = @convention(c) (Int32, UnsafeMutableRawPointer?) -> Void

/// The C pointer's screen, or `nil` after a critical for `NULL`.
func cScreen<Model, Slot>(_ pointer: OpaquePointer?, _ type: CScreen<Model, Slot>.Type, _ function: StaticString) -> CScreen<Model, Slot>? {
    guard cCheck(pointer != nil, function, "model != NULL") else { return nil }
    return type.from(pointer!)
}

/// A string for a `(transfer full)` return, freed with `g_free`.
func cDuplicate(_ text: String) -> UnsafeMutablePointer<CChar>? {
    g_strdup(text)
}
