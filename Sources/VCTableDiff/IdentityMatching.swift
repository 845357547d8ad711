/// The matching of old rows to new rows by identity (steps 1 and 2 of ``Diff``): the only
/// generic part of the diff. Everything after it works on the integer arrays it produces.
///
/// It is `@inlinable` so that a caller's element type gets a specialized copy: the
/// dictionary, the identity hashing and the content comparisons then run without
/// generic dispatch.
@usableFromInline
struct IdentityMatching {
    /// For each new index, the matched old index, or -1 for an inserted row.
    @usableFromInline var newToOld: [Int]
    /// For each old index, whether a new row matched it (false: deleted).
    @usableFromInline var oldIsMatched: [Bool]
    /// New indices, increasing, of matched rows whose content changed.
    @usableFromInline var changedContent: [Int]
    /// How many rows are matched.
    @usableFromInline var matchedCount: Int
    /// Whether the matched old indices increase in new order (then every matched row stays
    /// in place and no longest increasing subsequence is needed).
    @usableFromInline var isInOrder: Bool
    /// Whether an identity of `old` occurs more than once in `old` or in `new`.
    @usableFromInline var hasDuplicates: Bool

    /// Matches `new` against `old`: the k-th occurrence of an identity in `new` with its
    /// k-th occurrence in `old`.
    @inlinable
    init<Element: Diffable>(old: [Element], new: [Element]) {
        let oldCount = old.count
        let newCount = new.count
        // Identity -> index of its first occurrence in `old`.
        var table = [Element.DiffIdentifier: Int](minimumCapacity: oldCount)
        // Allocated at the first duplicate in `old`: the next occurrence of the same identity
        // (-1: none), and per first occurrence the last one seen so far, then the last one
        // matched.
        var nextOccurrence: [Int] = []
        var chainCursor: [Int] = []

        old.withUnsafeBufferPointer { oldRows in
            for index in 0 ..< oldCount {
                let identity = oldRows[index].diffIdentifier
                // One hash per row; a duplicate costs a second one to put the first back.
                guard let first = table.updateValue(index, forKey: identity) else { continue }
                table[identity] = first
                if nextOccurrence.isEmpty {
                    nextOccurrence = [Int](repeating: -1, count: oldCount)
                    chainCursor = [Int](repeating: -1, count: oldCount)
                }
                let tail = chainCursor[first] < 0 ? first : chainCursor[first]
                nextOccurrence[tail] = index
                chainCursor[first] = index
            }
        }
        let oldHasDuplicates = !nextOccurrence.isEmpty
        if oldHasDuplicates {
            for index in 0 ..< oldCount { chainCursor[index] = -1 }
        }

        var newToOld = [Int](repeating: -1, count: newCount)
        var oldIsMatched = [Bool](repeating: false, count: oldCount)
        var changedContent: [Int] = []

        // Locals of the loop, returned as a whole so that they stay in registers.
        let (matchedCount, isInOrder, newHasDuplicates) = old.withUnsafeBufferPointer { oldRows in
            new.withUnsafeBufferPointer { newRows in
                newToOld.withUnsafeMutableBufferPointer { newToOld in
                    oldIsMatched.withUnsafeMutableBufferPointer { oldIsMatched in
                        var matchedCount = 0
                        var isInOrder = true
                        var newHasDuplicates = false
                        var previousOld = -1
                        for index in 0 ..< newCount {
                            // Not in `old`: inserted (duplicates among such rows need no
                            // matching and are not looked for).
                            guard let found = table[newRows[index].diffIdentifier] else { continue }
                            var oldIndex = found
                            if oldIsMatched[found] {
                                // The first occurrence is taken: the next one in `old`, if any.
                                oldIndex = -1
                                if oldHasDuplicates {
                                    let last = chainCursor[found] < 0 ? found : chainCursor[found]
                                    let next = nextOccurrence[last]
                                    if next >= 0 {
                                        oldIndex = next
                                        chainCursor[found] = next
                                    }
                                }
                                if oldIndex < 0 {
                                    newHasDuplicates = true
                                    continue
                                }
                            }
                            oldIsMatched[oldIndex] = true
                            newToOld[index] = oldIndex
                            matchedCount &+= 1
                            if oldIndex < previousOld { isInOrder = false }
                            previousOld = oldIndex
                            if !oldRows[oldIndex].isContentEqual(to: newRows[index]) {
                                changedContent.append(index)
                            }
                        }
                        return (matchedCount, isInOrder, newHasDuplicates)
                    }
                }
            }
        }

        self.newToOld = newToOld
        self.oldIsMatched = oldIsMatched
        self.changedContent = changedContent
        self.matchedCount = matchedCount
        self.isInOrder = isInOrder
        self.hasDuplicates = oldHasDuplicates || newHasDuplicates
    }
}
