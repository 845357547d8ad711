/// One step of a list update, in GListModel style. A batch is applied in order.
public enum ListChange: Sendable, Hashable {
    /// Sections `position ..< position+removed` were replaced by `added` new sections
    /// (each with all its rows).
    case sections(Splice)
    /// Rows `position ..< position+removed` of `section` were replaced by `added` new rows:
    /// one `GListModel::items-changed` call.
    case rows(section: Int, Splice)
    /// The header or footer of `section` changed content in place.
    case sectionUpdated(Int)
    /// The row at `index` of `section` changed content in place (same identity).
    case rowUpdated(section: Int, index: Int)
}

/// A row position: section and index.
public struct RowIndex: Sendable, Hashable, CustomStringConvertible {
    /// The section index.
    public var section: Int
    /// The row index within the section.
    public var index: Int
    /// The row at `index` of `section`.
    public init(section: Int, index: Int) {
        self.section = section
        self.index = index
    }
    /// "(section, index)".
    public var description: String { "(\(section), \(index))" }
}
