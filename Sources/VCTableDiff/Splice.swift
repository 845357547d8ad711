/// One contiguous replacement in a list: remove ``removed`` items at ``position``, then
/// insert ``added`` items there.
///
/// This is one `GListModel::items-changed (position, removed, added)` emission, and also one
/// `Array.replaceSubrange(position ..< position + removed, with: …)`. The items inserted
/// are the new list's `new[position ..< position + added]`.
public struct Splice: Hashable, Sendable, CustomStringConvertible {
    /// Where the replacement starts, in the list as it is when this splice is applied.
    public var position: Int
    /// How many items are removed at ``position``.
    public var removed: Int
    /// How many items are inserted at ``position`` (after the removal).
    public var added: Int

    /// A splice that removes `removed` items at `position` and inserts `added` items there.
    public init(position: Int, removed: Int, added: Int) {
        self.position = position
        self.removed = removed
        self.added = added
    }

    /// The splice as `items-changed(position, removed, added)`.
    public var description: String {
        "items-changed(\(position), -\(removed), +\(added))"
    }
}
