import Foundation

/// Turns a photos document into cells, or a `VCTableError` naming what is wrong with it.
///
/// The original parsed an empty or missing response anyway and read `albumId` from the
/// wrong key; here an empty body is `.emptyResponse` and every field is read from its
/// own key and type-checked.
public enum PhotoDecoder {
    /// Decodes `data`, a JSON array of `{albumId, id, title, url, thumbnailUrl}`.
    /// Unknown extra fields are accepted. Like Foundation's `JSONDecoder` underneath, it
    /// does not validate the contents of strings it skips (an unknown field's value may
    /// hold invalid UTF-8 or control characters); every field it reads is validated.
    public static func decode(_ data: Data) throws(VCTableError) -> [VCTableCellData] {
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw VCTableError(.emptyResponse, "The response is empty.")
        }
        do {
            return try JSONDecoder().decode([VCTableCellData].self, from: data)
        } catch let error as DecodingError {
            throw map(error, data)
        } catch {
            throw VCTableError(.invalidJSON, "The response is not valid JSON: \(error).")
        }
    }

    private static func map(_ error: DecodingError, _ data: Data) -> VCTableError {
        switch error {
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                // This Foundation reports an integer field holding 1.5 or 1e30 as corrupt data
                // with no coding path; name the item and field like any other wrong type.
                if let problem = unrepresentableInteger(in: data) { return problem }
                return VCTableError(.invalidJSON, "The response is not valid JSON: \(JSONSyntax.problem(in: data))")
            }
            return VCTableError(.wrongFieldType, "\(place(context.codingPath)): \(context.debugDescription)")
        case .typeMismatch(let type, let context):
            if context.codingPath.isEmpty {
                return VCTableError(.notAnArray, "The response is not a JSON array of photos (\(found(context))).")
            }
            if context.codingPath.count == 1 {
                return VCTableError(.wrongFieldType, "\(place(context.codingPath)) is not a JSON object (\(found(context))).")
            }
            return VCTableError(.wrongFieldType, "\(place(context.codingPath)) should be \(expected(type)) (\(found(context))).")
        case .valueNotFound(_, let context):
            if context.codingPath.isEmpty {
                return VCTableError(.notAnArray, "The response is not a JSON array of photos (found null).")
            }
            if context.codingPath.count == 1 {
                return VCTableError(.wrongFieldType, "\(place(context.codingPath)) is null, not a JSON object.")
            }
            return VCTableError(.missingField, "\(place(context.codingPath)) is null.")
        case .keyNotFound(let key, let context):
            return VCTableError(.missingField, "\(place(context.codingPath + [key])) is missing.")
        @unknown default:
            return VCTableError(.invalidJSON, "The response could not be decoded: \(error).")
        }
    }

    /// "Item 12, field \"albumId\"" for a coding path.
    private static func place(_ path: [any CodingKey]) -> String {
        var parts: [String] = []
        for key in path {
            if let index = key.intValue, key.stringValue.hasPrefix("Index") || key.stringValue == "\(index)" {
                parts.append("Item \(index)")
            } else {
                parts.append("field \"\(key.stringValue)\"")
            }
        }
        return parts.isEmpty ? "The response" : parts.joined(separator: ", ")
    }

    private static func expected(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type: "an integer"
        case is String.Type: "a string"
        default: "\(type)"
        }
    }

    /// The decoder's own "found …" wording, which names the JSON type it met.
    private static func found(_ context: DecodingError.Context) -> String {
        let text = context.debugDescription
        if let range = text.range(of: "but found ") {
            let json = text[range.upperBound...].replacingOccurrences(of: " instead.", with: "")
                .replacingOccurrences(of: "a dictionary", with: "an object")
                .replacingOccurrences(of: "number", with: "a number")
            return "found " + json
        }
        return text
    }

    /// The first `albumId` or `id` (in decoding order) holding a number that is not an `Int`
    /// (fractional, or out of range), as `.wrongFieldType`; nil when the data is not a JSON
    /// array or holds no such number. Runs on the error path only.
    private static func unrepresentableInteger(in data: Data) -> VCTableError? {
        guard let array = (try? JSONSerialization.jsonObject(with: data, options: [])) as? [Any] else { return nil }
        for (index, element) in array.enumerated() {
            guard let object = element as? [String: Any] else { continue }
            for key in ["albumId", "id"] {
                guard let number = object[key] as? NSNumber else { continue }
                let fits: Bool
                switch String(cString: number.objCType) {
                case "d", "f": fits = Int(exactly: number.doubleValue) != nil
                case "Q": fits = number.uint64Value <= UInt64(Int.max)
                default: fits = true  // integers that fit, and booleans (which the decoder reports itself)
                }
                if !fits {
                    return VCTableError(
                        .wrongFieldType, "Item \(index), field \"\(key)\" should be an integer (found the number \(number)).")
                }
            }
        }
        return nil
    }

}
