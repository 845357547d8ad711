internal import CGLib
internal import VCTableGObject
import FoundationEssentials

typealias CFeedModel = CScreen<FeedViewModel>

extension CScreen where Model == FeedViewModel {
    static func make(_ model: FeedViewModel) -> OpaquePointer {
        let box = CFeedModel(model, list: model.list)
        box.forward(model.title, notify: "title")
        box.forwardLoading(model.isLoading)
        box.forward(model.isListHidden, notify: "list-hidden")
        box.forwardError(model.didError)
        box.forward(model.openDetail) { object, photo in
            let detail = _vct_feed_photo_new(
                gint64(photo.id), photo.title, photo.description, photo.imageUrl, gint64(photo.date.timeIntervalSince1970.rounded(.down)))
            _vct_object_emit_object(object, "open-detail", detail)
            g_object_unref(detail)
        }
        return box.makeObject { _vct_screen_object_new(VCT_SCREEN_KIND_FEED, $0) }
    }
}

extension FeedViewModel: CScreenModel {
    static func integer(_ what: VctScreenValue, of screen: CScreen<FeedViewModel>) -> Int64? {
        switch what {
        case VCT_SCREEN_VALUE_LIST_HIDDEN: screen.current(screen.model.isListHidden) ? 1 : 0
        default: nil
        }
    }
}
