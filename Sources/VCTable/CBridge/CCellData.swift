internal import CGLib
internal import VCTableGObject

/// `VctCellData` objects (vct-cell-data.c), the original's `VCTableCellData` for C: plain
/// GObjects holding copies of a cell's fields, which the C half answers on its own.
enum CCellData {
    /// A new `VctCellData` object for `cell`, owned by the result.
    static func makeObject(_ cell: VCTableCellData) -> OwnedObject {
        OwnedObject(adopting: _vct_cell_data_new(gint64(cell.id), gint64(cell.albumId), cell.title, cell.url, cell.thumbnailUrl)!)
    }

    /// The cell a `VctCellData *` argument holds, with GLib's critical for anything else.
    static func cell(of pointer: OpaquePointer?, _ function: StaticString) -> VCTableCellData? {
        var id: gint64 = 0
        var albumId: gint64 = 0
        var title: UnsafePointer<CChar>?
        var url: UnsafePointer<CChar>?
        var thumbnailURL: UnsafePointer<CChar>?
        guard _vct_cell_data_read(UnsafeRawPointer(pointer), &id, &albumId, &title, &url, &thumbnailURL) != 0 else {
            _ = cCheck(false, function, "VCT_IS_CELL_DATA (cell)")
            return nil
        }
        return VCTableCellData(
            albumId: Int(albumId), id: Int(id), title: String(cString: title!), url: String(cString: url!),
            thumbnailUrl: String(cString: thumbnailURL!))
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
