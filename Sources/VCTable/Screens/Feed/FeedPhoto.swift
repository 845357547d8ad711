import FoundationEssentials

/// A photo posted on the wall (a `"photo"` feed entry): what `FeedViewModel.openDetail`
/// carries to whoever shows the detail screen.
public struct FeedPhoto: Sendable, Hashable, Identifiable {
    /// The photo's identifier (JSON `id`).
    public var id: Int
    /// The photo's title (JSON `title`).
    public var title: String
    /// The photo's description (JSON `description`).
    public var description: String
    /// The image's URL (JSON `imageUrl`).
    public var imageUrl: String
    /// When the photo was posted (JSON `date`).
    public var date: Date

    /// A photo with the given fields.
    public init(id: Int, title: String, description: String, imageUrl: String, date: Date) {
        self.id = id
        self.title = title
        self.description = description
        self.imageUrl = imageUrl
        self.date = date
    }

    /// The photo in `item`, or the `VCTableError` naming the field that is missing or wrong.
    public init(_ item: FeedItem) throws(VCTableError) {
        self.init(
            id: try item.integer("id"), title: try item.string("title"),
            description: try item.string("description"), imageUrl: try item.string("imageUrl"), date: item.date)
    }
}
