import Foundation
import Testing
@testable import VCTable

/// `JSONSyntax` words what is wrong with a document as Foundation's `JSONSerialization`
/// does (the library links FoundationEssentials only, which has no `JSONSerialization`):
/// compared with it here, on hand-picked documents, on mutations of a few (deterministic),
/// in every encoding, and on numbers.
@Suite("JSONSyntax: JSONSerialization's words")
struct JSONSyntaxTests {
    /// `JSONSerialization`'s message, as `JSONSyntax.problemIfAny` words it (nil: it reads it).
    static func oracle(_ bytes: [UInt8]) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
            return nil
        } catch {
            guard let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String else {
                return "the data is malformed."
            }
            return text.hasSuffix(".") ? text : text + "."
        }
    }

    static func disagreement(_ bytes: [UInt8]) -> String? {
        let expected = oracle(bytes), actual = JSONSyntax.problemIfAny(in: Data(bytes))
        guard expected != actual else { return nil }
        let hex = bytes.prefix(64).map { String($0, radix: 16) }.joined(separator: " ")
        return "\(hex): JSONSerialization \(expected ?? "reads it"), JSONSyntax \(actual ?? "reads it")"
    }

    /// xorshift64: the same documents on every run.
    struct Generator {
        var state: UInt64
        mutating func callAsFunction(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }
    }

    static let seeds = [
        #"[{"albumId":1,"id":2,"title":"a\u00e9\ud83d\ude00\n","url":"http://x/y","thumbnailUrl":"t"},{"albumId":1.5e3,"id":-0.0,"title":"\"\\\/\b\f\r\t","url":"é","thumbnailUrl":null,"x":[true,false,null,{}],"y":{"a":[],"a":1e400}}]"#,
        #"{"a":[1,2,3,-1.25E-7,0,100000000000000000000000,"s"],"b":{"c":"d"}}"#,
        "[]", "{}", "1", "\"x\"", "true", "null", "-0", "[1e-400, 18446744073709551616, -9223372036854775809]",
    ]

    static let alphabet: [UInt8] = Array("[]{}\",:\\/ubfnrt0123456789-+.eEaA \t\n\r\u{01}".utf8)
        + [0xFE, 0xBB, 0xBF, 0xDC, 0xD8, 0x00, 0x80, 0xC3, 0xA9, 0xE2, 0xFF, 0xED, 0xA0, 0xF0, 0x9F]

    /// `bytes` (UTF-8) in UTF-16 and UTF-32 of both byte orders, with a byte order mark or
    /// not, and after a UTF-8 one.
    static func encodings(_ bytes: [UInt8]) -> [[UInt8]] {
        let text = String(decoding: bytes, as: UTF8.self)
        let utf16 = Array(text.utf16)
        let utf32 = text.unicodeScalars.map(\.value)
        let be16 = utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let le16 = utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        var be32: [UInt8] = [], le32: [UInt8] = []
        for value in utf32 {
            let b = [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
            be32 += b
            le32 += b.reversed()
        }
        return [be16, le16, [0xFE, 0xFF] + be16, [0xFF, 0xFE] + le16, be32, le32,
                [0, 0, 0xFE, 0xFF] + be32, [0xFF, 0xFE, 0, 0] + le32, [0xEF, 0xBB, 0xBF] + bytes]
    }

    @Test("Hand-picked documents", arguments: [
        "", " ", "[", "[1 2]", "[] x", "[1,]", "{\"a\":1,}", "[\"\\x\"]", "1e400", "[-1e400]", "[01]", "-01",
        "{\"a\" 1}", "[tx]", "[nul]", "[fals", "{\"a\":}", "{,}", "[,]", "[1,,]", "0.e1", "1e", "1e+", "[1e]",
        "[.5]", "[1.5.]", "[\"\\u12G4\"]", "[\"\\uDC00\"]", "[\"\\uD800\\u0041\"]", "[\"\\uD800x\"]",
        "[\"\\uD800\\", "[\"\\", "[\"\\u12", "\"abc", "[\"a\u{01}\"]", "{1:2}", "tru",
        String(repeating: "[", count: 513), String(repeating: "[", count: 512) + String(repeating: "]", count: 512),
    ])
    func handPicked(_ text: String) {
        let bytes = Array(text.utf8)
        #expect(Self.disagreement(bytes) == nil)
        for encoded in Self.encodings(bytes) { #expect(Self.disagreement(encoded) == nil) }
    }

    @Test("Invalid UTF-8, byte order marks alone, short documents, lone surrogates", arguments: [
        [0x5B, 0x22, 0x61, 0xFF, 0x22, 0x5D], [0x5B, 0x22, 0xC3, 0x22, 0x5D], [0x5B, 0xFF, 0x5D],
        [0x22, 0x61, 0x62, 0xE2, 0x82, 0x22], [0x5B, 0x22, 0x5C, 0x75, 0x30, 0x30, 0x30, 0x30, 0xFF, 0x22, 0x5D],
        [0xEF, 0xBB, 0xBF], [0xFF, 0xFE], [0xFE, 0xFF], [0xEF, 0xBB, 0xBF, 0x20], [0xFF, 0xFE, 0, 0],
        [0x00, 0x30, 0x09], [0x30, 0x00], [0x5B, 0x00, 0x31], [0x00, 0xD8, 0x00, 0x00],
        [0x5B, 0x00, 0x22, 0x00, 0x00, 0xD8, 0x22, 0x00, 0x5D, 0x00], [0x31, 0, 0, 0, 0x00, 0xD8, 0, 0],
        [0x22, 0x00, 0x5C, 0x00, 0x30, 0x00, 0x31, 0x00, 0x00, 0xD8], [0x31, 0, 0, 0, 0x32],
    ] as [[UInt8]])
    func bytes(_ bytes: [UInt8]) {
        #expect(Self.disagreement(bytes) == nil)
    }

    @Test("Mutated documents in every encoding, and short random ones")
    func mutations() {
        var random = Generator(state: 0x9E37_79B9_7F4A_7C15)
        var disagreements: [String] = []
        func check(_ bytes: [UInt8]) {
            if disagreements.count < 5, let problem = Self.disagreement(bytes) { disagreements.append(problem) }
        }
        for _ in 0..<20_000 {
            var bytes = Array(Self.seeds[random(Self.seeds.count)].utf8)
            for _ in 0..<(1 + random(4)) {
                switch random(4) {
                case 0 where !bytes.isEmpty: bytes[random(bytes.count)] = Self.alphabet[random(Self.alphabet.count)]
                case 1: bytes.insert(Self.alphabet[random(Self.alphabet.count)], at: random(bytes.count + 1))
                case 2 where !bytes.isEmpty: bytes.remove(at: random(bytes.count))
                case 3 where !bytes.isEmpty: bytes = Array(bytes[..<random(bytes.count)])
                default: break
                }
            }
            check(bytes)
            if random(10) == 0 { Self.encodings(bytes).forEach(check) }
        }
        for count in 1...4 {
            for _ in 0..<2_000 { check((0..<count).map { _ in Self.alphabet[random(Self.alphabet.count)] }) }
        }
        // UTF-16 and UTF-32 code units, surrogates and non-scalars among them.
        let units: [UInt32] = "[]{}\",:\\u0123 aé".unicodeScalars.map(\.value) + [0xD800, 0xDC00, 0xD83D, 0xDE00, 0xFFFF, 0x11_0000, 0]
        for _ in 0..<4_000 {
            let values = (0..<(1 + random(8))).map { _ in units[random(units.count)] }
            let bigEndian = random(2) == 0
            var bytes: [UInt8] = []
            if random(2) == 0 {
                for value in values {
                    let pair = [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
                    bytes += bigEndian ? pair : pair.reversed()
                }
            } else {
                for value in values {
                    let quad = [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
                    bytes += bigEndian ? quad : quad.reversed()
                }
            }
            check(bytes)
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }

    @Test("Numbers print as JSONSerialization's NSNumber does; nil where it makes none")
    func numbers() {
        var texts = [
            "7.5", "1e30", "1e400", "-1e400", "-0.5", "7e0", "1.0", "18446744073709551616", "9223372036854775808",
            "-9223372036854775809", "0.1", "1e-400", "123456789012345678901234567890", "1.5e300", "2.5E-3", "-0.0",
            "1e16", "12345678901234567.5", "100000000000000000000.0", "1E400", "1E+2", "123456789012345678E130",
            "123456789012345678e-200", "-123456789012345678.5e3", "99999999999999999999e127", "9007199254740993.5",
            "1.00000000000000000001", "-9223372036854775808.0", "9223372036854775807.0", "0e0", "-0e-0",
        ]
        var random = Generator(state: 12345)
        for _ in 0..<2_000 {
            var text = random(2) == 0 ? "-" : ""
            text += String(1 + random(9))
            for _ in 0..<random(25) { text += String(random(10)) }
            if random(2) == 0 {
                text += "."
                for _ in 0..<(1 + random(8)) { text += String(random(10)) }
            }
            if random(2) == 0 { text += ["e", "E"][random(2)] + ["", "+", "-"][random(3)] + String(random(420)) }
            texts.append(text)
        }
        var disagreements: [String] = []
        for text in texts {
            let number = (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) as? NSNumber
            let expected = number.map { "\($0)" }, actual = JSONSyntax.numberDescription(text)
            if expected != actual { disagreements.append("\(text): \(expected ?? "none"), \(actual ?? "none")") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5).joined(separator: "\n"))")
    }
}
