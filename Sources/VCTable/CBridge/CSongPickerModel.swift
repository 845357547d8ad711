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

/// The button title, static text shared by every picker (never freed):
/// `VctCore.song_picker_model_get_button_title`.
nonisolated(unsafe) let cSongPickerButtonTitle = UnsafePointer(cDuplicate(SongPickerViewModel.startButtonTitle)!)
