/// The diff entry points: compute how a list (or a list of sections) changed.
///
/// ## Algorithm
///
/// Paul Heckel's approach ("A technique for isolating differences between files", 1978),
/// with identities instead of lines:
///
/// 1. One pass over the old list builds a table from identity to old index (a
///    `Dictionary`).
/// 2. One pass over the new list looks every identity up, matching each new row with an
///    old row of the same identity, and compares the content of each matched pair with
///    ``Diffable/isContentEqual(to:)``.
/// 3. The rows kept in place (the *anchors*) are a longest increasing subsequence of the
///    matched old indices taken in new order, found by patience sorting. Every other
///    matched row is a move. When the matched rows are already in order (only inserts,
///    deletes and updates) this step is skipped.
/// 4. One walk over both lists between consecutive anchors emits one ``Splice`` per gap,
///    plus the classic deletes, inserts, moves and updates.
///
/// ## Complexity
///
/// For an old list of *n* rows and a new list of *m* rows, with *k* matched rows of which
/// *l* stay in place:
///
/// - Matching: O(n + m) expected, one identity hash per row, the same work as building a
///   `Dictionary` of the old identities and looking up every new one (O(n · m) in the
///   degenerate case where all identities collide). Content is compared once per matched
///   pair.
/// - Anchors: O(k) when the matched rows are in order; otherwise O(k log l) worst case
///   (random order), close to O(k) when few rows moved, since a row that extends the
///   current run costs O(1).
/// - Walk: O(n + m).
/// - Memory: the identity table (n entries) and about one word per row of scratch space
///   (three when rows moved, two more per old row when the old list has duplicates),
///   plus the result.
///
/// ## Duplicate identities
///
/// Duplicates never crash and never give wrong changes: the k-th occurrence of an
/// identity in the old list is matched with its k-th occurrence in the new list, and
/// ``ListChanges/usedDuplicateFallback`` is set. This costs nothing when the old list has no
/// duplicates, and one extra hash per duplicate plus O(n) scratch space when it has some.
public enum Diff {
    /// The changes that turn `old` into `new`.
    ///
    /// Rows are matched by ``Diffable/diffIdentifier``; a matched row whose
    /// ``Diffable/isContentEqual(to:)`` is false is updated. See ``Diff`` for the algorithm
    /// and its complexity, and ``ListChanges`` for the two ways the result is described.
    ///
    /// - Parameters:
    ///   - old: The list a view shows now.
    ///   - new: The list it must show.
    /// - Returns: Changes that, applied to `old` (see ``Swift/Array/apply(_:from:)``),
    ///   give `new`.
    @inlinable
    public static func changes<Element: Diffable>(
        from old: [Element],
        to new: [Element]
    ) -> ListChanges {
        if old.isEmpty && new.isEmpty { return ListChanges() }
        return IdentityMatching(old: old, new: new).listChanges()
    }
}
