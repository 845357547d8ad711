internal import CGLib
internal import VCTableGObject
import Foundation

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
        return box.makeObject { _vct_feed_model_new($0) }
    }
}

private func feed(_ pointer: OpaquePointer?, _ function: StaticString) -> CFeedModel? {
    CFeedModel.from(pointer, { _vct_feed_model_get_core($0) }, function, "VCT_IS_FEED_MODEL (model)")
}

@_spi(CInterop) @c(vct_feed_model_new)
public func vct_feed_model_new(_ service: OpaquePointer?) -> OpaquePointer? {
    guard let service = CFeedService.from(service, "vct_feed_model_new") else { return nil }
    return CFeedModel.make(FeedViewModel(service: service.service))
}

@_spi(CInterop) @c(vct_feed_model_factory_instance)
public func vct_feed_model_factory_instance() -> OpaquePointer? {
    CFeedModel.make(FeedViewModel.factoryInstance())
}

@_spi(CInterop) @c(vct_feed_model_dup_title)
public func vct_feed_model_dup_title(_ model: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    feed(model, "vct_feed_model_dup_title").flatMap { cDuplicate($0.current($0.model.title)) }
}

@_spi(CInterop) @c(vct_feed_model_is_loading)
public func vct_feed_model_is_loading(_ model: OpaquePointer?) -> Int32 {
    feed(model, "vct_feed_model_is_loading").map { $0.current($0.model.isLoading) } == true ? 1 : 0
}

@_spi(CInterop) @c(vct_feed_model_is_list_hidden)
public func vct_feed_model_is_list_hidden(_ model: OpaquePointer?) -> Int32 {
    feed(model, "vct_feed_model_is_list_hidden").map { $0.current($0.model.isListHidden) } == false ? 0 : 1
}

@_spi(CInterop) @c(vct_feed_model_get_list)
public func vct_feed_model_get_list(_ model: OpaquePointer?) -> OpaquePointer? {
    feed(model, "vct_feed_model_get_list").map { OpaquePointer($0.list) }
}

@_spi(CInterop) @c(vct_feed_model_reload)
public func vct_feed_model_reload(_ model: OpaquePointer?) {
    feed(model, "vct_feed_model_reload")?.acting { $0.reload() }
}
