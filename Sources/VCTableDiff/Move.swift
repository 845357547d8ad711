/// A pair of indices: a row at ``from`` in the old list that is at ``to`` in the new list.
///
/// Used for moved rows and, in ``ListChanges/updates``, for rows whose content changed.
public struct Move: Hashable, Sendable, CustomStringConvertible {
    /// The row's index in the old list.
    public var from: Int
    /// The row's index in the new list.
    public var to: Int

    /// A row that was at `from` in the old list and is at `to` in the new one.
    public init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }

    /// The pair as `from->to`.
    public var description: String { "\(from)->\(to)" }
}
