/// A section of a list: an identity, an optional header and footer, and rows.
///
/// Two sections with the same `id` are the same section; its content, for in-place
/// updates, is its header and footer (its rows are diffed on their own).
public struct ListSection: Sendable {
    /// Which section this is, stable across updates.
    public var id: Identity
    /// The header's view model, if any.
    public var header: (any RowViewModel)?
    /// The footer's view model, if any.
    public var footer: (any RowViewModel)?
    /// The rows.
    public var rows: [any RowViewModel]

    /// A section with the given parts.
    public init(id: Identity, header: (any RowViewModel)? = nil, footer: (any RowViewModel)? = nil, rows: [any RowViewModel]) {
        self.id = id
        self.header = header
        self.footer = footer
        self.rows = rows
    }

    /// Whether the header and footer show the same content as `other`'s.
    func hasSameDecorations(as other: ListSection) -> Bool {
        func same(_ a: (any RowViewModel)?, _ b: (any RowViewModel)?) -> Bool {
            switch (a, b) {
            case (nil, nil): true
            case let (a?, b?): a.diffIdentifier == b.diffIdentifier && a.isContentEqual(to: b)
            default: false
            }
        }
        return same(header, other.header) && same(footer, other.footer)
    }
}
