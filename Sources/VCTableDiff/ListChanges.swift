/// The changes that turn an old list into a new one, as computed by
/// ``Diff/changes(from:to:)->ListChanges``.
///
/// The same change is described twice:
///
/// - **For a `GListModel`** (or any view that takes ordered replacements): ``splices``,
///   applied in order, then ``updated``. A row kept in place (same identity, outside every
///   splice) is never removed and re-added; only its content is refreshed if it changed.
/// - **Classically** (UIKit-style batch updates, tests): ``deletes``, ``inserts``, ``moves``
///   and ``updates``, all indices referring to the original old list or to the final new
///   list.
///
/// Both descriptions come from one matching of old rows to new rows, so they agree: the
/// rows the splices remove are the deleted and moved-from rows, the rows they add are the
/// inserted and moved-to rows, and the rows they keep are the rows that stay in place.
///
/// ```swift
/// let changes = Diff.changes(from: old, to: new)
/// for splice in changes.splices {
///     model.itemsChanged(at: splice.position, removed: splice.removed, added: splice.added)
/// }
/// for index in changes.updated { model.refreshItem(at: index) }
/// ```
public struct ListChanges: Hashable, Sendable {
    /// The replacements, to apply in order to a copy of the old list: replace ``Splice/removed``
    /// items at ``Splice/position`` with the new list's items
    /// `new[position ..< position + added]`. After the last one the copy has the new list's
    /// identities in order.
    ///
    /// Splices go front to back: each one's position is at or after the end of the items
    /// the previous one added, everything before a splice's position already is the new
    /// list, and everything at and after it still is the rest of the old list. No splice is
    /// empty (`removed == 0 && added == 0`).
    public var splices: [Splice]

    /// New-list indices, increasing, of the rows kept in place (same identity, not inside any
    /// splice) whose content changed: the "item at index changed" notifications, valid after
    /// all ``splices`` have been applied.
    ///
    /// A moved row whose content changed is not listed here: the splice that adds it back
    /// already brings its new content. It is listed in ``updates``.
    public var updated: [Int]

    /// Old-list indices, increasing, of the rows whose identity is not in the new list.
    public var deletes: [Int]

    /// New-list indices, increasing, of the rows whose identity is not in the old list.
    public var inserts: [Int]

    /// Rows whose identity survives but whose place relative to the rows kept in place
    /// changed, as old index -> new index, in increasing new index.
    ///
    /// The rows kept in place are a longest common subsequence of the two lists' identities,
    /// so no smaller set of moves exists for the same matching of old rows to new ones.
    public var moves: [Move]

    /// Every row with the same identity in both lists whose content changed (moved rows
    /// included), as old index -> new index, in increasing new index.
    public var updates: [Move]

    /// Whether the duplicate fallback was used: an identity of the old list occurs more
    /// than once in the old list or in the new list.
    ///
    /// Then the k-th occurrence of an identity in the old list is matched with its k-th
    /// occurrence in the new list; occurrences without a partner are deletes or inserts.
    /// The changes are still exact (applying them gives the new list), but a view may
    /// animate a different row than the user would expect. Repeated identities that are
    /// only in the new list need no matching (every such row is an insert) and do not set
    /// the flag; they will once that list is the old one of the next diff.
    public var usedDuplicateFallback: Bool

    /// Changes with the given parts. ``Diff`` makes consistent values; a value made by
    /// hand is taken as it is.
    public init(
        splices: [Splice] = [],
        updated: [Int] = [],
        deletes: [Int] = [],
        inserts: [Int] = [],
        moves: [Move] = [],
        updates: [Move] = [],
        usedDuplicateFallback: Bool = false
    ) {
        self.splices = splices
        self.updated = updated
        self.deletes = deletes
        self.inserts = inserts
        self.moves = moves
        self.updates = updates
        self.usedDuplicateFallback = usedDuplicateFallback
    }

    /// Whether there is nothing to do: no splices, no in-place updates and an empty
    /// classic description.
    public var isEmpty: Bool {
        splices.isEmpty && updated.isEmpty && deletes.isEmpty && inserts.isEmpty
            && moves.isEmpty && updates.isEmpty
    }
}

extension ListChanges: CustomStringConvertible {
    /// A compact summary for logs and test failures, e.g.
    /// `splices [items-changed(0, -1, +2)] updated [3] deletes [0] inserts [0] moves [] updates [4->3]`.
    public var description: String {
        var text = "splices \(splices) updated \(updated) deletes \(deletes) inserts \(inserts)"
        text += " moves \(moves) updates \(updates)"
        if usedDuplicateFallback { text += " (duplicate fallback)" }
        return text
    }
}
