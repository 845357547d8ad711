extension IdentityMatching {
    /// Both descriptions of the change (step 4 of ``Diff``): one walk over the new list,
    /// closing a gap at each row that stays in place.
    ///
    /// Between two consecutive staying rows, every old row is removed (deleted or moved
    /// away) and every new row is added (inserted or moved here), as one ``Splice`` at the
    /// new index just after the previous staying row: everything before that index already
    /// is the new list when the splice is applied. Not generic, so not specialized per
    /// element type.
    @usableFromInline
    func listChanges() -> ListChanges {
        let oldCount = oldIsMatched.count
        let newCount = newToOld.count
        let staying: [Int] = isInOrder ? [] : stayingRows()
        let stayingCount = isInOrder ? matchedCount : staying.count

        var splices: [Splice] = []
        splices.reserveCapacity(Swift.min(stayingCount + 1, oldCount + newCount - 2 * stayingCount))
        var deletes: [Int] = []
        deletes.reserveCapacity(oldCount - matchedCount)
        var inserts: [Int] = []
        inserts.reserveCapacity(newCount - matchedCount)
        var moves: [Move] = []
        moves.reserveCapacity(matchedCount - stayingCount)

        newToOld.withUnsafeBufferPointer { newToOld in
            oldIsMatched.withUnsafeBufferPointer { oldIsMatched in
                staying.withUnsafeBufferPointer { staying in
                    // The current gap starts at these indices.
                    var oldStart = 0
                    var newStart = 0
                    var nextStaying = 0

                    func closeGap(oldEnd: Int, newEnd: Int) {
                        for oldIndex in oldStart ..< oldEnd where !oldIsMatched[oldIndex] {
                            deletes.append(oldIndex)
                        }
                        let removed = oldEnd - oldStart
                        let added = newEnd - newStart
                        if removed != 0 || added != 0 {
                            splices.append(Splice(position: newStart, removed: removed, added: added))
                        }
                    }

                    for newIndex in 0 ..< newCount {
                        let oldIndex = newToOld[newIndex]
                        if oldIndex < 0 {
                            inserts.append(newIndex)
                            continue
                        }
                        if !isInOrder {
                            if nextStaying < staying.count && staying[nextStaying] == newIndex {
                                nextStaying += 1
                            } else {
                                moves.append(Move(from: oldIndex, to: newIndex))
                                continue
                            }
                        }
                        closeGap(oldEnd: oldIndex, newEnd: newIndex)
                        oldStart = oldIndex + 1
                        newStart = newIndex + 1
                    }
                    closeGap(oldEnd: oldCount, newEnd: newCount)
                }
            }
        }

        var updated: [Int]
        var updates: [Move] = []
        updates.reserveCapacity(changedContent.count)
        for newIndex in changedContent {
            updates.append(Move(from: newToOld[newIndex], to: newIndex))
        }
        if isInOrder {
            updated = changedContent
        } else {
            // Changed rows that stay in place: a merge of two increasing lists.
            updated = []
            var nextStaying = 0
            for newIndex in changedContent {
                while nextStaying < staying.count && staying[nextStaying] < newIndex { nextStaying += 1 }
                if nextStaying < staying.count && staying[nextStaying] == newIndex {
                    updated.append(newIndex)
                }
            }
        }

        return ListChanges(
            splices: splices,
            updated: updated,
            deletes: deletes,
            inserts: inserts,
            moves: moves,
            updates: updates,
            usedDuplicateFallback: hasDuplicates
        )
    }
}
