import FoundationEssentials

/// A JSON value of any type: what the screens' decoders read heterogeneous documents into
/// (a feed mixes members, photos and types added later), so each item is decoded by the
/// factory its `type` names.
public enum JSONValue: Sendable, Hashable, Decodable {
    /// `null`.
    case null
    /// `true` or `false`.
    case boolean(Bool)
    /// A number that is a whole `Int`.
    case integer(Int)
    /// Any other number (fractional, or out of `Int`'s range).
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// Decodes any JSON value: a whole number that fits an `Int` as `integer`, any other
    /// number as `number`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .boolean(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// What the value is, as error messages name it: "a string", "null", "the number 1.5".
    var kindDescription: String {
        switch self {
        case .null: "null"
        case .boolean(let value): "the boolean \(value)"
        case .integer(let value): "the number \(value)"
        case .number(let value): "the number \(value)"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
