import Foundation

/// Random photos documents for the decoder's differential test: valid ones (fields in any
/// order, extra fields with nested values, duplicate keys, escapes, non-ASCII text, numbers
/// spelled many ways, odd white space, other Unicode encodings) and mutated ones (truncated,
/// bytes replaced, inserted or deleted, wrong types, missing fields, invalid UTF-8, bad
/// escapes, trailing commas, deep nesting). Deterministic for a seed.
struct PhotoDocumentGenerator: RandomNumberGenerator {
    private var random: ToolkitSplitMix

    init(seed: UInt64) { random = ToolkitSplitMix(seed: seed) }

    /// The toolkit tests' SplitMix64 stream.
    mutating func next() -> UInt64 { random.next() }

    private mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    private mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    private mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    // MARK: - Pieces

    private mutating func space() -> String {
        chance(60) ? "" : pick([" ", "\n", "\t", "\r\n", "  ", " \n\t "])
    }

    /// An integer as JSON, usually valid for an `Int` field, sometimes not.
    private mutating func integer(valid: Bool) -> String {
        if valid {
            switch below(10) {
            case 0: return pick(["0", "-0", "1.0", "12e1", "100e-2", "7E+0", "-3.000", "0.5e1", "250e-2"])
            case 1: return pick(["9223372036854775807", "-9223372036854775808", "9007199254740993", "-1"])
            default: return String(Int(truncatingIfNeeded: next() % 10_000_000) - (chance(10) ? 5_000_000 : 0))
            }
        }
        return pick([
            "1.5", "1e30", "9223372036854775808", "-9223372036854775809", "-0.25", "1e400", "1e-400",
            "1.00000000000000000001", "-9223372036854775808.0", "9223372036854775807.0", "9007199254740993.5",
            "0.1", "2.5e-1", "99999999999999999999", "\"7\"", "true", "false", "null", "[]", "{}", "[1]", "{\"a\": 1}",
            "\"\"",
        ])
    }

    /// A JSON string literal (quotes included), usually valid.
    private mutating func string(valid: Bool) -> [UInt8] {
        if valid {
            let pieces = [
                "photo", " ", "caf\u{E9}", "\u{1F600}", "\u{201C}\u{FC}n\u{EF}code\u{201D}", "\\n", "\\\"", "\\\\", "\\/",
                "\\u00e9", "\\u00E9", "\\ud83d\\ude00", "\\u0000", "\\t\\r\\b\\f", "https://example.com/600/1.png",
                "\u{7F}", "\u{FFFE}", "e\u{301}", "\\u2028", "\u{10FFFF}", "\\uDBFF\\uDFFF",
            ]
            var text = ""
            for _ in 0 ..< below(5) { text += pick(pieces) }
            return Array("\"\(text)\"".utf8)
        }
        let bad: [[UInt8]] = [
            Array("\"a\\ud800\"".utf8), Array("\"\\udc00\"".utf8), Array("\"\\ud800\\u0041\"".utf8), Array("\"\\x\"".utf8),
            Array("\"\\u12G4\"".utf8), Array("\"a".utf8) + [0x01] + Array("\"".utf8), Array("\"a".utf8) + [0xFF] + Array("\"".utf8),
            Array("\"".utf8) + [0xC3] + Array("\"".utf8), Array("\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"".utf8),
            Array("\"".utf8) + [0xC0, 0xAF] + Array("\"".utf8), Array("\"".utf8) + [0xF4, 0x90, 0x80, 0x80] + Array("\"".utf8),
            Array("\"tab\there\"".utf8), Array("\"\\u00\"".utf8),
        ]
        return pick(bad)
    }

    /// Any JSON value, nested at most `depth` more levels.
    private mutating func anyValue(depth: Int) -> [UInt8] {
        switch below(depth > 0 ? 9 : 7) {
        case 0: return string(valid: true)
        case 1: return Array(pick(["0", "-1.5e-7", "1e400", "12345678901234567890", "3.25", "-0"]).utf8)
        case 2: return Array(pick(["true", "false", "null"]).utf8)
        case 3: return Array("[]".utf8)
        case 4: return Array("{}".utf8)
        case 5: return Array(integer(valid: true).utf8)
        case 6: return string(valid: true)
        case 7:
            var out = Array("[".utf8)
            for k in 0 ..< below(4) {
                if k > 0 { out += Array(",".utf8) }
                out += Array(space().utf8) + anyValue(depth: depth - 1)
            }
            return out + Array("]".utf8)
        default:
            var out = Array("{".utf8)
            for k in 0 ..< below(4) {
                if k > 0 { out += Array(",".utf8) }
                out += Array("\"k\(below(3))\"".utf8) + Array(space().utf8) + Array(":".utf8) + anyValue(depth: depth - 1)
            }
            return out + Array("}".utf8)
        }
    }

    private static let fields = ["albumId", "id", "title", "url", "thumbnailUrl"]

    /// One photo object; `valid` false puts one problem into it.
    private mutating func photo(valid: Bool) -> [UInt8] {
        var members: [(key: String, value: [UInt8])] = []
        let broken = valid ? nil : below(5)
        for (number, field) in Self.fields.enumerated() {
            let isInteger = number < 2
            if number == broken, chance(25) { continue }  // missing
            var value: [UInt8]
            if number == broken {
                value = chance(50) ? Array("null".utf8) : (isInteger ? Array(integer(valid: false).utf8)
                    : Array(pick(["12", "true", "[]", "{}", "1.5"]).utf8))
            } else {
                value = isInteger ? Array(integer(valid: true).utf8) : string(valid: true)
            }
            members.append((field, value))
        }
        // Extra fields, with nested values.
        for _ in 0 ..< below(3) {
            members.append((pick(["extra", "albumID", "Id", "colour", "n", "tit\\u006ce"]), anyValue(depth: 3)))
        }
        // A duplicate key: its value may be anything (the first occurrence counts).
        if chance(15) {
            let field = pick(Self.fields)
            let value = chance(50) ? anyValue(depth: 2) : Array(integer(valid: false).utf8)
            members.insert((field, value), at: below(members.count + 1))
        }
        // Escaped keys.
        if chance(10), let index = members.indices.randomElement(using: &self) {
            members[index].key = members[index].key.replacingOccurrences(of: "i", with: "\\u0069")
        }
        // Any order.
        for index in members.indices.reversed() { members.swapAt(index, below(index + 1)) }
        var out = Array("{".utf8)
        for (k, member) in members.enumerated() {
            if k > 0 { out += Array(",".utf8) + Array(space().utf8) }
            out += Array("\"\(member.key)\"".utf8) + Array(space().utf8) + Array(":".utf8) + Array(space().utf8) + member.value
        }
        return out + Array(space().utf8) + Array("}".utf8)
    }

    /// A valid document (JSON-wise); some items may have field errors when `fieldErrors`.
    private mutating func validDocument(fieldErrors: Bool) -> [UInt8] {
        var out = Array(space().utf8) + Array("[".utf8)
        let count = below(7)
        let broken = fieldErrors ? below(max(count, 1)) : -1
        for index in 0 ..< count {
            if index > 0 { out += Array(space().utf8) + Array(",".utf8) }
            out += Array(space().utf8)
            if index == broken, chance(20) {
                out += Array(pick(["1", "\"x\"", "[]", "null", "true", "[{}]"]).utf8)
            } else {
                out += photo(valid: index != broken)
            }
        }
        return out + Array(space().utf8) + Array("]".utf8) + Array(space().utf8)
    }

    // MARK: - Documents

    /// The next document.
    mutating func document() -> Data {
        switch below(20) {
        case 0 ..< 7:
            return Data(validDocument(fieldErrors: false))
        case 7 ..< 10:
            return Data(validDocument(fieldErrors: true))
        case 10 ..< 16:
            return Data(mutate(validDocument(fieldErrors: chance(30))))
        case 16:
            // A bad string somewhere: a read field or a skipped one.
            var document = Array("[".utf8) + photo(valid: true) + Array(",".utf8)
            let bad = string(valid: false)
            if chance(50) {
                document += Array("{\"albumId\": 1, \"id\": 2, \"title\": ".utf8) + bad
                    + Array(", \"url\": \"u\", \"thumbnailUrl\": \"v\"}]".utf8)
            } else {
                document += Array("{\"albumId\": 1, \"id\": 2, \"title\": \"t\", \"url\": \"u\", \"thumbnailUrl\": \"v\", \"x\": ".utf8)
                    + bad + Array("}]".utf8)
            }
            return Data(document)
        case 17:
            // Other encodings, and byte order marks.
            let text = String(decoding: validDocument(fieldErrors: chance(30)), as: UTF8.self)
            switch below(7) {
            case 0: return Data([0xEF, 0xBB, 0xBF] + Array(text.utf8))
            case 1: return Data([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
            case 2: return Data([0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
            case 3: return Data(text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
            case 4: return Data(text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
            case 5: return Data(text.unicodeScalars.flatMap { scalar -> [UInt8] in
                    let v = scalar.value
                    return [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), 0]
                })
            default: return Data(text.unicodeScalars.flatMap { scalar -> [UInt8] in
                    let v = scalar.value
                    return [0, UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
                })
            }
        case 18:
            // Nesting around the depth limit, at the root or inside an item.
            let depth = pick([2, 100, 509, 510, 511, 512, 513, 600])
            if chance(50) {
                let open = Array(repeating: UInt8(ascii: "["), count: depth)
                let close = Array(repeating: UInt8(ascii: "]"), count: depth)
                return Data(open + close)
            }
            let open = Array(repeating: UInt8(ascii: "["), count: depth)
            let close = Array(repeating: UInt8(ascii: "]"), count: depth)
            return Data(Array("[{\"albumId\": 1, \"id\": 2, \"title\": \"t\", \"url\": \"u\", \"thumbnailUrl\": \"v\", \"deep\": ".utf8)
                + open + close + Array("}]".utf8))
        default:
            // Not an array, or nothing much.
            return Data(pick([
                "{\"photos\": []}", "\"text\"", "42", "-1.5", "true", "null", "{}", "", "  ", "[", "]", "[,]", "[1,]",
                "[{\"albumId\": 1,}]", "[] []", "[]x", "\u{FEFF}[]", "[\u{A0}]", "[\u{0C}]", "nul", "[tru]", "[01]", "[-]",
                "[1.]", "[.5]", "[1e]", "[1e+]", "[\"a\"", "[\"\\", "[\"\\u12", "{\"a\"}", "{\"a\" 1}", "{1: 2}",
            ]).utf8)
        }
    }

    /// `document` with one random edit.
    private mutating func mutate(_ document: [UInt8]) -> [UInt8] {
        var bytes = document
        guard !bytes.isEmpty else { return bytes }
        let interesting: [UInt8] = Array("[]{},:\"\\0 -.e1tn".utf8) + [0x00, 0x01, 0x1F, 0x7F, 0x80, 0xC3, 0xE2, 0xED, 0xF0, 0xFF]
        switch below(7) {
        case 0:
            bytes.removeSubrange(below(bytes.count)...)
        case 1:
            bytes[below(bytes.count)] = pick(interesting)
        case 2:
            bytes.insert(pick(interesting), at: below(bytes.count + 1))
        case 3:
            bytes.remove(at: below(bytes.count))
        case 4:
            // A trailing comma before a closing bracket or brace.
            let closers = bytes.indices.filter { bytes[$0] == UInt8(ascii: "]") || bytes[$0] == UInt8(ascii: "}") }
            if let at = closers.randomElement(using: &self) { bytes.insert(UInt8(ascii: ","), at: at) }
        case 5:
            // Repeat a slice.
            let start = below(bytes.count)
            let end = min(bytes.count, start + below(40))
            bytes.insert(contentsOf: bytes[start ..< end], at: below(bytes.count + 1))
        default:
            // Replace a digit run with a long number.
            if let at = bytes.firstIndex(where: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                bytes.insert(contentsOf: Array(pick(["00000000000000000001", ".000000000000000000001", "e-400", "e20"]).utf8), at: at + 1)
            }
        }
        return bytes
    }
}
