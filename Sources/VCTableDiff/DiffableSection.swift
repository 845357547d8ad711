/// A section of a sectioned list: it has an identity and content of its own (its header
/// and footer, *not* its rows), and rows.
///
/// ``Diff/changes(from:to:)->SectionedChanges`` diffs the sections first, then the rows of each
/// section that stays in place.
///
/// ```swift
/// struct Album: DiffableSection, Identifiable {
///     var id: Int
///     var title: String
///     var rows: [Photo]
///     func isContentEqual(to other: Album) -> Bool { title == other.title }
/// }
/// ```
public protocol DiffableSection: Diffable {
    /// The type of the section's rows.
    associatedtype Row: Diffable

    /// The section's rows, in order.
    var rows: [Row] { get }
}
