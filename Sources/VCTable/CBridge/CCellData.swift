internal import CGLib
internal import VCTableGObject

/// The Swift core of a `VctCellData` object (vct-cell-data.c): an immutable
/// `VCTableCellData` with its strings stored once as NUL-terminated UTF-8 in one
/// allocation (title, url, thumbnail URL), so the getters hand out pointers that live as
/// long as the object.
final class CCellData: @unchecked Sendable {
    let cell: VCTableCellData
    private let strings: UnsafeMutablePointer<CChar>
    private let urlOffset: Int
    private let thumbnailOffset: Int

    init(_ cell: VCTableCellData) {
        self.cell = cell
        var title = cell.title
        var url = cell.url
        var thumbnail = cell.thumbnailUrl
        let titleCount = title.withUTF8 { $0.count }
        let urlCount = url.withUTF8 { $0.count }
        let thumbnailCount = thumbnail.withUTF8 { $0.count }
        strings = .allocate(capacity: titleCount + urlCount + thumbnailCount + 3)
        urlOffset = titleCount + 1
        thumbnailOffset = urlOffset + urlCount + 1
        let raw = UnsafeMutableRawPointer(strings)
        func store(_ text: inout String, at offset: Int, count: Int) {
            text.withUTF8 { bytes in
                if let base = bytes.baseAddress { raw.advanced(by: offset).copyMemory(from: base, byteCount: count) }
            }
            strings[offset + count] = 0
        }
        store(&title, at: 0, count: titleCount)
        store(&url, at: urlOffset, count: urlCount)
        store(&thumbnail, at: thumbnailOffset, count: thumbnailCount)
    }

    deinit {
        strings.deallocate()
    }

    var title: UnsafePointer<CChar> { UnsafePointer(strings) }
    var url: UnsafePointer<CChar> { UnsafePointer(strings + urlOffset) }
    var thumbnailURL: UnsafePointer<CChar> { UnsafePointer(strings + thumbnailOffset) }

    /// A new `VctCellData` object for `cell`, owned by the result.
    static func makeObject(_ cell: VCTableCellData) -> OwnedObject {
        OwnedObject(adopting: _vct_cell_data_new(Unmanaged.passRetained(CCellData(cell)).toOpaque())!)
    }

    /// The core of a `VctCellData *` argument, with GLib's critical for anything else.
    static func from(_ pointer: OpaquePointer?, _ function: StaticString) -> CCellData? {
        guard let core = _vct_cell_data_get_core(UnsafeRawPointer(pointer)) else {
            _ = cCheck(false, function, "VCT_IS_CELL_DATA (cell)")
            return nil
        }
        return Unmanaged<CCellData>.fromOpaque(core).takeUnretainedValue()
    }
}

/// A strong reference to a GObject, dropped when this object goes (on whatever thread
/// releases it last: `releaseOffLoop` moves large batches off the loop).
final class OwnedObject: @unchecked Sendable {
    let raw: UnsafeMutableRawPointer

    /// Takes over the reference `raw` carries.
    init(adopting raw: UnsafeMutableRawPointer) {
        self.raw = raw
    }

    deinit {
        g_object_unref(raw)
    }

    var pointer: OpaquePointer { OpaquePointer(raw) }
}

@_spi(CInterop) @c(vct_cell_data_get_id)
public func vct_cell_data_get_id(_ cell: OpaquePointer?) -> Int64 {
    guard let core = CCellData.from(cell, "vct_cell_data_get_id") else { return 0 }
    return Int64(core.cell.id)
}

@_spi(CInterop) @c(vct_cell_data_get_album_id)
public func vct_cell_data_get_album_id(_ cell: OpaquePointer?) -> Int64 {
    guard let core = CCellData.from(cell, "vct_cell_data_get_album_id") else { return 0 }
    return Int64(core.cell.albumId)
}

@_spi(CInterop) @c(vct_cell_data_get_title)
public func vct_cell_data_get_title(_ cell: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard let core = CCellData.from(cell, "vct_cell_data_get_title") else { return nil }
    return core.title
}

@_spi(CInterop) @c(vct_cell_data_get_url)
public func vct_cell_data_get_url(_ cell: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard let core = CCellData.from(cell, "vct_cell_data_get_url") else { return nil }
    return core.url
}

@_spi(CInterop) @c(vct_cell_data_get_thumbnail_url)
public func vct_cell_data_get_thumbnail_url(_ cell: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard let core = CCellData.from(cell, "vct_cell_data_get_thumbnail_url") else { return nil }
    return core.thumbnailURL
}
