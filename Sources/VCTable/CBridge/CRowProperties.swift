internal import VCTableGObject

/// The properties of one row class of the C face, as `vct-row-properties.h` declares them:
/// the one declaration of a row property, read here from the C half's table (once per
/// class). A view model of that class answers its properties by key
/// (`DeclaredRowViewModel.value(for:)`); its Swift names are the C names in camelCase
/// (`"album-id"` is `"albumId"`), its `imageSources` the table's image properties.
final class RowClassProperties: Sendable {
    /// One property: its key, its Swift name, its value type, and for an image the key of
    /// its URL.
    struct Property: Sendable {
        let key: VctRowProperty
        let name: String
        let valueType: VctRowValueType
        let source: VctRowProperty?
    }

    let classId: VctRowClassId
    /// In declaration order, images included.
    let properties: [Property]
    /// The names of the values (not the images), in declaration order: `propertyNames`.
    let names: [String]
    /// Each image's name and the name of the URL property it loads.
    let imageSources: [String: String]
    private let keys: [String: VctRowProperty]
    /// By key: whether it is this class's.
    private let ownsKey: [Bool]

    private init(_ classId: VctRowClassId) {
        self.classId = classId
        var properties: [Property] = []
        for entry in Self.all where entry.classId == classId {
            properties.append(Property(key: entry.key, name: entry.name, valueType: entry.valueType, source: entry.source))
        }
        self.properties = properties
        names = properties.filter { $0.source == nil }.map(\.name)
        keys = Dictionary(uniqueKeysWithValues: properties.map { ($0.name, $0.key) })
        ownsKey = Self.all.map { $0.classId == classId }
        imageSources = Dictionary(uniqueKeysWithValues: properties.compactMap { property in
            property.source.map { (property.name, Self.all[Int($0.rawValue)].name) }
        })
    }

    /// The key of the property named `name` (a Swift name), or `nil`.
    func key(named name: String) -> VctRowProperty? { keys[name] }

    /// Whether `key` is one of this class's properties.
    func owns(_ key: VctRowProperty) -> Bool {
        Int(key.rawValue) < ownsKey.count && ownsKey[Int(key.rawValue)]
    }

    /// The Swift name of `key` (any class's).
    static func name(of key: VctRowProperty) -> String { all[Int(key.rawValue)].name }

    /// The value type of `key` (any class's).
    static func valueType(of key: VctRowProperty) -> VctRowValueType { all[Int(key.rawValue)].valueType }

    static let photo = RowClassProperties(VCT_ROW_CLASS_PHOTO)
    static let member = RowClassProperties(VCT_ROW_CLASS_MEMBER)
    static let feedPhoto = RowClassProperties(VCT_ROW_CLASS_FEED_PHOTO)
    static let dayHeader = RowClassProperties(VCT_ROW_CLASS_DAY_HEADER)
    static let song = RowClassProperties(VCT_ROW_CLASS_SONG)

    /// The table of `classId`, or `nil` for the generic class (no properties of its own).
    static func of(_ classId: VctRowClassId) -> RowClassProperties? {
        switch classId {
        case VCT_ROW_CLASS_PHOTO: photo
        case VCT_ROW_CLASS_MEMBER: member
        case VCT_ROW_CLASS_FEED_PHOTO: feedPhoto
        case VCT_ROW_CLASS_DAY_HEADER: dayHeader
        case VCT_ROW_CLASS_SONG: song
        default: nil
        }
    }

    /// An entry of the table.
    private struct Entry: Sendable {
        let key: VctRowProperty
        let classId: VctRowClassId
        let name: String
        let valueType: VctRowValueType
        let source: VctRowProperty?
    }

    /// Every entry of the table, by key, with its Swift name.
    private static let all: [Entry] = (0 ..< Int(VCT_ROW_N_PROPERTIES.rawValue)).map { index in
        let info = _vct_row_property_get_info(guint(index))!.pointee
        return Entry(
            key: VctRowProperty(rawValue: UInt32(index)), classId: info.class_id,
            name: camelCase(String(cString: info.name)), valueType: info.value_type,
            source: info.source >= 0 ? VctRowProperty(rawValue: UInt32(info.source)) : nil)
    }

    /// "albumId" for "album-id".
    private static func camelCase(_ name: String) -> String {
        var result = ""
        var upper = false
        for character in name {
            if character == "-" {
                upper = true
            } else {
                result.append(upper ? Character(character.uppercased()) : character)
                upper = false
            }
        }
        return result
    }
}

/// A row view model of one of the C face's row classes: it answers its properties by key
/// (`vct-row-properties.h`), and its `propertyNames`, `property(_:)` and `imageSources`
/// are the table's (`DeclaredRowViewModel.declared…`).
protocol DeclaredRowViewModel: RowViewModel {
    /// The class's properties.
    static var rowClass: RowClassProperties { get }
    /// The value of property `key` of this class, or `nil` when absent.
    func value(for key: VctRowProperty) -> PropertyValue?
    /// Whether its values change in place (it reports them to `observePropertyChanges`):
    /// its row object reads it at once rather than the last record (`CLiveRow`).
    static var changesInPlace: Bool { get }
}

extension DeclaredRowViewModel {
    /// The names of the properties its row class declares (vct-row-properties.h), in
    /// camelCase and in declaration order.
    public var propertyNames: [String] { Self.rowClass.names }

    /// The value of the property named `name` (one of `propertyNames`), or `nil`.
    public func property(_ name: String) -> PropertyValue? {
        Self.rowClass.key(named: name).flatMap(value(for:))
    }

    /// The images its row class declares, each with the URL property it loads.
    public var imageSources: [String: String] { Self.rowClass.imageSources }

    static var changesInPlace: Bool { false }

    /// `Self.rowClass`, from a value (no `type(of:)`, which asks the runtime for the
    /// dynamic type of an existential).
    var declaredClass: RowClassProperties { Self.rowClass }
}
