/// A value that a diff can follow from one list to the next: it has an identity, which
/// says *which row it is*, and content, which says *whether that row changed*.
///
/// The split is IGListKit's `diffIdentifier` / `isEqual(toDiffableObject:)`: a photo keeps
/// its identity (its id) when its title is edited, so the diff reports the row as updated
/// in place rather than deleted and inserted.
///
/// Two conveniences fill in the requirements for common types:
/// - an `Identifiable` type gets ``diffIdentifier`` from its `id`;
/// - an `Equatable` type gets ``isContentEqual(to:)`` from `==`.
///
/// ```swift
/// struct Photo: Identifiable, Equatable, Diffable {
///     var id: Int
///     var title: String
/// }
/// ```
///
/// Identities are expected to be unique within one list. When they are not, the diff still
/// gives a correct result (see ``ListChanges/usedDuplicateFallback``).
public protocol Diffable {
    /// The type of a row's identity.
    associatedtype DiffIdentifier: Hashable

    /// The row's identity: equal for the "same" row in the old and in the new list.
    var diffIdentifier: DiffIdentifier { get }

    /// Whether this row's content equals `other`'s, i.e. whether a view showing `other`
    /// can keep showing it unchanged for `self`.
    ///
    /// Only called for two rows with the same ``diffIdentifier``.
    func isContentEqual(to other: Self) -> Bool
}

extension Diffable where Self: Identifiable {
    /// The row's identity: its `id`.
    public var diffIdentifier: ID { id }
}

extension Diffable where Self: Equatable {
    /// Whether this row equals `other` (`==`).
    public func isContentEqual(to other: Self) -> Bool { self == other }
}
