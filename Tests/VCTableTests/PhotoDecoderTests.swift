import Foundation
import Testing
@testable import VCTable

@Suite("PhotoDecoder")
struct PhotoDecoderTests {
    /// Decodes `json`, returning the error (or nil on success).
    func decodeError(_ json: String) -> VCTableError? {
        decodeError(Data(json.utf8))
    }

    func decodeError(_ data: Data) -> VCTableError? {
        do {
            _ = try PhotoDecoder.decode(data)
            return nil
        } catch {
            return error
        }
    }

    @Test("A JSON array of photos decodes, every field from its own key")
    func decodesFields() throws {
        let json = #"""
            [
              {"albumId": 9, "id": 1, "title": "first", "url": "https://e/600/1", "thumbnailUrl": "https://e/150/1"},
              {"thumbnailUrl": "t2", "url": "u2", "title": "caf\u00e9 \"quoted\"\nline", "id": 2, "albumId": 77}
            ]
            """#
        let items = try PhotoDecoder.decode(Data(json.utf8))
        #expect(items == [
            VCTableCellData(albumId: 9, id: 1, title: "first", url: "https://e/600/1", thumbnailUrl: "https://e/150/1"),
            VCTableCellData(albumId: 77, id: 2, title: "café \"quoted\"\nline", url: "u2", thumbnailUrl: "t2"),
        ])
    }

    @Test("Round trip of generated items, including non-ASCII titles")
    func roundTrip() throws {
        let items = Photos.items(1...50)
        #expect(try PhotoDecoder.decode(Photos.data(items)) == items)
    }

    @Test("An empty array is no items")
    func emptyArray() throws {
        #expect(try PhotoDecoder.decode(Data("[]".utf8)) == [])
        #expect(try PhotoDecoder.decode(Data(" [ ]\n".utf8)) == [])
    }

    @Test("Unknown extra fields are accepted")
    func extraFields() throws {
        let json = #"[{"albumId": 1, "id": 2, "title": "t", "url": "u", "thumbnailUrl": "v", "extra": {"a": [1, null]}, "albumID": "x", "n": null}]"#
        #expect(try PhotoDecoder.decode(Data(json.utf8)) == [VCTableCellData(albumId: 1, id: 2, title: "t", url: "u", thumbnailUrl: "v")])
    }

    @Test("An empty or white-space body is .emptyResponse", arguments: ["", " ", "\n\r\t  \n"])
    func emptyResponse(_ body: String) {
        #expect(decodeError(body)?.code == .emptyResponse)
    }

    @Test("Malformed JSON is .invalidJSON", arguments: ["[", "[{]", "nope", "[{\"albumId\": 1 \"id\": 2}]", "[1 2]", "\u{FEFF}\u{FEFF}[]"])
    func invalidJSON(_ body: String) {
        let error = decodeError(body)
        #expect(error?.code == .invalidJSON)
        #expect(error?.message.hasPrefix("The response is not valid JSON") == true, "\(error?.message ?? "")")
    }

    @Test("Invalid UTF-8 is .invalidJSON")
    func invalidUTF8() throws {
        #expect(decodeError(Data([0xFF, 0xFE, 0x5B, 0x5D]))?.code == .invalidJSON)
        let title = Photos.item(3).title
        var bytes = Array(Photos.json(Photos.items(1...4)).utf8)
        let range = try #require(bytes.firstRange(of: Array(title.utf8)))
        bytes.replaceSubrange(range, with: [0x61, 0xFF, 0x62])
        let error = decodeError(Data(bytes))
        #expect(error?.code == .invalidJSON)
        #expect(error?.message.contains("UTF-8") == true, "\(error?.message ?? "")")
    }

    @Test("A document that is not an array is .notAnArray", arguments: [#"{"photos": []}"#, #""text""#, "42", "true", "{}"])
    func notAnArray(_ body: String) {
        let error = decodeError(body)
        #expect(error?.code == .notAnArray, "\(error?.message ?? "")")
    }

    @Test("A top-level null is .notAnArray")
    func nullDocumentIsNotAnArray() {
        let error = decodeError("null")
        #expect(error?.code == .notAnArray, "\(error.map { "\($0.code): \($0.message)" } ?? "no error")")
    }

    @Test("An element that is not an object is .wrongFieldType naming the item", arguments: ["[1]", #"["x"]"#, "[[]]", "[null]"])
    func elementNotObject(_ body: String) {
        let error = decodeError(body)
        #expect(error?.code == .wrongFieldType)
        #expect(error?.message.contains("Item 0") == true, "\(error?.message ?? "")")
    }

    /// Six valid photos with element `index` edited.
    func document(editing index: Int, _ edit: (String) -> String) -> String {
        let objects = Photos.items(1...6).enumerated().map { offset, item in
            offset == index ? edit(Photos.object(item)) : Photos.object(item)
        }
        return "[" + objects.joined(separator: ",") + "]"
    }

    struct FieldCase: Sendable, CustomTestStringConvertible {
        let index: Int
        let field: String
        let replacement: String?  // nil removes the field
        let expected: VCTableError.Code
        var testDescription: String { "item \(index) \(field) → \(replacement ?? "missing")" }
    }

    static let fieldCases: [FieldCase] = [
        FieldCase(index: 3, field: "albumId", replacement: #""704""#, expected: .wrongFieldType),
        FieldCase(index: 0, field: "id", replacement: "1.5", expected: .wrongFieldType),
        FieldCase(index: 2, field: "albumId", replacement: "1e30", expected: .wrongFieldType),
        FieldCase(index: 4, field: "id", replacement: "99999999999999999999", expected: .wrongFieldType),
        FieldCase(index: 1, field: "albumId", replacement: "9223372036854775808", expected: .wrongFieldType),
        FieldCase(index: 5, field: "id", replacement: "-0.25", expected: .wrongFieldType),
        FieldCase(index: 5, field: "title", replacement: "12", expected: .wrongFieldType),
        FieldCase(index: 1, field: "url", replacement: "[]", expected: .wrongFieldType),
        FieldCase(index: 2, field: "thumbnailUrl", replacement: "{}", expected: .wrongFieldType),
        FieldCase(index: 4, field: "albumId", replacement: "true", expected: .wrongFieldType),
        FieldCase(index: 3, field: "albumId", replacement: nil, expected: .missingField),
        FieldCase(index: 2, field: "url", replacement: nil, expected: .missingField),
        FieldCase(index: 0, field: "id", replacement: nil, expected: .missingField),
        FieldCase(index: 5, field: "thumbnailUrl", replacement: nil, expected: .missingField),
        FieldCase(index: 1, field: "title", replacement: "null", expected: .missingField),
    ]

    @Test("A wrong or missing field names the item index and the field", arguments: fieldCases)
    func fieldErrors(_ testCase: FieldCase) throws {
        let item = Photos.item(testCase.index + 1)
        let values: [String: String] = [
            "albumId": "\(item.albumId)", "id": "\(item.id)", "title": "\"\(item.title)\"",
            "url": "\"\(item.url)\"", "thumbnailUrl": "\"\(item.thumbnailUrl)\"",
        ]
        let original = "\"\(testCase.field)\": \(try #require(values[testCase.field]))"
        let json = document(editing: testCase.index) { object in
            #expect(object.contains(original))
            if let replacement = testCase.replacement {
                return object.replacingOccurrences(of: original, with: "\"\(testCase.field)\": \(replacement)")
            }
            // Remove the field and the separator next to it.
            return object.replacingOccurrences(of: original + ", ", with: "").replacingOccurrences(of: ", " + original, with: "")
        }
        let error = try #require(decodeError(json))
        #expect(error.code == testCase.expected, "\(error.message)")
        #expect(error.message.contains("Item \(testCase.index)"), "\(error.message)")
        #expect(error.message.contains("\"\(testCase.field)\""), "\(error.message)")
    }

    @Test("The index named is the failing element's, deep in a large array")
    func indexInLargeArray() throws {
        var objects = Photos.items(1...2000).map { Photos.object($0) }
        objects[1234] = objects[1234].replacingOccurrences(of: "\"id\": 1235", with: "\"id\": \"1235\"")
        let error = try #require(decodeError("[" + objects.joined(separator: ",") + "]"))
        #expect(error.code == .wrongFieldType)
        #expect(error.message.contains("Item 1234,"), "\(error.message)")
        #expect(error.message.contains("\"id\""))
    }

    @Test("The keys are case-sensitive: \"albumID\" is not \"albumId\"")
    func keysAreCaseSensitive() {
        let error = decodeError(#"[{"albumID": 1, "id": 2, "title": "t", "url": "u", "thumbnailUrl": "v"}]"#)
        #expect(error?.code == .missingField)
        #expect(error?.message.contains("\"albumId\"") == true)
    }
}
