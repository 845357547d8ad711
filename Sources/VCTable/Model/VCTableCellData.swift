/// One row of the photo table: a photo record (the original's `VCTableCellData`).
///
/// A value: two cells are equal when every field is; `id` is the row's identity.
public struct VCTableCellData: Sendable, Hashable, Codable, Identifiable {
    /// The album the photo belongs to (JSON `albumId`).
    public var albumId: Int
    /// The photo's identifier (JSON `id`).
    public var id: Int
    /// The photo's title (JSON `title`).
    public var title: String
    /// The full-size image URL (JSON `url`).
    public var url: String
    /// The thumbnail URL (JSON `thumbnailUrl`).
    public var thumbnailUrl: String

    /// A cell with the given fields.
    public init(albumId: Int, id: Int, title: String, url: String, thumbnailUrl: String) {
        self.albumId = albumId
        self.id = id
        self.title = title
        self.url = url
        self.thumbnailUrl = thumbnailUrl
    }
}

// The C face's row keys: absent when this file is compiled without the library, as the
// decoder's fuzz target compiles it (Fuzz/run.sh).
#if canImport(VCTableGObject)
internal import VCTableGObject

extension VCTableCellData {
    /// The value of the photo row property `key` (`VctPhotoRow`'s, vct-row-properties.h)
    /// that is one of the cell's fields, or `nil`.
    func value(for key: VctRowProperty) -> PropertyValue? {
        switch key {
        case VCT_ROW_PHOTO_TITLE: .string(title)
        case VCT_ROW_PHOTO_ID: .integer(Int64(id))
        case VCT_ROW_PHOTO_ALBUM_ID: .integer(Int64(albumId))
        case VCT_ROW_PHOTO_URL: .string(url)
        case VCT_ROW_PHOTO_THUMBNAIL_URL: .string(thumbnailUrl)
        default: nil
        }
    }
}
#endif
