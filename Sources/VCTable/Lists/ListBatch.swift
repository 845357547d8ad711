/// One batch a `ListModel` delivers: its `ListChange` steps, and where the rows it moves
/// went, for views that keep an object per row across batches (`VctListModel`).
///
/// The steps alone say which rows are removed and added; a moved row is one of each. The
/// moves pair them as the diff matched them: the k-th occurrence of an identity in a
/// section before the batch with its k-th occurrence after it, so rows that share an
/// identity (duplicate ids) keep their order.
struct ListBatch: Sendable {
    /// The steps, as `ListModel.observeChanges` hands them out.
    var steps: [ListChange]
    /// Per section kept by the batch (its index after the batch): the rows that left
    /// their place, as row index before → row index after. Rows kept in place (outside
    /// every row splice) are not listed.
    var moves: [Int: [Move]] = [:]
    /// Per section kept by the batch (its index after the batch): the row indices after
    /// the batch of the moved rows whose content changed (a subset of `moves`' targets).
    var changedMoves: [Int: [Int]] = [:]
    /// What the list's batch preparer made of this batch where it was computed (off the
    /// loop: a reload's task), for the observer that asked (`ListModel.setBatchPreparer`).
    var prepared: (any Sendable)?
}
