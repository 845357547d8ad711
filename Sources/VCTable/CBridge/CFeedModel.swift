import Foundation

/// The report slots of a `VctFeedModel`.
enum CFeedSlot: Int, CaseIterable {
    case title, loading, listHidden, error, openDetail
}

typealias CFeedModel = CScreen<FeedViewModel, CFeedSlot>

/// A `VctOpenDetailFunc`.
@_spi(CInterop) public typealias COpenDetailFunction = @convention(c) (
    Int64, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void

extension CScreen where Model == FeedViewModel, Slot == CFeedSlot {
    static func make(_ model: FeedViewModel) -> OpaquePointer {
        let box = CFeedModel(model, list: model.list)
        box.forward(model.title, to: .title, CFeedModel.text)
        box.forward(model.isLoading, to: .loading, CFeedModel.boolean)
        box.forward(model.isListHidden, to: .listHidden, CFeedModel.boolean)
        box.forward(model.didError, to: .error, CFeedModel.text)
        box.forward(model.openDetail, to: .openDetail) { callback, photo in
            let function = unsafeBitCast(callback.function, to: COpenDetailFunction.self)
            photo.title.withCString { title in
                photo.description.withCString { description in
                    photo.imageUrl.withCString { image in
                        function(Int64(photo.id), title, description, image, callback.userData)
                    }
                }
            }
        }
        return box.retainedPointer
    }
}

private func feed(_ pointer: OpaquePointer?, _ function: StaticString) -> CFeedModel? {
    cScreen(pointer, CFeedModel.self, function)
}

@_spi(CInterop) @c(vct_feed_model_new)
public func vct_feed_model_new(_ service: OpaquePointer?) -> OpaquePointer? {
    guard cCheck(service != nil, "vct_feed_model_new", "service != NULL") else { return nil }
    return CFeedModel.make(FeedViewModel(service: CFeedService.from(service!).service))
}

@_spi(CInterop) @c(vct_feed_model_factory_instance)
public func vct_feed_model_factory_instance() -> OpaquePointer? {
    CFeedModel.make(FeedViewModel.factoryInstance())
}

@_spi(CInterop) @c(vct_feed_model_ref)
public func vct_feed_model_ref(_ model: OpaquePointer?) -> OpaquePointer? {
    feed(model, "vct_feed_model_ref")?.retain()
    return model
}

@_spi(CInterop) @c(vct_feed_model_unref)
public func vct_feed_model_unref(_ model: OpaquePointer?) {
    guard let model else { return }
    CFeedModel.from(model).release()
}

@_spi(CInterop) @c(vct_feed_model_dup_title)
public func vct_feed_model_dup_title(_ model: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    feed(model, "vct_feed_model_dup_title").flatMap { cDuplicate($0.model.title.value) }
}

@_spi(CInterop) @c(vct_feed_model_is_loading)
public func vct_feed_model_is_loading(_ model: OpaquePointer?) -> Int32 {
    feed(model, "vct_feed_model_is_loading")?.model.isLoading.value == true ? 1 : 0
}

@_spi(CInterop) @c(vct_feed_model_is_list_hidden)
public func vct_feed_model_is_list_hidden(_ model: OpaquePointer?) -> Int32 {
    feed(model, "vct_feed_model_is_list_hidden")?.model.isListHidden.value == false ? 0 : 1
}

@_spi(CInterop) @c(vct_feed_model_get_list)
public func vct_feed_model_get_list(_ model: OpaquePointer?) -> OpaquePointer? {
    feed(model, "vct_feed_model_get_list").map { OpaquePointer($0.list) }
}

@_spi(CInterop) @c(vct_feed_model_reload)
public func vct_feed_model_reload(_ model: OpaquePointer?) {
    feed(model, "vct_feed_model_reload")?.model.reload()
}

@_spi(CInterop) @c(vct_feed_model_set_did_update_title)
public func vct_feed_model_set_did_update_title(
    _ model: OpaquePointer?, _ function: CTextFunction?, _ userData: UnsafeMutableRawPointer?, _ notify: CDestroyNotify?
) {
    CFeedModel.set(model, .title, function, userData, notify, "vct_feed_model_set_did_update_title", "model != NULL")
}

@_spi(CInterop) @c(vct_feed_model_set_did_change_loading)
public func vct_feed_model_set_did_change_loading(
    _ model: OpaquePointer?, _ function: CBooleanFunction?, _ userData: UnsafeMutableRawPointer?, _ notify: CDestroyNotify?
) {
    CFeedModel.set(model, .loading, function, userData, notify, "vct_feed_model_set_did_change_loading", "model != NULL")
}

@_spi(CInterop) @c(vct_feed_model_set_did_change_list_hidden)
public func vct_feed_model_set_did_change_list_hidden(
    _ model: OpaquePointer?, _ function: CBooleanFunction?, _ userData: UnsafeMutableRawPointer?, _ notify: CDestroyNotify?
) {
    CFeedModel.set(model, .listHidden, function, userData, notify, "vct_feed_model_set_did_change_list_hidden", "model != NULL")
}

@_spi(CInterop) @c(vct_feed_model_set_did_error)
public func vct_feed_model_set_did_error(
    _ model: OpaquePointer?, _ function: CTextFunction?, _ userData: UnsafeMutableRawPointer?, _ notify: CDestroyNotify?
) {
    CFeedModel.set(model, .error, function, userData, notify, "vct_feed_model_set_did_error", "model != NULL")
}

@_spi(CInterop) @c(vct_feed_model_set_did_open_detail)
public func vct_feed_model_set_did_open_detail(
    _ model: OpaquePointer?, _ function: COpenDetailFunction?, _ userData: UnsafeMutableRawPointer?, _ notify: CDestroyNotify?
) {
    CFeedModel.set(model, .openDetail, function, userData, notify, "vct_feed_model_set_did_open_detail", "model != NULL")
}
