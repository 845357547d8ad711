extension Diff {
    /// The changes that turn the sections `old` into the sections `new`.
    ///
    /// Sections are diffed first, by identity and by their own content (header, footer);
    /// see ``changes(from:to:)->ListChanges``. A section that moves, arrives or goes takes
    /// its rows with it. Then, for each section that stays in place, its old rows are diffed
    /// against its new rows. A row that moves to another section is deleted from one and
    /// inserted into the other.
    ///
    /// Complexity: the flat diff's over the sections plus, for each section that stays in
    /// place, the flat diff's over its rows (the rows of sections that arrive, go or move
    /// are not looked at): O(sections + rows) expected.
    ///
    /// - Parameters:
    ///   - old: The sections a view shows now.
    ///   - new: The sections it must show.
    /// - Returns: Section changes, then per-section row changes; see ``SectionedChanges``.
    @inlinable
    public static func changes<Section: DiffableSection>(
        from old: [Section],
        to new: [Section]
    ) -> SectionedChanges {
        let sectionChanges: ListChanges = changes(from: old, to: new)
        var rowChanges: [SectionRowChanges] = []
        var usedDuplicateFallback = sectionChanges.usedDuplicateFallback
        sectionChanges.forEachStayingPair(oldCount: old.count, newCount: new.count) { oldIndex, newIndex in
            let rows: ListChanges = changes(from: old[oldIndex].rows, to: new[newIndex].rows)
            if rows.usedDuplicateFallback { usedDuplicateFallback = true }
            if !rows.isEmpty {
                rowChanges.append(SectionRowChanges(section: newIndex, changes: rows))
            }
        }
        return SectionedChanges(
            sectionChanges: sectionChanges,
            rowChanges: rowChanges,
            usedDuplicateFallback: usedDuplicateFallback
        )
    }
}

extension ListChanges {
    /// Calls `body(oldIndex, newIndex)` for each row outside every splice (a row that stays
    /// in place), in increasing index, for changes made by ``Diff``.
    @usableFromInline
    func forEachStayingPair(oldCount: Int, newCount: Int, _ body: (Int, Int) -> Void) {
        var oldIndex = 0
        var newIndex = 0
        for splice in splices {
            while newIndex < splice.position {
                body(oldIndex, newIndex)
                oldIndex += 1
                newIndex += 1
            }
            oldIndex += splice.removed
            newIndex += splice.added
        }
        while newIndex < newCount && oldIndex < oldCount {
            body(oldIndex, newIndex)
            oldIndex += 1
            newIndex += 1
        }
    }
}
