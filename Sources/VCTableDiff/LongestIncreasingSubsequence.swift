extension IdentityMatching {
    /// The new indices, increasing, of a longest run of matched rows whose old indices
    /// increase too: the rows that stay in place (step 3 of ``Diff``).
    ///
    /// Patience sorting: `tailNew[k]` is the new index ending the best increasing run of
    /// length k + 1 found so far (the one with the smallest old index, `tailOld[k]`), and
    /// each matched row remembers the row before it in its run. O(k log l) for k matched rows and a
    /// result of length l; a row that extends the longest run costs O(1), so nearly sorted
    /// input is nearly linear.
    @usableFromInline
    func stayingRows() -> [Int] {
        let newCount = newToOld.count
        let tailNew = UnsafeMutableBufferPointer<Int>.allocate(capacity: matchedCount)
        let tailOld = UnsafeMutableBufferPointer<Int>.allocate(capacity: matchedCount)
        let predecessor = UnsafeMutableBufferPointer<Int>.allocate(capacity: newCount)
        defer {
            tailNew.deallocate()
            tailOld.deallocate()
            predecessor.deallocate()
        }
        var length = 0
        newToOld.withUnsafeBufferPointer { newToOld in
            for index in 0 ..< newCount {
                let oldIndex = newToOld[index]
                if oldIndex < 0 { continue }
                if length == 0 || oldIndex > tailOld[length - 1] {
                    predecessor[index] = length == 0 ? -1 : tailNew[length - 1]
                    tailNew[length] = index
                    tailOld[length] = oldIndex
                    length += 1
                    continue
                }
                // The first tail with a larger old index (old indices are distinct). Most
                // often it is the last one: a row displaced forward was just appended.
                var low: Int
                if length == 1 || oldIndex > tailOld[length - 2] {
                    low = length - 1
                } else {
                    // Branch-free lower bound over tails[0 ..< length - 1].
                    low = 0
                    var width = length - 1
                    while width > 1 {
                        let half = width >> 1
                        low = tailOld[low + half - 1] < oldIndex ? low + half : low
                        width -= half
                    }
                    if tailOld[low] < oldIndex { low += 1 }
                }
                predecessor[index] = low == 0 ? -1 : tailNew[low - 1]
                tailNew[low] = index
                tailOld[low] = oldIndex
            }
        }
        guard length > 0 else { return [] }
        return [Int](unsafeUninitializedCapacity: length) { result, initialized in
            var row = tailNew[length - 1]
            for position in stride(from: length - 1, through: 0, by: -1) {
                result.initializeElement(at: position, to: row)
                row = predecessor[row]
            }
            initialized = length
        }
    }
}
