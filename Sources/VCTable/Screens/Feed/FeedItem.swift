import FoundationEssentials

/// One entry of a feeds document as a row factory receives it: its position in the
/// document, its `type`, its `date` (every entry has both) and its fields, with typed
/// accessors whose errors name the entry and the field, as `PhotoDecoder`'s do.
///
/// ```swift
/// let name = try item.string("name")     // "Item 3, field \"name\" is missing."
/// ```
public struct FeedItem: Sendable, Hashable {
    private let reader: JSONObjectReader

    /// The entry's position in the document (0-based), for error messages.
    public var index: Int { reader.index }
    /// The entry's `type` (`"member"`, `"photo"`, or one a factory was registered for).
    public let type: String
    /// The entry's `date`: when it was posted, which decides its day section.
    public let date: Date
    /// Every field of the entry, `type` and `date` included.
    public var fields: [String: JSONValue] { reader.fields }

    /// An entry at position `index` of a document.
    public init(index: Int, type: String, date: Date, fields: [String: JSONValue]) {
        reader = JSONObjectReader(index: index, fields: fields)
        self.type = type
        self.date = date
    }

    /// The string `field`; `.missingField` or `.wrongFieldType` otherwise.
    public func string(_ field: String) throws(VCTableError) -> String {
        try reader.string(field)
    }

    /// The integer `field`; `.missingField` or `.wrongFieldType` otherwise.
    public func integer(_ field: String) throws(VCTableError) -> Int {
        try reader.integer(field)
    }

    /// The boolean `field`; when it is missing or null, `defaultValue` if given, else
    /// `.missingField`; `.wrongFieldType` for another type.
    public func boolean(_ field: String, default defaultValue: Bool? = nil) throws(VCTableError) -> Bool {
        try reader.boolean(field, default: defaultValue)
    }

    /// The ISO 8601 date-time string `field` as a `Date`; `.missingField` or
    /// `.wrongFieldType` otherwise.
    public func date(_ field: String) throws(VCTableError) -> Date {
        try reader.date(field)
    }
}
