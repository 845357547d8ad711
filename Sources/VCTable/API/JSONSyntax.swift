import FoundationEssentials

/// Where a document's JSON syntax breaks ("Unexpected end of file during JSON parse.",
/// "Invalid value around character 10."): `JSONDecoder` does not say; Foundation's
/// `JSONSerialization` does, and every decoder's `.invalidJSON` message uses its words.
/// `JSONSerialization` is in Foundation, which the library does not link (it brings ICU:
/// ARCHITECTURE.md, "Imports"), so this is a reader that accepts and rejects what it does
/// and words each problem as it does, at the same place (JSONSyntaxTests compare the two).
/// It runs on the error path only.
enum JSONSyntax {
    static func problem(in data: Data) -> String {
        problemIfAny(in: data) ?? "the data is malformed."
    }

    /// `JSONSerialization`'s description of what is wrong with `data` (read with
    /// `.fragmentsAllowed`), or nil when `JSONSerialization` reads it (it accepts a few
    /// things a stricter reader rejects, such as trailing commas).
    static func problemIfAny(in data: Data) -> String? {
        guard let bytes = utf8(of: data) else { return "Cannot convert input string to valid utf8 input." }
        var reader = Reader(bytes: bytes)
        do {
            try reader.document()
        } catch {
            return error.message
        }
        return nil
    }

    /// `number`, a JSON number's text, as the `NSNumber` `JSONSerialization` makes of it
    /// prints (`1e+30`, `7.0`), or nil when it makes none (`1e400`: "not representable").
    static func numberDescription(_ number: String) -> String? {
        let utf8 = Array(number.utf8)
        guard let first = utf8.first else { return nil }
        let fraction = utf8.firstIndex(of: UInt8(ascii: "."))
        // Only a lowercase "e" counts as the exponent here, as in Foundation.
        let exponentIndex = utf8.firstIndex(of: UInt8(ascii: "e"))
        let digitCount = exponentIndex ?? utf8.count
        if fraction == nil && exponentIndex == nil {
            if first == UInt8(ascii: "-") {
                if digitCount <= 19, let value = Int64(number) { return "\(value)" }
            } else {
                if digitCount <= 20, let value = UInt64(number) { return "\(value)" }
            }
        }
        var exponent = 0
        if let exponentIndex, let parsed = Int(String(decoding: utf8[(exponentIndex + 1)...], as: UTF8.self)) {
            exponent = parsed
        }
        if digitCount > 17, exponent >= -128, exponent <= 127, let decimal = Decimal(string: number), decimal.isFinite {
            return "\(decimal)"
        }
        if let double = Double(number), double.isFinite {
            return "\(double)"
        }
        return nil
    }

    // MARK: - The document's bytes

    /// The document as UTF-8, as `JSONSerialization` reads it: a UTF-8 byte order mark is
    /// skipped; UTF-16 and UTF-32 (told by a byte order mark or by where the zero bytes are
    /// in the first four) are transcoded, an incomplete last code unit dropped; nil when
    /// they hold a lone surrogate or a code unit that is no Unicode scalar.
    static func utf8(of data: Data) -> [UInt8]? {
        let bytes = [UInt8](data)
        let (encoding, skip) = encoding(of: bytes)
        let body = bytes[skip...]
        var output: [UInt8] = []
        func append(_ value: UInt32) {
            switch value {
            case 0..<0x80:
                output.append(UInt8(value))
            case 0x80..<0x800:
                output += [UInt8(0xC0 | value >> 6), UInt8(0x80 | value & 0x3F)]
            case 0x800..<0x10000:
                output += [UInt8(0xE0 | value >> 12), UInt8(0x80 | value >> 6 & 0x3F), UInt8(0x80 | value & 0x3F)]
            default:
                output += [UInt8(0xF0 | value >> 18), UInt8(0x80 | value >> 12 & 0x3F),
                           UInt8(0x80 | value >> 6 & 0x3F), UInt8(0x80 | value & 0x3F)]
            }
        }
        switch encoding {
        case .utf8:
            return Array(body)
        case .utf16(let bigEndian):
            var units: [UInt32] = []
            units.reserveCapacity(body.count / 2)
            var index = body.startIndex
            while index + 1 < body.endIndex {
                let (a, b) = (UInt32(body[index]), UInt32(body[index + 1]))
                units.append(bigEndian ? a << 8 | b : b << 8 | a)
                index += 2
            }
            output.reserveCapacity(units.count)
            var i = 0
            while i < units.count {
                let unit = units[i]
                if unit & 0xFC00 == 0xD800, i + 1 < units.count, units[i + 1] & 0xFC00 == 0xDC00 {
                    append(0x10000 + (unit - 0xD800) << 10 + (units[i + 1] - 0xDC00))
                    i += 2
                } else {
                    guard unit & 0xF800 != 0xD800 else { return nil }
                    append(unit)
                    i += 1
                }
            }
            return output
        case .utf32(let bigEndian):
            var index = body.startIndex
            output.reserveCapacity(body.count / 4)
            while index + 3 < body.endIndex {
                let units = (UInt32(body[index]), UInt32(body[index + 1]), UInt32(body[index + 2]), UInt32(body[index + 3]))
                let value = bigEndian
                    ? units.0 << 24 | units.1 << 16 | units.2 << 8 | units.3
                    : units.3 << 24 | units.2 << 16 | units.1 << 8 | units.0
                guard Unicode.Scalar(value) != nil else { return nil }
                append(value)
                index += 4
            }
            return output
        }
    }

    enum Encoding: Equatable {
        case utf8
        case utf16(bigEndian: Bool)
        case utf32(bigEndian: Bool)
    }

    /// The encoding and the length of its byte order mark, as `JSONSerialization` tells them.
    static func encoding(of bytes: [UInt8]) -> (Encoding, skip: Int) {
        let count = bytes.count
        // (A byte order mark counts in a document of four bytes or more only.)
        if count >= 4 {
            switch (bytes[0], bytes[1]) {
            case (0xEF, 0xBB) where bytes[2] == 0xBF:
                return (.utf8, 3)
            case (0x00, 0x00) where bytes[2] == 0xFE && bytes[3] == 0xFF:
                return (.utf32(bigEndian: true), 4)
            case (0xFF, 0xFE):
                if bytes[2] == 0 && bytes[3] == 0 { return (.utf32(bigEndian: false), 4) }
                return (.utf16(bigEndian: false), 2)
            case (0xFE, 0xFF):
                return (.utf16(bigEndian: true), 2)
            default:
                break
            }
        }
        if count >= 4 {
            switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
            case (0, 0, 0, _): return (.utf32(bigEndian: true), 0)
            case (_, 0, 0, 0): return (.utf32(bigEndian: false), 0)
            case (0, _, 0, _): return (.utf16(bigEndian: true), 0)
            case (_, 0, _, 0): return (.utf16(bigEndian: false), 0)
            default: break
            }
        } else if count >= 2 {
            if bytes[0] == 0 { return (.utf16(bigEndian: true), 0) }
            if bytes[1] == 0 { return (.utf16(bigEndian: false), 0) }
        }
        return (.utf8, 0)
    }

    // MARK: - The reader

    /// What is wrong, in `JSONSerialization`'s words.
    struct Problem: Error {
        let message: String

        static let endOfFile = Problem(message: "Unexpected end of file during JSON parse.")
        static func invalidValue(at index: Int) -> Problem {
            Problem(message: "Invalid value around character \(index).")
        }
    }

    /// One pass over the document, in the order `JSONSerialization` reads it; then the
    /// numbers, which it converts after reading the whole document.
    struct Reader {
        let bytes: [UInt8]
        var index = 0
        var depth = 0
        /// The numbers, in document order: a later duplicate key's value replaces the
        /// earlier one, as in the dictionary `JSONSerialization` makes.
        var numbers: [String] = []

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        mutating func document() throws(Problem) {
            _ = try skipWhitespace()
            try value()
            var end = index
            while end < bytes.count {
                guard isWhitespace(bytes[end]) else { throw .invalidValue(at: end) }
                end += 1
            }
            for number in numbers where JSONSyntax.numberDescription(number) == nil {
                throw Problem(message: "Number \(number) is not representable in Swift.")
            }
        }

        private func isWhitespace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }

        private func peek(_ offset: Int = 0) -> UInt8? {
            index + offset < bytes.count ? bytes[index + offset] : nil
        }

        /// The next byte, or nil at the end (where it leaves `index`).
        private mutating func read() -> UInt8? {
            guard index < bytes.count else {
                index = bytes.count
                return nil
            }
            defer { index += 1 }
            return bytes[index]
        }

        /// Skips whitespace; the byte after it, which is not consumed.
        private mutating func skipWhitespace() throws(Problem) -> UInt8 {
            while index < bytes.count {
                let byte = bytes[index]
                if !isWhitespace(byte) { return byte }
                index += 1
            }
            throw .endOfFile
        }

        /// One value, whitespace before it skipped.
        private mutating func value() throws(Problem) {
            while let byte = peek() {
                switch byte {
                case UInt8(ascii: "\""): _ = try string(); return
                case UInt8(ascii: "{"): try object(); return
                case UInt8(ascii: "["): try array(); return
                case UInt8(ascii: "t"): try literal("true"); return
                case UInt8(ascii: "f"): try literal("false"); return
                case UInt8(ascii: "n"): try literal("null"); return
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): numbers.append(try number()); return
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: throw .invalidValue(at: index)
                }
            }
            throw .endOfFile
        }

        private mutating func literal(_ word: StaticString) throws(Problem) {
            let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            for byte in expected {
                guard read() == byte else {
                    guard index < bytes.count else { throw .endOfFile }
                    throw .invalidValue(at: index - 1)
                }
            }
        }

        private mutating func array() throws(Problem) {
            try container(closedBy: UInt8(ascii: "]")) { (reader: inout Reader) throws(Problem) in
                try reader.value()
            }
        }

        private mutating func object() throws(Problem) {
            // Each key's numbers, to drop an earlier duplicate's.
            var spans: [String: Range<Int>] = [:]
            try container(closedBy: UInt8(ascii: "}")) { (reader: inout Reader) throws(Problem) in
                let key = try reader.string()
                guard try reader.skipWhitespace() == UInt8(ascii: ":") else { throw .invalidValue(at: reader.index) }
                reader.index += 1
                _ = try reader.skipWhitespace()
                let start = reader.numbers.count
                try reader.value()
                if let earlier = spans[key] {
                    // The earlier value's numbers go; the later spans shift down.
                    reader.numbers.removeSubrange(earlier)
                    let removed = earlier.count
                    for (other, span) in spans where span.lowerBound >= earlier.upperBound {
                        spans[other] = (span.lowerBound - removed)..<(span.upperBound - removed)
                    }
                    spans[key] = (start - removed)..<(reader.numbers.count)
                } else {
                    spans[key] = start..<reader.numbers.count
                }
            }
        }

        /// What an array and an object share: from the opening bracket at `index` to
        /// `close`, their depth counted, `element` reads each element (a value; a key and
        /// its value) and the elements are separated by commas, a trailing one allowed.
        private mutating func container(
            closedBy close: UInt8, element: (inout Reader) throws(Problem) -> Void
        ) throws(Problem) {
            index += 1  // [ or {
            guard depth < 512 else { throw Problem(message: "Too many nested arrays or dictionaries around character \(index).") }
            depth += 1
            defer { depth -= 1 }
            if try skipWhitespace() == close {
                index += 1
                return
            }
            while true {
                try element(&self)
                switch try skipWhitespace() {
                case close:
                    index += 1
                    return
                case UInt8(ascii: ","):
                    index += 1
                    if try skipWhitespace() == close {
                        index += 1
                        return
                    }
                default:
                    throw .invalidValue(at: index)
                }
            }
        }

        /// `bytes[range]` as a string, or the problem invalid UTF-8 in it is.
        private func text(_ range: Range<Int>) throws(Problem) -> String {
            guard let text = String(validating: bytes[range], as: UTF8.self) else {
                throw Problem(message: "Invalid UTF-8 sequence \(range.count) bytes starting from character \(range.lowerBound).")
            }
            return text
        }

        /// A string (at its opening quote, else an invalid value); its text.
        private mutating func string() throws(Problem) -> String {
            guard read() == UInt8(ascii: "\"") else { throw .invalidValue(at: index - 1) }
            var start = index
            var length = 0
            var output = ""
            while let byte = peek(length) {
                switch byte {
                case UInt8(ascii: "\""):
                    index += length + 1
                    return output + (try text(start..<(start + length)))
                case 0...31:
                    let at = index + length
                    _ = try text(start..<(at + 1))
                    throw Problem(message: "Unescaped control character around character \(at).")
                case UInt8(ascii: "\\"):
                    index += length
                    output += try text(start..<(start + length))
                    let escapeStart = index
                    do {
                        output += try escape()
                    } catch {
                        if case .problem(let problem) = error { throw problem }
                        // The escape's bytes are made a string first: invalid UTF-8 in them wins.
                        _ = try text(escapeStart..<index)
                        throw error.problem
                    }
                    start = index
                    length = 0
                default:
                    length += 1
                }
            }
            throw .endOfFile
        }

        enum EscapeFailure: Error {
            /// A problem reported as it is.
            case problem(Problem)
            case unexpectedCharacter(index: Int)
            case expectedLowSurrogate
            case notAScalar

            var problem: Problem {
                switch self {
                case .problem(let problem):
                    problem
                case .unexpectedCharacter(let index):
                    Problem(message: "Invalid escape sequence around character \(index - 1).")
                case .expectedLowSurrogate:
                    Problem(message: "Unexpected end of file during string parse (expected low-surrogate code point but did not find one).")
                case .notAScalar:
                    Problem(message: "Unable to convert hex escape sequence (no high character) to UTF8-encoded character.")
                }
            }
        }

        /// An escape, at its backslash; the text it stands for.
        private mutating func escape() throws(EscapeFailure) -> String {
            index += 1  // backslash
            guard let byte = read() else { throw .problem(.endOfFile) }
            switch byte {
            case UInt8(ascii: "\""): return "\""
            case UInt8(ascii: "\\"): return "\\"
            case UInt8(ascii: "/"): return "/"
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"): return String(try unicodeEscape())
            default: throw .unexpectedCharacter(index: index - 1)
            }
        }

        private mutating func unicodeEscape() throws(EscapeFailure) -> Unicode.Scalar {
            let high = try hex4()
            if high & 0xFC00 == 0xD800 {
                guard let backslash = read(), let u = read() else { throw .problem(.endOfFile) }
                guard backslash == UInt8(ascii: "\\"), u == UInt8(ascii: "u") else { throw .expectedLowSurrogate }
                let low = try hex4()
                guard low & 0xFC00 == 0xDC00 else { throw .expectedLowSurrogate }
                let value = (UInt32(high) - 0xD800) * 0x400 + (UInt32(low) - 0xDC00) + 0x10000
                guard let scalar = Unicode.Scalar(value) else { throw .notAScalar }
                return scalar
            }
            guard let scalar = Unicode.Scalar(high) else { throw .notAScalar }
            return scalar
        }

        private mutating func hex4() throws(EscapeFailure) -> UInt16 {
            let start = index
            guard let a = read(), let b = read(), let c = read(), let d = read() else { throw .problem(.endOfFile) }
            var value: UInt16 = 0
            for byte in [a, b, c, d] {
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                default:
                    let text = String(decoding: [a, b, c, d], as: UTF8.self)
                    throw .problem(Problem(message: "Invalid hex encoded sequence in \"\(text)\" at \(start)."))
                }
                value = value << 4 | UInt16(digit)
            }
            return value
        }

        /// A number, at its first character; its text.
        private mutating func number() throws(Problem) -> String {
            enum Last { case operand, decimalPoint, exponent, exponentSign }
            var last = Last.operand
            var digitsSinceLast = 0
            var leadingZero = false
            switch bytes[index] {
            case UInt8(ascii: "0"):
                digitsSinceLast = 1
                leadingZero = true
            case UInt8(ascii: "-"):
                digitsSinceLast = 0
            default:
                digitsSinceLast = 1
            }
            var length = 1
            while let byte = peek(length) {
                switch byte {
                case UInt8(ascii: "0"):
                    if leadingZero { throw Problem(message: "Number with leading zero around character \(index + length).") }
                    if digitsSinceLast == 0, last == .operand { leadingZero = true }
                    length += 1
                    digitsSinceLast += 1
                case UInt8(ascii: "1")...UInt8(ascii: "9"):
                    if leadingZero { throw Problem(message: "Number with leading zero around character \(index + length).") }
                    length += 1
                    digitsSinceLast += 1
                case UInt8(ascii: "."):
                    guard digitsSinceLast > 0, last == .operand else { throw .invalidValue(at: index + length) }
                    length += 1
                    leadingZero = false
                    last = .decimalPoint
                    digitsSinceLast = 0
                case UInt8(ascii: "e"), UInt8(ascii: "E"):
                    guard digitsSinceLast > 0, last == .operand || last == .decimalPoint else { throw .invalidValue(at: index + length) }
                    length += 1
                    leadingZero = false
                    last = .exponent
                    digitsSinceLast = 0
                case UInt8(ascii: "+"), UInt8(ascii: "-"):
                    guard digitsSinceLast == 0, last == .exponent else { throw .invalidValue(at: index + length) }
                    length += 1
                    last = .exponentSign
                    digitsSinceLast = 0
                case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    guard digitsSinceLast > 0 else { throw .invalidValue(at: index + length) }
                    defer { index += length }
                    return String(decoding: bytes[index..<(index + length)], as: UTF8.self)
                default:
                    throw .invalidValue(at: index + length)
                }
            }
            guard digitsSinceLast > 0 else { throw .endOfFile }
            defer { index = bytes.count }
            return String(decoding: bytes[index...], as: UTF8.self)
        }
    }
}
