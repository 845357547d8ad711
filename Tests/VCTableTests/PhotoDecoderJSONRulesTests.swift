import Foundation
import Testing
@testable import VCTable

/// How `PhotoDecoder` reads JSON (its `PhotoScanner`): exact messages, numbers, strings,
/// duplicate keys, strict validation, nesting, encodings.
@Suite("PhotoDecoder: JSON rules")
struct PhotoDecoderJSONRulesTests {
    static let rest = #""title": "t", "url": "u", "thumbnailUrl": "v""#

    func decode(_ text: String) throws -> [VCTableCellData] {
        try PhotoDecoder.decode(Data(text.utf8))
    }

    func failure(_ bytes: [UInt8]) -> VCTableError? {
        do {
            _ = try PhotoDecoder.decode(Data(bytes))
            return nil
        } catch {
            return error
        }
    }

    func failure(_ text: String) -> VCTableError? { failure(Array(text.utf8)) }

    /// A one-photo document with `albumId` spelled `number`.
    func album(_ number: String) -> String {
        #"[{"albumId": \#(number), "id": 2, \#(Self.rest)}]"#
    }

    // MARK: - Messages (the same words as the JSONDecoder-based decoder)

    static let messages: [(String, VCTableError)] = [
        (#"[{"albumId": "1", "id": 2, "title": "t", "url": "u", "thumbnailUrl": "v"}]"#,
         VCTableError(.wrongFieldType, #"Item 0, field "albumId" should be an integer (found a string)."#)),
        (#"[{"albumId": true, "id": 2, "title": "t", "url": "u", "thumbnailUrl": "v"}]"#,
         VCTableError(.wrongFieldType, #"Item 0, field "albumId" should be an integer (found bool)."#)),
        (#"[{"albumId": {}, "id": 2, "title": "t", "url": "u", "thumbnailUrl": "v"}]"#,
         VCTableError(.wrongFieldType, #"Item 0, field "albumId" should be an integer (found an object)."#)),
        (#"[{"albumId": 1, "id": [2], "title": "t", "url": "u", "thumbnailUrl": "v"}]"#,
         VCTableError(.wrongFieldType, #"Item 0, field "id" should be an integer (found an array)."#)),
        (#"[{"albumId": 1, "id": 2, "title": 3, "url": "u", "thumbnailUrl": "v"}]"#,
         VCTableError(.wrongFieldType, #"Item 0, field "title" should be a string (found a number)."#)),
        (#"[{"albumId": 1, "id": 1.5, "title": "t", "url": "u", "thumbnailUrl": "v"}]"#,
         VCTableError(.wrongFieldType, #"Item 0, field "id" should be an integer (found the number 1.5)."#)),
        (#"[{"albumId": 1e30, "id": 2, "title": "t", "url": "u", "thumbnailUrl": "v"}]"#,
         VCTableError(.wrongFieldType, #"Item 0, field "albumId" should be an integer (found the number 1e+30)."#)),
        (#"[{"albumId": 9223372036854775808, "id": 2, "title": "t", "url": "u", "thumbnailUrl": "v"}]"#,
         VCTableError(.wrongFieldType, #"Item 0, field "albumId" should be an integer (found the number 9223372036854775808)."#)),
        (#"[{"albumId": 1, "id": 2, "title": null, "url": "u", "thumbnailUrl": "v"}]"#,
         VCTableError(.missingField, #"Item 0, field "title" is null."#)),
        (#"[{"albumId": 1, "id": 2, "title": "t", "url": "u"}]"#,
         VCTableError(.missingField, #"Item 0, field "thumbnailUrl" is missing."#)),
        ("[null]", VCTableError(.wrongFieldType, "Item 0 is null, not a JSON object.")),
        ("[{}, 42]", VCTableError(.missingField, #"Item 0, field "albumId" is missing."#)),
        (#"[{"albumId": 1, "id": 2, "title": "t", "url": "u", "thumbnailUrl": "v"}, 42]"#,
         VCTableError(.wrongFieldType, "Item 1 is not a JSON object (found a number).")),
        (#"["x"]"#, VCTableError(.wrongFieldType, "Item 0 is not a JSON object (found a string).")),
        ("[false]", VCTableError(.wrongFieldType, "Item 0 is not a JSON object (found bool).")),
        ("null", VCTableError(.notAnArray, "The response is not a JSON array of photos (found null).")),
        (#"{"photos": []}"#, VCTableError(.notAnArray, "The response is not a JSON array of photos (found an object).")),
        ("4.5", VCTableError(.notAnArray, "The response is not a JSON array of photos (found a number).")),
        ("[", VCTableError(.invalidJSON, "The response is not valid JSON: Unexpected end of file during JSON parse.")),
        ("[1 2]", VCTableError(.invalidJSON, "The response is not valid JSON: Invalid value around character 3.")),
        ("[] x", VCTableError(.invalidJSON, "The response is not valid JSON: Invalid value around character 3.")),
    ]

    @Test("Errors are worded exactly as before", arguments: 0 ..< messages.count)
    func message(_ number: Int) {
        let (document, expected) = Self.messages[number]
        #expect(failure(document) == expected)
    }

    @Test("Within an item, fields are checked in the order albumId, id, title, url, thumbnailUrl; items in order")
    func fieldOrder() {
        let document = #"[{"thumbnailUrl": 1, "title": null, "id": "x", "url": []}, {"albumId": "y"}]"#
        #expect(failure(document) == VCTableError(.missingField, #"Item 0, field "albumId" is missing."#))
        let second = #"[{"thumbnailUrl": 1, "title": null, "albumId": 3, "url": []}]"#
        #expect(failure(second) == VCTableError(.missingField, #"Item 0, field "id" is missing."#))
    }

    // MARK: - Numbers

    @Test("Whole numbers in any spelling are integers", arguments: [
        ("7", 7), ("-0", 0), ("7.0", 7), ("7e0", 7), ("7E+0", 7), ("700e-2", 7), ("0.07e2", 7), ("-3.000", -3), ("0e99999", 0),
        ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min), ("9223372036854775807.0", Int.max),
        ("-9223372036854775808.0", Int.min), ("-9.223372036854775808e18", Int.min), ("9007199254740993.000", 9_007_199_254_740_993),
        ("1" + String(repeating: "0", count: 200) + "e-184", 10_000_000_000_000_000),
    ])
    func wholeNumbers(_ text: String, _ value: Int) throws {
        #expect(try decode(album(text)).first?.albumId == value)
    }

    @Test("Numbers that are not whole Ints are .wrongFieldType naming the field", arguments: [
        "1.5", "-0.25", "1e30", "1e-400", "1.00000000000000000001", "0.99999999999999999999", "9007199254740993.5",
        "9223372036854775808", "-9223372036854775809", "9223372036854775808.0", "1e400", "12345678901234567890123",
    ])
    func notWholeNumbers(_ text: String) throws {
        let error = try #require(failure(album(text)))
        #expect(error.code == .wrongFieldType)
        #expect(error.message.hasPrefix(#"Item 0, field "albumId" should be an integer (found the number "#), "\(error.message)")
    }

    @Test("Malformed numbers are .invalidJSON, in read and in skipped fields", arguments: [
        "01", "-", "1.", ".5", "1e", "1e+", "+1", "0x1", "NaN", "-Infinity", "1.2.3", "--1", "1-2",
    ])
    func malformedNumbers(_ text: String) {
        #expect(failure(album(text))?.code == .invalidJSON)
        #expect(failure(#"[{"albumId": 1, "id": 2, \#(Self.rest), "extra": \#(text)}]"#)?.code == .invalidJSON)
    }

    @Test("A skipped number JSONSerialization cannot represent is still valid JSON")
    func hugeSkippedNumber() throws {
        #expect(try decode(#"[{"albumId": 1, "id": 2, \#(Self.rest), "extra": [1e400, -1e-400]}]"#).count == 1)
    }

    // MARK: - Strings and keys

    @Test("Escapes decode, surrogate pairs included")
    func escapes() throws {
        let document = #"[{"albumId": 1, "id": 2, "title": "caf\u00e9 \u00E9 \ud83d\ude00 \"q\" \\ \/ \b\f\n\r\t \u0000", "url": "\u2028", "thumbnailUrl": "\uDBFF\uDFFF"}]"#
        let item = try #require(try decode(document).first)
        #expect(item.title == "café é 😀 \"q\" \\ / \u{08}\u{0C}\n\r\t \u{0}")
        #expect(item.url == "\u{2028}")
        #expect(item.thumbnailUrl == "\u{10FFFF}")
    }

    @Test("Raw UTF-8 is read as is, noncharacters and combining marks included")
    func rawUTF8() throws {
        let title = "“ünïcode” e\u{301} \u{FFFE} \u{7F} 😀 \u{10FFFF}"
        let item = try #require(try decode(#"[{"albumId": 1, "id": 2, "title": "\#(title)", "url": "u", "thumbnailUrl": "v"}]"#).first)
        #expect(item.title == title)
    }

    @Test("A bad string is .invalidJSON, in a read field or a skipped one", arguments: [
        Array(#""\ud800""#.utf8), Array(#""\udc00""#.utf8), Array(#""\ud800\u0041""#.utf8), Array(#""\ud800x""#.utf8),
        Array(#""\x""#.utf8), Array(#""\u12G4""#.utf8), Array(#""\u00""#.utf8), [0x22, 0x01, 0x22], [0x22, 0x09, 0x22],
        [0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
        [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xE2, 0x82, 0x22], [0x22, 0x80, 0x22],
    ])
    func badStrings(_ string: [UInt8]) {
        let read = Array(#"[{"albumId": 1, "id": 2, "title": "#.utf8) + string + Array(#", "url": "u", "thumbnailUrl": "v"}]"#.utf8)
        #expect(failure(read)?.code == .invalidJSON)
        let skipped = Array(#"[{"albumId": 1, "id": 2, \#(Self.rest), "extra": [{"k": "#.utf8) + string + Array("}]}]".utf8)
        #expect(failure(skipped)?.code == .invalidJSON)
        let key = Array(#"[{"albumId": 1, "id": 2, \#(Self.rest), "#.utf8) + string + Array(": 1}]".utf8)
        #expect(failure(key)?.code == .invalidJSON)
    }

    @Test("Invalid UTF-8 is reported with JSONSerialization's words, which name UTF-8")
    func invalidUTF8Message() throws {
        let error = try #require(failure(Array(#"[{"albumId": 1, "id": 2, "title": "a"#.utf8) + [0xFF] + Array(#"", "url": "u", "thumbnailUrl": "v"}]"#.utf8)))
        #expect(error.message.contains("UTF-8"), "\(error.message)")
    }

    @Test("Keys are compared after unescaping")
    func escapedKeys() throws {
        let items = try decode(#"[{"\u0061lbumId": 1, "i\u0064": 2, "t\u0069tle": "t", "url": "u", "thumbnail\u0055rl": "v", "albumId\u0000": "x"}]"#)
        #expect(items == [VCTableCellData(albumId: 1, id: 2, title: "t", url: "u", thumbnailUrl: "v")])
    }

    @Test("Of duplicate keys, the first counts (as in JSONDecoder); the later values must still be valid JSON")
    func duplicateKeys() throws {
        let items = try decode(#"[{"albumId": 1, "albumId": "x", "id": 2, "title": "first", "t\u0069tle": 3, "url": "u", "thumbnailUrl": "v", "id": null}]"#)
        #expect(items == [VCTableCellData(albumId: 1, id: 2, title: "first", url: "u", thumbnailUrl: "v")])
        #expect(failure(#"[{"albumId": null, "albumId": 1, "id": 2, \#(Self.rest)}]"#)
            == VCTableError(.missingField, #"Item 0, field "albumId" is null."#))
        // Fuzz/regressions/decoder (RELIABILITY.md F1): a shadowed value with invalid UTF-8.
        let shadowed = Array(#"[{"albumId": 1, "id": 2, \#(Self.rest), "title": "a"#.utf8) + [0xFF] + Array(#""}]"#.utf8)
        #expect(failure(shadowed)?.code == .invalidJSON)
    }

    // MARK: - Document structure

    @Test("Trailing commas are .invalidJSON, with the scanner's words where JSONSerialization accepts them", arguments: [
        "[{\(rest), \"albumId\": 1, \"id\": 2},]", "[{\(rest), \"albumId\": 1, \"id\": 2,}]",
        "[{\(rest), \"albumId\": 1, \"id\": 2, \"x\": [1,]}]", "[{\(rest), \"albumId\": 1, \"id\": 2, \"x\": {\"a\": 1 , }}]",
    ])
    func trailingCommas(_ document: String) throws {
        let error = try #require(failure(document))
        #expect(error.code == .invalidJSON)
        #expect(error.message.hasPrefix("The response is not valid JSON: Trailing comma around character "), "\(error.message)")
    }

    @Test("Only RFC 8259 white space separates tokens", arguments: ["\u{0C}", "\u{0B}", "\u{A0}", "\u{FEFF}", "\u{2028}", "\u{0}"])
    func otherWhiteSpace(_ space: String) {
        #expect(failure("[\(space)]")?.code == .invalidJSON)
    }

    @Test("A document that is not JSON is .invalidJSON even after an item with a field error")
    func syntaxWinsOverFields() {
        #expect(failure(#"[{"albumId": "x"}, {"#)?.code == .invalidJSON)
        #expect(failure(Array(#"[{"albumId": "x"}, {"title": "a"#.utf8) + [0xFF] + Array("\"}]".utf8))?.code == .invalidJSON)
        #expect(failure(#"{"albumId": "x"} ]"#)?.code == .invalidJSON)
    }

    @Test("Nesting: 512 levels are read, 513 are .invalidJSON, at the root or inside an item")
    func nesting() throws {
        func nested(_ depth: Int) -> String { String(repeating: "[", count: depth) + String(repeating: "]", count: depth) }
        // The root array is level 1, so 512 nested arrays hold an array (item 0), not an object.
        #expect(failure(nested(512))?.code == .wrongFieldType)
        #expect(failure(nested(513))?.code == .invalidJSON)
        // Inside an item: the array is level 1, the item 2, the value 3.
        #expect(try decode(#"[{"albumId": 1, "id": 2, \#(Self.rest), "x": \#(nested(510))}]"#).count == 1)
        #expect(failure(#"[{"albumId": 1, "id": 2, \#(Self.rest), "x": \#(nested(511))}]"#)?.code == .invalidJSON)
        #expect(failure(#"[{"albumId": 1, "id": 2, \#(Self.rest), "x": {"a": \#(nested(510))}}]"#)?.code == .invalidJSON)
    }

    @Test("A very deep document is rejected without recursion")
    func veryDeep() {
        #expect(failure(String(repeating: "[", count: 1_000_000))?.code == .invalidJSON)
        #expect(failure("[{\"x\": " + String(repeating: "{\"a\": [", count: 300_000))?.code == .invalidJSON)
    }

    // MARK: - Encodings

    @Test("UTF-16 and UTF-32 documents, with or without a byte order mark, are read as JSONDecoder reads them")
    func otherEncodings() throws {
        let text = #"[{"albumId": 1, "id": 2, "title": "café 😀", "url": "u", "thumbnailUrl": "v"}]"#
        let expected = [VCTableCellData(albumId: 1, id: 2, title: "café 😀", url: "u", thumbnailUrl: "v")]
        let utf16LE = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let utf16BE = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let utf32LE = text.unicodeScalars.flatMap { [UInt8($0.value & 0xFF), UInt8($0.value >> 8 & 0xFF), UInt8($0.value >> 16), 0] }
        let utf32BE = text.unicodeScalars.flatMap { [0, UInt8($0.value >> 16), UInt8($0.value >> 8 & 0xFF), UInt8($0.value & 0xFF)] }
        for bytes in [[0xEF, 0xBB, 0xBF] + Array(text.utf8), utf16LE, [0xFF, 0xFE] + utf16LE, utf16BE, [0xFE, 0xFF] + utf16BE, utf32LE, utf32BE] {
            #expect(try PhotoDecoder.decode(Data(bytes)) == expected)
            #expect(try JSONDecoder().decode([VCTableCellData].self, from: Data(bytes)) == expected)
        }
        // A lone surrogate in UTF-16 cannot be converted.
        #expect(failure([0x5B, 0x00, 0x22, 0x00, 0x00, 0xD8, 0x22, 0x00, 0x5D, 0x00])?.code == .invalidJSON)
        // A byte order mark is only one at the very start.
        #expect(failure([0x20, 0xEF, 0xBB, 0xBF, 0x5B, 0x5D])?.code == .invalidJSON)
        #expect(failure([0xEF, 0xBB, 0xBF])?.code == .invalidJSON)
    }
}
