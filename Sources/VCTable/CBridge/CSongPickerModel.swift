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
        return box.makeObject { _vct_screen_object_new(VCT_SCREEN_KIND_SONG_PICKER, $0) }
    }
}

extension SongPickerViewModel: CScreenModel {
    static func integer(_ what: VctScreenValue, of screen: CScreen<SongPickerViewModel>) -> Int64? {
        switch what {
        case VCT_SCREEN_VALUE_STATE: Int64(screen.current(screen.model.state).cValue)
        case VCT_SCREEN_VALUE_BUTTON_ENABLED: screen.current(screen.model.isButtonEnabled) ? 1 : 0
        default: nil
        }
    }

    static func string(_ what: VctScreenValue, of screen: CScreen<SongPickerViewModel>) -> String? {
        what == VCT_SCREEN_VALUE_BUTTON_TITLE ? screen.model.buttonTitle : nil
    }

    static func act(_ action: VctScreenAction, on model: SongPickerViewModel) -> Bool? {
        switch action {
        case VCT_SCREEN_ACTION_START: model.start()
        case VCT_SCREEN_ACTION_NEXT: model.next()
        case VCT_SCREEN_ACTION_PREVIOUS: model.previous()
        case VCT_SCREEN_ACTION_FINISH_SONG: model.finishSong()
        case VCT_SCREEN_ACTION_BACK: { model.back(); return true }()
        default: nil
        }
    }
}
