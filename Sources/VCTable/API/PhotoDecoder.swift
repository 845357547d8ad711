import FoundationEssentials

/// Turns a photos document into cells, or a `VCTableError` naming what is wrong with it.
///
/// The original parsed an empty or missing response anyway and read `albumId` from the
/// wrong key; here an empty body is `.emptyResponse` and every field is read from its
/// own key and type-checked.
public enum PhotoDecoder {
    /// Decodes `data`, a JSON array of `{albumId, id, title, url, thumbnailUrl}`, in one
    /// pass over its bytes (`PhotoScanner`). Unknown extra fields are accepted; when a key
    /// occurs twice in an object, its first value counts. The whole document is validated,
    /// the values it skips included (strings: escapes, control characters, UTF-8; numbers;
    /// no trailing commas), and a document that is not JSON is `.invalidJSON` whatever is
    /// wrong with its items. `albumId` and `id` must be whole numbers that fit an `Int`
    /// (`7.0` and `7e0` are 7; `7.5` and `1e30` are `.wrongFieldType`). UTF-16 and UTF-32
    /// documents are read as `JSONDecoder` reads them.
    public static func decode(_ data: Data) throws(VCTableError) -> [VCTableCellData] {
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw VCTableError(.emptyResponse, "The response is empty.")
        }
        switch JSONInputEncoding.withUTF8(of: data, PhotoScanner.scan) {
        case .success(let items)?:
            return items
        case .failure(let failure)?:
            throw error(for: failure, in: data)
        case nil:
            throw VCTableError(.invalidJSON, "The response is not valid JSON: \(JSONSyntax.problem(in: data))")
        }
    }

    /// The error for `failure`, worded as the `JSONDecoder`-based decoder worded it.
    private static func error(for failure: PhotoScanner.Failure, in data: Data) -> VCTableError {
        switch failure {
        case .syntax(let syntax, let offset):
            // JSONSerialization's wording when it sees the problem too, else the scanner's.
            let problem = JSONSyntax.problemIfAny(in: data) ?? "\(syntax) around character \(offset)."
            return VCTableError(.invalidJSON, "The response is not valid JSON: \(problem)")
        case .notAnArray(let kind):
            return VCTableError(.notAnArray, "The response is not a JSON array of photos (found \(found(kind))).")
        case .notAnObject(let item, .null):
            return VCTableError(.wrongFieldType, "Item \(item) is null, not a JSON object.")
        case .notAnObject(let item, let kind):
            return VCTableError(.wrongFieldType, "Item \(item) is not a JSON object (found \(found(kind))).")
        case .missing(let item, let field):
            return VCTableError(.missingField, "Item \(item), field \"\(field.name)\" is missing.")
        case .null(let item, let field):
            return VCTableError(.missingField, "Item \(item), field \"\(field.name)\" is null.")
        case .wrongType(let item, let field, let kind):
            let expected = field.isInteger ? "an integer" : "a string"
            return VCTableError(.wrongFieldType, "Item \(item), field \"\(field.name)\" should be \(expected) (found \(found(kind))).")
        case .notAnInteger(let item, let field, let text):
            return VCTableError(
                .wrongFieldType, "Item \(item), field \"\(field.name)\" should be an integer (found the number \(number(text))).")
        }
    }

    /// What was found, in `JSONDecoder`'s words ("a string", "bool").
    private static func found(_ kind: PhotoScanner.JSONKind) -> String {
        switch kind {
        case .string: "a string"
        case .number: "a number"
        case .bool: "bool"
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// A number as the `NSNumber` `JSONSerialization` makes of it prints (`1e+30`), as the
    /// messages always showed it; its text when `JSONSerialization` cannot represent it (`1e400`).
    private static func number(_ text: String) -> String {
        JSONSyntax.numberDescription(text) ?? text
    }
}
