/// The changes that turn an old list of sections into a new one, as computed by
/// ``Diff/changes(from:to:)->SectionedChanges``.
///
/// Apply them in three steps:
///
/// 1. the section-level ``sectionSplices``, in order: an inserted section arrives with all
///    its rows, a removed section goes with all its rows (a moved section does both);
/// 2. ``updatedSections``: refresh the header and footer of these sections;
/// 3. for each entry of ``rowChanges``, the row changes of that section (its splices, then
///    its `updated` rows), exactly as for a flat list.
///
/// Only sections that stay in place have row changes; every index in steps 2 and 3 is a
/// new-list index, valid once step 1 is done.
public struct SectionedChanges: Hashable, Sendable {
    /// The changes to the list of sections itself, comparing sections by identity and by
    /// their own content (header and footer), not by their rows.
    ///
    /// Its ``ListChanges/splices`` and ``ListChanges/updated`` are ``sectionSplices`` and
    /// ``updatedSections``; its classic description (deleted, inserted, moved and updated
    /// sections) is what a UIKit-style consumer needs.
    public var sectionChanges: ListChanges

    /// For every section that stays in place, in increasing new section index, the changes
    /// of its rows; sections whose rows did not change are left out.
    public var rowChanges: [SectionRowChanges]

    /// Whether the duplicate fallback was used for the list of sections or for the rows of
    /// a section that stays in place (see ``ListChanges/usedDuplicateFallback``).
    public var usedDuplicateFallback: Bool

    /// Changes with the given parts. ``Diff`` makes consistent values; a value made by hand
    /// is taken as it is.
    public init(
        sectionChanges: ListChanges = ListChanges(),
        rowChanges: [SectionRowChanges] = [],
        usedDuplicateFallback: Bool = false
    ) {
        self.sectionChanges = sectionChanges
        self.rowChanges = rowChanges
        self.usedDuplicateFallback = usedDuplicateFallback
    }

    /// Section-level splices over the list of sections, applied first and in order (see
    /// ``ListChanges/splices``): an inserted section arrives with all its rows, a removed
    /// one goes with all its rows.
    public var sectionSplices: [Splice] {
        get { sectionChanges.splices }
        set { sectionChanges.splices = newValue }
    }

    /// New indices, increasing, of the sections that stay in place and whose own content
    /// (header, footer) changed.
    public var updatedSections: [Int] {
        get { sectionChanges.updated }
        set { sectionChanges.updated = newValue }
    }

    /// Whether there is nothing to do: no section changes and no row changes.
    public var isEmpty: Bool { sectionChanges.isEmpty && rowChanges.isEmpty }
}
