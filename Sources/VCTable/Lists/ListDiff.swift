/// Turns two versions of a sectioned list into `ListChange` steps, and keeps the old
/// instances of rows that did not change (so bindings made to them stay live).
///
/// Runs on the thread that asks for it: a reload prepares it off the main loop.
enum ListDiff {
    private struct Row: Diffable {
        let model: any RowViewModel
        let diffIdentifier: Identity
        init(_ model: any RowViewModel) {
            self.model = model
            diffIdentifier = model.diffIdentifier
        }
        func isContentEqual(to other: Row) -> Bool { model.isContentEqual(to: other.model) }
    }

    private struct Section: DiffableSection {
        let section: ListSection
        let rows: [Row]
        var diffIdentifier: Identity { section.id }
        init(_ section: ListSection) {
            self.section = section
            rows = section.rows.map(Row.init)
        }
        func isContentEqual(to other: Section) -> Bool { section.hasSameDecorations(as: other.section) }
    }

    /// The batch from `old` to `new` (its steps, and where the moved rows went), and `new`
    /// with unchanged rows replaced by their old instances.
    static func changes(from old: [ListSection], to new: [ListSection]) -> (batch: ListBatch, result: [ListSection]) {
        if old.count == 1, new.count == 1, old[0].id == new[0].id {
            return singleSection(old[0], new[0])
        }
        let oldSections = old.map(Section.init)
        let newSections = new.map(Section.init)
        let changes = Diff.changes(from: oldSections, to: newSections)
        var steps = changes.sectionSplices.map(ListChange.sections)
        var result = new
        var moves: [Int: [Move]] = [:]
        var changedMoves: [Int: [Int]] = [:]
        let rowChanges = Dictionary(uniqueKeysWithValues: changes.rowChanges.map { ($0.section, $0.changes) })
        forEachKept(changes.sectionSplices, oldCount: old.count, newCount: new.count) { oldIndex, newIndex in
            if let rows = rowChanges[newIndex] {
                steps += rows.splices.map { ListChange.rows(section: newIndex, $0) }
                if !rows.moves.isEmpty { moves[newIndex] = rows.moves }
                let changed = changedMoveTargets(rows)
                if !changed.isEmpty { changedMoves[newIndex] = changed }
                result[newIndex].rows = keepingUnchanged(old[oldIndex].rows, new[newIndex].rows, rows)
            } else {
                result[newIndex].rows = old[oldIndex].rows
            }
        }
        steps += changes.updatedSections.map(ListChange.sectionUpdated)
        for section in changes.rowChanges {
            steps += section.changes.updated.map { ListChange.rowUpdated(section: section.section, index: $0) }
        }
        return (ListBatch(steps: steps, moves: moves, changedMoves: changedMoves), result)
    }

    /// The targets of `changes.moves` whose rows' content changed (`changes.updates`).
    private static func changedMoveTargets(_ changes: ListChanges) -> [Int] {
        guard !changes.moves.isEmpty, !changes.updates.isEmpty else { return [] }
        let moved = Set(changes.moves.map(\.to))
        return changes.updates.map(\.to).filter(moved.contains)
    }

    private static func singleSection(_ old: ListSection, _ new: ListSection) -> (batch: ListBatch, result: [ListSection]) {
        let changes = rowChanges(from: old.rows, to: new.rows)
        var steps = changes.splices.map { ListChange.rows(section: 0, $0) }
        if !old.hasSameDecorations(as: new) { steps.append(.sectionUpdated(0)) }
        steps += changes.updated.map { ListChange.rowUpdated(section: 0, index: $0) }
        var result = new
        result.rows = changes.isEmpty ? old.rows : keepingUnchanged(old.rows, new.rows, changes)
        let changed = changedMoveTargets(changes)
        return (ListBatch(
            steps: steps, moves: changes.moves.isEmpty ? [:] : [0: changes.moves],
            changedMoves: changed.isEmpty ? [:] : [0: changed]), [result])
    }

    /// The splices and in-place updates from `old` to `new`, as `Diff` computes them, without
    /// hashing the rows that a reload usually leaves where they were.
    ///
    /// Rows before the first position where the identities differ stay in place, so they are
    /// only compared for content: identical prefixes match occurrence by occurrence, and a
    /// common prefix is part of every longest run of rows kept in order, so `Diff` would keep
    /// them too. Only the rest goes through `Diff` (its identity table costs a hash per row),
    /// unless one side has nothing left: then it is one splice. A reload that returns the
    /// same rows in the same order costs one identity and one content comparison per row.
    /// Only `splices`, `updated` and `moves` (where each moved row went, for the row objects
    /// of `VctListModel`) are filled in; the rest of the classic description is not used here.
    static func rowChanges(from old: [any RowViewModel], to new: [any RowViewModel]) -> ListChanges {
        let common = min(old.count, new.count)
        var updated: [Int] = []
        var prefix = 0
        while prefix < common {
            let oldRow = old[prefix]
            let newRow = new[prefix]
            guard oldRow.diffIdentifier == newRow.diffIdentifier else { break }
            if !oldRow.isContentEqual(to: newRow) { updated.append(prefix) }
            prefix += 1
        }
        let oldRest = old.count - prefix
        let newRest = new.count - prefix
        if oldRest == 0 && newRest == 0 { return ListChanges(updated: updated) }
        if oldRest == 0 || newRest == 0 {
            return ListChanges(splices: [Splice(position: prefix, removed: oldRest, added: newRest)], updated: updated)
        }
        let rest = Diff.changes(from: old[prefix...].map(Row.init), to: new[prefix...].map(Row.init))
        return ListChanges(
            splices: rest.splices.map { Splice(position: $0.position + prefix, removed: $0.removed, added: $0.added) },
            updated: updated + rest.updated.map { $0 + prefix },
            moves: prefix == 0 ? rest.moves : rest.moves.map { Move(from: $0.from + prefix, to: $0.to + prefix) },
            updates: rest.moves.isEmpty ? [] : prefix == 0 ? rest.updates : rest.updates.map { Move(from: $0.from + prefix, to: $0.to + prefix) })
    }

    /// `new`, with each row kept in place and not updated replaced by its old instance.
    private static func keepingUnchanged(
        _ old: [any RowViewModel], _ new: [any RowViewModel], _ changes: ListChanges
    ) -> [any RowViewModel] {
        var result = new
        var updated = Set(changes.updated)
        updated.reserveCapacity(changes.updated.count)
        forEachKept(changes.splices, oldCount: old.count, newCount: new.count) { oldIndex, newIndex in
            if !updated.contains(newIndex) { result[newIndex] = old[oldIndex] }
        }
        updated.removeAll()
        return result
    }

    /// Calls `body(old, new)` for every element that no splice touches. Splices apply front
    /// to back in new-list coordinates, so the elements after a splice's position are
    /// still the old ones, in order.
    static func forEachKept(_ splices: [Splice], oldCount: Int, newCount: Int, _ body: (Int, Int) -> Void) {
        var oldIndex = 0
        var newIndex = 0
        for splice in splices {
            let kept = splice.position - newIndex
            for offset in 0..<max(0, kept) { body(oldIndex + offset, newIndex + offset) }
            oldIndex += kept + splice.removed
            newIndex = splice.position + splice.added
        }
        for offset in 0..<max(0, min(newCount - newIndex, oldCount - oldIndex)) {
            body(oldIndex + offset, newIndex + offset)
        }
    }
}
