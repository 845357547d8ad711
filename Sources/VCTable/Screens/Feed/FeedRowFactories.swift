import Synchronization

/// Which row each feed entry `type` becomes: a factory per type, and the row kinds the
/// feed's list uses (every row type registered here, plus `DayHeaderViewModel`, kind
/// `"DayHeaderView"`, as the section header).
///
/// A new kind of row is a registration, not a change to `FeedViewModel`:
///
/// ```swift
/// let factories = FeedRowFactories.standard()          // "member" and "photo"
/// try factories.register("place", rowType: PlaceRowViewModel.self) { item, context in
///     PlaceRowViewModel(id: try item.integer("id"), name: try item.string("name"))
/// }
/// let feed = FeedViewModel(service: service, rowFactories: factories)
/// ```
///
/// Entries of an unregistered type are skipped when a document is decoded. Registrations
/// made after a feed was created apply from its next reload. Safe from any thread.
public final class FeedRowFactories: Sendable {
    /// Makes the row for one entry; throw a `VCTableError` (such as the ones `FeedItem`'s
    /// accessors throw) to fail the reload with it.
    public typealias Factory = @Sendable (FeedItem, FeedRowContext) throws -> any RowViewModel

    /// The row kinds of the feed's list.
    public let kinds: RowKindRegistry
    /// A factory in a struct: a lock never holds a bare function value
    /// (swiftlang/swift#91348, `scripts/check-lock-closures.py`).
    private struct Registration: Sendable {
        let make: Factory
    }

    private let factories = Mutex<[String: Registration]>([:])

    /// A registry with no entry types (only the day header's kind).
    public init() {
        kinds = RowKindRegistry()
        _ = try? kinds.register(DayHeaderViewModel.self, role: .header)
    }

    /// A registry with VCTable's entry types: `"member"` (`MemberRowViewModel`, kind
    /// `"MemberRowView"`) and `"photo"` (`PhotoRowViewModel`, kind `"PhotoRowView"`), whose
    /// factory sets the row's `cellPressed` to report `FeedViewModel.openDetail` with the
    /// photo (the original's `photoCellViewModel.cellPressed = { … }`). Each call returns a
    /// new registry.
    public static func standard() -> FeedRowFactories {
        let factories = FeedRowFactories()
        _ = try? factories.register("member", rowType: MemberRowViewModel.self) { item, context in
            try MemberRowViewModel(item: item, context: context)
        }
        _ = try? factories.register("photo", rowType: PhotoRowViewModel.self) { item, context in
            var row = try PhotoRowViewModel(item: item, context: context)
            let photo = row.photo
            let openDetail = context.openDetail
            row.cellPressed = { openDetail.emit(photo) }
            return row
        }
        return factories
    }

    /// Makes entries of `type` with `factory`, whose rows are `rowType`, shown as `kind`
    /// (by default the conventional kind: `PlaceRowViewModel` → `"PlaceRowView"`).
    /// Registering a type again replaces its factory. Throws when `rowType` cannot be
    /// registered with that kind; nothing is registered then.
    @discardableResult
    public func register(
        _ type: String, rowType: any RowViewModel.Type, kind: String? = nil,
        factory: @escaping Factory
    ) throws(RowKindError) -> String {
        let registered = try kinds.register(rowType, kind: kind)
        factories.withLock { $0[type] = Registration(make: factory) }
        return registered
    }

    /// The registered entry types, sorted.
    public var types: [String] {
        factories.withLock { $0.keys.sorted() }
    }

    /// The factory of entries of `type`, or `nil` when none is registered.
    public func factory(for type: String) -> Factory? {
        factories.withLock { $0[type]?.make }
    }

    /// Every registration at once (one reload uses one consistent set).
    func snapshot() -> [String: Factory] {
        factories.withLock { $0 }.mapValues(\.make)
    }
}
