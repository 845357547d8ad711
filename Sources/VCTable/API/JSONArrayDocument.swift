import FoundationEssentials

/// Reads a response that must be a JSON array of objects, with errors that say what is
/// wrong and where ("Item 3, field \"name\" should be a string (found the number 4)."),
/// worded and coded as `PhotoDecoder`'s.
enum JSONArrayDocument {
    /// The elements of the array in `data`. Throws `.emptyResponse` for an empty body,
    /// `.invalidJSON` (saying where the syntax breaks) and `.notAnArray` (naming `what` the
    /// array should hold, and what was found).
    static func elements(of data: Data, holding what: String) throws(VCTableError) -> [JSONValue] {
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw VCTableError(.emptyResponse, "The response is empty.")
        }
        let root: JSONValue
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw VCTableError(.invalidJSON, "The response is not valid JSON: \(JSONSyntax.problem(in: data))")
        }
        guard case .array(let elements) = root else {
            throw VCTableError(.notAnArray, "The response is not a JSON array of \(what) (found \(root.kindDescription)).")
        }
        return elements
    }

    /// The fields of element `index`, or `.wrongFieldType` when it is not an object.
    static func object(_ element: JSONValue, at index: Int) throws(VCTableError) -> JSONObjectReader {
        guard case .object(let fields) = element else {
            throw VCTableError(.wrongFieldType, "Item \(index) is not a JSON object (found \(element.kindDescription)).")
        }
        return JSONObjectReader(index: index, fields: fields)
    }

}

/// Typed access to the fields of element `index` of a JSON array; every failure is a
/// `VCTableError` naming the element and the field.
struct JSONObjectReader: Sendable, Hashable {
    /// The element's position in the array.
    let index: Int
    /// The element's fields.
    let fields: [String: JSONValue]

    /// "Item 3, field \"name\"".
    func place(_ field: String) -> String {
        "Item \(index), field \"\(field)\""
    }

    /// The present, non-null value of `field`, or `.missingField`.
    func value(_ field: String) throws(VCTableError) -> JSONValue {
        switch fields[field] {
        case nil: throw VCTableError(.missingField, "\(place(field)) is missing.")
        case .null?: throw VCTableError(.missingField, "\(place(field)) is null.")
        case let value?: return value
        }
    }

    /// A `.wrongFieldType` error: `field` should be `expected` but holds `found`.
    func wrongType(_ field: String, expected: String, found: JSONValue) -> VCTableError {
        VCTableError(.wrongFieldType, "\(place(field)) should be \(expected) (found \(found.kindDescription)).")
    }

    /// The string `field`.
    func string(_ field: String) throws(VCTableError) -> String {
        let value = try value(field)
        guard case .string(let text) = value else { throw wrongType(field, expected: "a string", found: value) }
        return text
    }

    /// The integer `field`.
    func integer(_ field: String) throws(VCTableError) -> Int {
        let value = try value(field)
        guard case .integer(let number) = value else { throw wrongType(field, expected: "an integer", found: value) }
        return number
    }

    /// The boolean `field`; when it is missing or null, `defaultValue` if given, else `.missingField`.
    func boolean(_ field: String, default defaultValue: Bool? = nil) throws(VCTableError) -> Bool {
        if let defaultValue, fields[field] == nil || fields[field] == .null { return defaultValue }
        let value = try value(field)
        guard case .boolean(let flag) = value else { throw wrongType(field, expected: "a boolean", found: value) }
        return flag
    }

    /// The ISO 8601 date-time string `field` (`2026-11-20T09:15:00Z`, fractional seconds
    /// and offsets accepted).
    func date(_ field: String) throws(VCTableError) -> Date {
        let value = try value(field)
        guard case .string(let text) = value else {
            throw wrongType(field, expected: "an ISO 8601 date string", found: value)
        }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle()) { return date }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
        throw VCTableError(
            .wrongFieldType, "\(place(field)) should be an ISO 8601 date such as \"2026-11-20T09:15:00Z\" (found \"\(text)\").")
    }
}
