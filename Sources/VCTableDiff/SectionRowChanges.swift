/// The row changes of one section that stays in place, as listed in
/// ``SectionedChanges/rowChanges``.
public struct SectionRowChanges: Hashable, Sendable {
    /// The section's index in the new list of sections.
    public var section: Int
    /// The changes from the section's old rows to its new rows.
    public var changes: ListChanges

    /// The row changes `changes` of the section at new index `section`.
    public init(section: Int, changes: ListChanges) {
        self.section = section
        self.changes = changes
    }
}
