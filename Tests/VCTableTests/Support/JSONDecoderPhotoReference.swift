// The photo decoder as it was before `PhotoScanner`: `JSONDecoder` plus the mapping of its
// errors to `VCTableError`, kept verbatim as the reference the differential checks
// (`PhotoDecoderDifferential`) compare the new decoder with. Compiled into the test target
// and, by Fuzz/run.sh, into the decoder fuzz target (where there is no VCTable module).
#if canImport(VCTable)
@testable import VCTable
#endif
import Foundation

enum JSONDecoderPhotoReference {
    /// What today's `PhotoDecoder` made of `data` before the scanner replaced `JSONDecoder`.
    /// Traps (as `JSONDecoder` does) on some numbers: see `PhotoDecoderDifferential.jsonDecoderMayTrap`.
    static func decode(_ data: Data) -> Result<[VCTableCellData], VCTableError> {
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return .failure(VCTableError(.emptyResponse, "The response is empty."))
        }
        do {
            return .success(try JSONDecoder().decode([VCTableCellData].self, from: data))
        } catch let error as DecodingError {
            return .failure(map(error, data))
        } catch {
            return .failure(VCTableError(.invalidJSON, "The response is not valid JSON: \(error)."))
        }
    }

    private static func map(_ error: DecodingError, _ data: Data) -> VCTableError {
        switch error {
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
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
                default: fits = true
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
