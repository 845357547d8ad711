/// A row property as generic views (the C API, the demo) read it by name.
public enum PropertyValue: Sendable, Hashable, CustomStringConvertible {
    case string(String)
    case integer(Int64)
    case boolean(Bool)

    /// The string, or `nil` for another type.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer, or `nil` for another type.
    public var integerValue: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The boolean, or `nil` for another type.
    public var booleanValue: Bool? {
        if case .boolean(let value) = self { return value }
        return nil
    }

    /// The value as text: integers and booleans formatted.
    public var description: String {
        switch self {
        case .string(let value): value
        case .integer(let value): String(value)
        case .boolean(let value): String(value)
        }
    }
}
