import FoundationEssentials
internal import VCTableGObject

/// A photo on the wall (kind `"PhotoRowView"`). Selecting it, or pressing it, calls its
/// `cellPressed` (`ViewModelPressible`); the feed's factory (`FeedRowFactories.standard()`)
/// sets that to ask for the photo's detail: `FeedViewModel.openDetail` reports the photo.
///
/// Properties: `title`, `description`, `imageUrl`, `date` (`yyyy-MM-dd HH:mm` in the
/// feed's time zone).
public struct PhotoRowViewModel: ViewModelPressible, DeclaredRowViewModel {
    /// The photo.
    public let photo: FeedPhoto
    /// The `date` property: when it was posted, in the feed's time zone.
    public let dateText: String
    private var pressed: CellPressedAction?

    init(photo: FeedPhoto, dateText: String) {
        self.photo = photo
        self.dateText = dateText
    }

    /// The row for `item` (a `"photo"` entry), with no `cellPressed` yet.
    init(item: FeedItem, context: FeedRowContext) throws(VCTableError) {
        let photo = try FeedPhoto(item)
        self.init(photo: photo, dateText: FeedDates.dayAndTime(of: photo.date, in: context.timeZone))
    }

    /// What selecting or pressing the row does (`nil`: nothing). The feed's factory sets it
    /// to report `FeedViewModel.openDetail` with the photo.
    public var cellPressed: (@Sendable () -> Void)? {
        get { pressed?.call }
        set { pressed = newValue.map(CellPressedAction.init(call:)) }
    }

    /// The row identity of photo `id` (`"photo-<id>"`).
    public static func identity(ofPhoto id: Int) -> Identity {
        Identity("photo-\(id)")
    }

    /// The property names, shared by every photo row: its row class's (vct-row-properties.h), in
    /// camelCase and in declaration order.
    public static let propertyNames = RowClassProperties.feedPhoto.names

    static var rowClass: RowClassProperties { .feedPhoto }

    /// `"photo-<id>"`: the same photo across reloads.
    public var diffIdentifier: Identity { Self.identity(ofPhoto: photo.id) }

    /// The value of property `key`.
    func value(for key: VctRowProperty) -> PropertyValue? {
        switch key {
        case VCT_ROW_FEED_PHOTO_TITLE: .string(photo.title)
        case VCT_ROW_FEED_PHOTO_DESCRIPTION: .string(photo.description)
        case VCT_ROW_FEED_PHOTO_IMAGE_URL: .string(photo.imageUrl)
        case VCT_ROW_FEED_PHOTO_DATE: .string(dateText)
        default: nil
        }
    }

    /// Whether `other` is a photo row showing the same photo and date.
    public func isContentEqual(to other: any RowViewModel) -> Bool {
        guard let other = other as? PhotoRowViewModel else { return false }
        return other.photo == photo && other.dateText == dateText
    }
}
