import FoundationEssentials

/// A member shown on the wall (a `"member"` feed entry).
public struct FeedMember: Sendable, Hashable, Identifiable {
    /// The member's identifier (JSON `id`), what a follow is sent for.
    public var id: Int
    /// The member's name (JSON `name`).
    public var name: String
    /// The avatar image's URL (JSON `avatarUrl`).
    public var avatarUrl: String
    /// When the entry was posted (JSON `date`).
    public var date: Date
    /// Whether the service says the user already follows the member (JSON `following`,
    /// `false` when absent).
    public var isFollowing: Bool

    /// A member with the given fields.
    public init(id: Int, name: String, avatarUrl: String, date: Date, isFollowing: Bool = false) {
        self.id = id
        self.name = name
        self.avatarUrl = avatarUrl
        self.date = date
        self.isFollowing = isFollowing
    }

    /// The member in `item`, or the `VCTableError` naming the field that is missing or wrong.
    public init(_ item: FeedItem) throws(VCTableError) {
        self.init(
            id: try item.integer("id"), name: try item.string("name"), avatarUrl: try item.string("avatarUrl"),
            date: item.date, isFollowing: try item.boolean("following", default: false))
    }
}
