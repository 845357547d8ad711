import VCTableDiff

/// How a batch's flat runs are emitted to a `GListModel` consumer (`VctListModel`).
///
/// `FlatSections.splices` gives the fewest rows moved: for a shuffle of 100 000 rows, some
/// 600 runs. A view pays for each `items-changed` beyond the rows it names: GTK's list item
/// manager walks its row widgets after the run's position and looks its tracked rows up
/// (`gtk/gtklistitemmanager.c`), and `GtkSingleSelection` scans the added items for its
/// selected one (`gtk/gtksingleselection.c`). So when the runs would cost more than one
/// `items-changed` covering all of them, that one is emitted: from the first run's position
/// to the last run's end, the rows before and after them left out (the common prefix and
/// suffix), as `GtkSortListModel` does. A few small runs stay as they are (at most
/// `fewRuns` runs moving at most `runCost` rows): an insert at the top stays `(0, 0, 1)`,
/// and a view that drops the objects a run removes before it asks for the added ones
/// (a plain mirror; GTK keeps them until it has looked) keeps every row it holds.
///
/// The cost model: a run costs `runCost` plus the rows it removes and adds; the covering
/// run costs the same for its own rows. `runCost` is what one run costs GTK 4.8 in rows
/// (BENCHMARKS.md, "GtkListView against a GListStore"): it rebinds every row widget after
/// the run's position, so even two runs cost a view twice what one does. A reversal is
/// two runs (everything but one row removed, then added on its other side): one covering
/// `items-changed` instead binds each visible row once, not twice.
enum FlatEmission {
    /// One run's fixed cost to a view, in rows (the C half's `RUN_COST`, vct-list-delivery.c,
    /// is the same: a batch emitting more rows settles).
    static let runCost = 256

    /// Up to this many runs moving at most `runCost` rows are emitted as they are.
    static let fewRuns = 8

    /// The runs to emit for `runs` (front to back, as `FlatSections.splices` gives them),
    /// which turn a list of `oldCount` items into one of `newCount`.
    static func shape(_ runs: [Splice], oldCount: Int, newCount: Int) -> [Splice] {
        guard runs.count > 1, let first = runs.first, let last = runs.last else { return runs }
        var rows = 0
        for run in runs { rows += run.removed + run.added }
        if runs.count <= fewRuns && rows <= runCost { return runs }
        let end = last.position + last.added
        let suffix = newCount - end
        let covering = Splice(position: first.position, removed: oldCount - suffix - first.position, added: end - first.position)
        let cost = runs.count * runCost + rows
        return cost > runCost + covering.removed + covering.added ? [covering] : runs
    }
}
