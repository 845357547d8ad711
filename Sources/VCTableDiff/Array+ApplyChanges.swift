/// Replaying changes on a mirror of a list.
extension Array {
    /// Applies `changes`, computed from this array to `new`, using the elements of `new`:
    /// afterwards this array's identities equal `new`'s, in order.
    ///
    /// This is what a consumer that mirrors a list does, and what the tests check:
    /// the ``ListChanges/splices`` are applied in order, each replacing `removed` elements at
    /// `position` with `new[position ..< position + added]`, then each index in
    /// ``ListChanges/updated`` gets `new[index]`. Rows kept in place whose content did not
    /// change keep their old value.
    ///
    /// O(count + new.count) for splices that go front to back, as ``Diff`` makes them;
    /// other splices are applied one at a time with `replaceSubrange(_:with:)`.
    ///
    /// - Precondition: every splice and update is within bounds when it is applied.
    public mutating func apply(_ changes: ListChanges, from new: [Element]) {
        let splices = changes.splices
        if !splices.isEmpty {
            var frontToBack = true
            var end = 0
            for splice in splices {
                if splice.position < end || splice.removed < 0 || splice.added < 0 {
                    frontToBack = false
                    break
                }
                end = splice.position + splice.added
            }
            if frontToBack {
                // One pass: copy what stays from self and what is added from `new`.
                var result: [Element] = []
                result.reserveCapacity(new.count)
                var oldStart = 0
                var newStart = 0
                for splice in splices {
                    let kept = splice.position - newStart
                    precondition(
                        oldStart + kept + splice.removed <= count && splice.position + splice.added <= new.count,
                        "splice \(splice) out of bounds")
                    result.append(contentsOf: self[oldStart ..< oldStart + kept])
                    result.append(contentsOf: new[splice.position ..< splice.position + splice.added])
                    oldStart += kept + splice.removed
                    newStart = splice.position + splice.added
                }
                result.append(contentsOf: self[oldStart...])
                self = result
            } else {
                for splice in splices {
                    replaceSubrange(
                        splice.position ..< splice.position + splice.removed,
                        with: new[splice.position ..< splice.position + splice.added])
                }
            }
        }
        for index in changes.updated {
            self[index] = new[index]
        }
    }
}
