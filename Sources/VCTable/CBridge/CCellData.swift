/// `VctCellData`: an immutable, reference-counted `VCTableCellData` for C, with its strings
/// stored once as NUL-terminated UTF-8 in one allocation (title, url, thumbnail URL), so
/// the getters hand out pointers that live as long as the cell.
final class CCellData: CHandle, @unchecked Sendable {
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

}

@_spi(CInterop) @c(vct_cell_data_get_id)
public func vct_cell_data_get_id(_ cell: OpaquePointer?) -> Int64 {
    guard cCheck(cell != nil, "vct_cell_data_get_id", "cell != NULL") else { return 0 }
    return Int64(CCellData.from(cell!).cell.id)
}

@_spi(CInterop) @c(vct_cell_data_get_album_id)
public func vct_cell_data_get_album_id(_ cell: OpaquePointer?) -> Int64 {
    guard cCheck(cell != nil, "vct_cell_data_get_album_id", "cell != NULL") else { return 0 }
    return Int64(CCellData.from(cell!).cell.albumId)
}

@_spi(CInterop) @c(vct_cell_data_get_title)
public func vct_cell_data_get_title(_ cell: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard cCheck(cell != nil, "vct_cell_data_get_title", "cell != NULL") else { return nil }
    return CCellData.from(cell!).title
}

@_spi(CInterop) @c(vct_cell_data_get_url)
public func vct_cell_data_get_url(_ cell: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard cCheck(cell != nil, "vct_cell_data_get_url", "cell != NULL") else { return nil }
    return CCellData.from(cell!).url
}

@_spi(CInterop) @c(vct_cell_data_get_thumbnail_url)
public func vct_cell_data_get_thumbnail_url(_ cell: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard cCheck(cell != nil, "vct_cell_data_get_thumbnail_url", "cell != NULL") else { return nil }
    return CCellData.from(cell!).thumbnailURL
}

@_spi(CInterop) @c(vct_cell_data_ref)
public func vct_cell_data_ref(_ cell: OpaquePointer?) -> OpaquePointer? {
    CCellData.ref(cell, "vct_cell_data_ref", "cell != NULL")
}

@_spi(CInterop) @c(vct_cell_data_unref)
public func vct_cell_data_unref(_ cell: OpaquePointer?) {
    CCellData.unref(cell)
}
