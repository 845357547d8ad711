internal import VCTableGObject

typealias CSongPickerModel = CScreen<SongPickerViewModel>

extension SongPickerState {
    /// The `VctSongPickerState` value.
    var cValue: Int32 {
        switch self {
        case .picking: 0
        case .listening: 1
        case .finished: 2
        }
    }
}

extension CScreen where Model == SongPickerViewModel {
    static func make(_ model: SongPickerViewModel) -> OpaquePointer {
        let box = CSongPickerModel(model, list: model.list)
        box.forward(model.state, notify: "state", also: "button-title")
        box.forward(model.title, notify: "title")
        box.forward(model.isButtonEnabled, notify: "button-enabled")
        box.forward(model.didDismiss) { object, _ in _vct_object_emit(object, "dismiss") }
        box.forwardError(model.didError)
        box.forwardLoading(model.isLoading)
        return box.makeObject { _vct_song_picker_model_new($0) }
    }
}

private func picker(_ pointer: OpaquePointer?, _ function: StaticString) -> CSongPickerModel? {
    CSongPickerModel.from(pointer, { _vct_song_picker_model_get_core($0) }, function, "VCT_IS_SONG_PICKER_MODEL (model)")
}

@_spi(CInterop) @c(vct_song_picker_model_new)
public func vct_song_picker_model_new(_ service: OpaquePointer?) -> OpaquePointer? {
    guard let service = CSongService.from(service, "vct_song_picker_model_new") else { return nil }
    return CSongPickerModel.make(SongPickerViewModel(service: service.service))
}

@_spi(CInterop) @c(vct_song_picker_model_factory_instance)
public func vct_song_picker_model_factory_instance() -> OpaquePointer? {
    CSongPickerModel.make(SongPickerViewModel.factoryInstance())
}

@_spi(CInterop) @c(vct_song_picker_model_get_state)
public func vct_song_picker_model_get_state(_ model: OpaquePointer?) -> Int32 {
    picker(model, "vct_song_picker_model_get_state").map { $0.current($0.model.state).cValue } ?? 0
}

@_spi(CInterop) @c(vct_song_picker_model_dup_title)
public func vct_song_picker_model_dup_title(_ model: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    picker(model, "vct_song_picker_model_dup_title").flatMap { cDuplicate($0.current($0.model.title)) }
}

/// The button title, static text shared by every picker.
private nonisolated(unsafe) let buttonTitle = cDuplicate(SongPickerViewModel.startButtonTitle)

@_spi(CInterop) @c(vct_song_picker_model_get_button_title)
public func vct_song_picker_model_get_button_title(_ model: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard picker(model, "vct_song_picker_model_get_button_title") != nil else { return nil }
    return buttonTitle.map { UnsafePointer($0) }
}

@_spi(CInterop) @c(vct_song_picker_model_is_button_enabled)
public func vct_song_picker_model_is_button_enabled(_ model: OpaquePointer?) -> Int32 {
    picker(model, "vct_song_picker_model_is_button_enabled").map { $0.current($0.model.isButtonEnabled) } == true ? 1 : 0
}

@_spi(CInterop) @c(vct_song_picker_model_is_loading)
public func vct_song_picker_model_is_loading(_ model: OpaquePointer?) -> Int32 {
    picker(model, "vct_song_picker_model_is_loading").map { $0.current($0.model.isLoading) } == true ? 1 : 0
}

@_spi(CInterop) @c(vct_song_picker_model_get_list)
public func vct_song_picker_model_get_list(_ model: OpaquePointer?) -> OpaquePointer? {
    picker(model, "vct_song_picker_model_get_list").map { OpaquePointer($0.list) }
}

@_spi(CInterop) @c(vct_song_picker_model_reload)
public func vct_song_picker_model_reload(_ model: OpaquePointer?) {
    picker(model, "vct_song_picker_model_reload")?.acting { $0.reload() }
}

@_spi(CInterop) @c(vct_song_picker_model_start)
public func vct_song_picker_model_start(_ model: OpaquePointer?) -> Int32 {
    picker(model, "vct_song_picker_model_start")?.acting { $0.start() } == true ? 1 : 0
}

@_spi(CInterop) @c(vct_song_picker_model_next)
public func vct_song_picker_model_next(_ model: OpaquePointer?) -> Int32 {
    picker(model, "vct_song_picker_model_next")?.acting { $0.next() } == true ? 1 : 0
}

@_spi(CInterop) @c(vct_song_picker_model_previous)
public func vct_song_picker_model_previous(_ model: OpaquePointer?) -> Int32 {
    picker(model, "vct_song_picker_model_previous")?.acting { $0.previous() } == true ? 1 : 0
}

@_spi(CInterop) @c(vct_song_picker_model_finish_song)
public func vct_song_picker_model_finish_song(_ model: OpaquePointer?) -> Int32 {
    picker(model, "vct_song_picker_model_finish_song")?.acting { $0.finishSong() } == true ? 1 : 0
}

@_spi(CInterop) @c(vct_song_picker_model_back)
public func vct_song_picker_model_back(_ model: OpaquePointer?) {
    picker(model, "vct_song_picker_model_back")?.acting { $0.back() }
}
