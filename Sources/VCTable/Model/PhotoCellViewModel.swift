internal import VCTableGObject

/// The photo table's row: a `VCTableCellData` shown as "Entry ID: N" and the photo's
/// title. Selecting it tells the table model, which updates the navigation title.
public struct PhotoCellViewModel: DeclaredRowViewModel {
    /// The photo.
    public let cell: VCTableCellData
    private let owner: WeakBox<VCTableModel>?
    /// The row's identity, made once: an `Identity` is an `AnyHashable`, whose creation
    /// costs a runtime conformance check, and the diff and the list read it for every row
    /// on every reload (the list on the main loop).
    public let diffIdentifier: Identity

    /// The row for `cell`, routing selection to `owner` (held weakly).
    public init(cell: VCTableCellData, owner: VCTableModel?) {
        self.cell = cell
        self.owner = owner.map(WeakBox.init)
        diffIdentifier = Identity(cell.id)
    }

    init(cell: VCTableCellData, sharedOwner: WeakBox<VCTableModel>) {
        self.cell = cell
        owner = sharedOwner
        diffIdentifier = Identity(cell.id)
    }

    /// The property names, shared by every photo row: its row class's (vct-row-properties.h), in
    /// camelCase and in declaration order.
    public static let propertyNames = RowClassProperties.photo.names

    static var rowClass: RowClassProperties { .photo }

    /// The "Entry ID: N" line the original cell shows.
    public var entryText: String { "Entry ID: \(cell.id)" }

    /// `entry` is the row's own; the others are the cell's (`VCTableCellData.value(for:)`).
    func value(for key: VctRowProperty) -> PropertyValue? {
        key == VCT_ROW_PHOTO_ENTRY ? .string(entryText) : cell.value(for: key)
    }

    /// Whether `other` is a photo row for an equal cell.
    public func isContentEqual(to other: any RowViewModel) -> Bool {
        (other as? PhotoCellViewModel)?.cell == cell
    }

    /// Tells the table model, which reports the photo's title as the navigation title.
    public func userSelected() {
        owner?.value?.userSelectedCell(cell)
    }
}
