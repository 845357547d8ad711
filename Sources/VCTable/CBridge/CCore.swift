internal import CGLib
internal import VCTableGObject

/// The Swift core's side of the seam with the C half (vctable-private.h): the table of
/// functions the GObject classes call, handed out by `_vct_core()`, the library's only
/// private export.
///
/// Each entry receives a `core` pointer: the retained Swift object a GObject owns (a
/// `CListModel`, a `CTableModel`), borrowed for the call; `*_release` drops that reference.
private func makeCoreTable() -> VctCore {
  VctCore(
    core_release: { core in
        Unmanaged<AnyObject>.fromOpaque(core!).release()
    },
    core_dispose: { core in
        (Unmanaged<AnyObject>.fromOpaque(core!).takeUnretainedValue() as? any CObjectCore)?.dispose()
    },
    screen_dup_last_error: { core in
        (Unmanaged<AnyObject>.fromOpaque(core!).takeUnretainedValue() as? any CScreenCore)?.duplicateLastError()
    },
    list_dispose: { core in
        Unmanaged<CListModel>.fromOpaque(core!).takeUnretainedValue().dispose()
    },
    list_release: { core in
        Unmanaged<CListModel>.fromOpaque(core!).release()
    },
    list_act: { core, position, action, identity in
        Unmanaged<CListModel>.fromOpaque(core!).takeUnretainedValue().act(
            at: position == guint.max ? nil : Int(position), identity: UInt64(identity), action: action)
    },
    row_get: { core, key, value in
        guard let core, let value else { return 0 }
        return Unmanaged<CLiveRow>.fromOpaque(core)._withUnsafeGuaranteedRef { row in
            guard let declared = row.model as? any DeclaredRowViewModel, declared.declaredClass.owns(key) else { return 0 }
            value.pointee = CRowRecord.value(declared.value(for: key), as: RowClassProperties.valueType(of: key))
            return 1
        }
    },
    table_dispose: { core in
        Unmanaged<CTableModel>.fromOpaque(core!).takeUnretainedValue().dispose()
    },
    table_release: { core in
        Unmanaged<CTableModel>.fromOpaque(core!).release()
    },
    table_get_items: { core, count in
        let all = Unmanaged<CTableModel>.fromOpaque(core!).takeUnretainedValue().allItems()
        count?.pointee = gsize(all.count)
        return all.items
    },
    table_set_wants_items: { core, wants in
        Unmanaged<CTableModel>.fromOpaque(core!).takeUnretainedValue().setWantsItems(wants != 0)
    },
    api_new_for_uri: { uri, timeout, maximumBodySize, orFailing, error in
        CApi.makeObject(
            uri: uri!, timeoutMilliseconds: timeout, maximumBodySize: Int(clamping: maximumBodySize),
            orFailing: orFailing != 0, error: error)
    },
    api_new_custom: { getPhotos, userData, notify in
        UnsafeMutableRawPointer(CApi.makeObject(
            CCustomAPI(unsafeBitCast(getPhotos!, to: CCustomAPI.GetPhotos.self), userData: userData, notify: notify)))
    },
    feed_service_new_for_uri: { uri in
        UnsafeMutableRawPointer(CFeedService.makeObject(uri: uri!))
    },
    feed_service_new_custom: { getFeeds, follow, userData, notify in
        UnsafeMutableRawPointer(CFeedService.makeObject(CCustomFeedService(
            fetch: unsafeBitCast(getFeeds!, to: CCustomFeedService.Fetch.self),
            follow: unsafeBitCast(follow!, to: CCustomFeedService.Follow.self), userData: userData, notify: notify)))
    },
    song_service_new_for_uri: { uri in
        UnsafeMutableRawPointer(CSongService.makeObject(uri: uri!))
    },
    song_service_new_custom: { getSongs, userData, notify in
        UnsafeMutableRawPointer(CSongService.makeObject(CCustomSongService(
            fetch: unsafeBitCast(getSongs!, to: CCustomSongService.Fetch.self), userData: userData, notify: notify)))
    },
    request_get_cancellable: { core in
        UnsafeMutableRawPointer(Unmanaged<CApiRequest>.fromOpaque(core!).takeUnretainedValue().cancellable)
    },
    request_return_json: { core, json, length in
        Unmanaged<CApiRequest>.fromOpaque(core!).takeUnretainedValue().returnJSON(json, count: Int(clamping: length))
    },
    request_return_error: { core, error in
        Unmanaged<CApiRequest>.fromOpaque(core!).takeUnretainedValue().returnError(error!)
    },
    table_new: { apiCore in
        let model = apiCore.map { VCTableModel(manager: Unmanaged<CApi>.fromOpaque($0).takeUnretainedValue().api) }
        return UnsafeMutableRawPointer(CTableModel.make(model ?? VCTableModel.factoryInstance()))
    },
    table_reload: { core in
        Unmanaged<CTableModel>.fromOpaque(core!).takeUnretainedValue().reload()
    },
    table_get_item: { core, position in
        Unmanaged<CTableModel>.fromOpaque(core!).takeUnretainedValue().item(at: Int(position))?.raw
    },
    table_get_list: { core in
        Unmanaged<CTableModel>.fromOpaque(core!).takeUnretainedValue().list
    },
    screen_new: { kind, service in
        UnsafeMutableRawPointer(CScreenKind.make(kind, service: service))
    },
    screen_dup_string: { core, what in
        CScreenKind.borrowed(core).string(what).flatMap(cDuplicate)
    },
    screen_get_int: { core, what in
        gint64(CScreenKind.borrowed(core).integer(what))
    },
    screen_get_list: { core in
        CScreenKind.borrowed(core).list
    },
    screen_act: { core, action in
        CScreenKind.borrowed(core).act(action) ? 1 : 0
    },
    image_loader_new: { shared in
        Unmanaged.passRetained(CImageLoader(shared != 0 ? .shared : ImagePipeline())).toOpaque()
    },
    image_loader_get: { core, what in
        guint64(CImageLoader.borrowed(core).value(VctImageLoaderValue(rawValue: UInt32(bitPattern: what))))
    },
    image_loader_set: { core, what, value in
        CImageLoader.borrowed(core).set(VctImageLoaderValue(rawValue: UInt32(bitPattern: what)), UInt64(value))
    },
    image_loader_clear_cache: { core in
        CImageLoader.borrowed(core).pipeline.removeAllCachedImages()
    },
    image_new: { object, loader, uri in
        Unmanaged.passRetained(CImage(
            object: object!, pipeline: CImageLoader.borrowed(loader).pipeline,
            url: uri.map { String(cString: $0) })).toOpaque()
    },
    image_bind: { core, width, height in
        CImage.borrowed(core).image.retain(width: Int(width), height: Int(height))
    },
    image_unbind: { core in
        CImage.borrowed(core).image.release()
    },
    image_set_uri: { core, uri in
        CImage.borrowed(core).image.url = uri.map { String(cString: $0) }
    }
  )
}

/// The table, made once (on the first `_vct_core()` call) and never freed.
private final class CoreTable: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<VctCore>

    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: makeCoreTable())
    }

    static let shared = CoreTable()
}

/// The seam's table (declared `const VctCore *_vct_core (void)` in vctable-private.h for
/// the C half only): the same table on every call.
@_spi(CInterop) @c(_vct_core)
public func _vct_core() -> UnsafeRawPointer {
    UnsafeRawPointer(CoreTable.shared.pointer)
}
