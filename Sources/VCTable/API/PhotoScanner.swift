import FoundationEssentials
import Glibc

/// A single pass over the UTF-8 bytes of a photos document (a JSON array of
/// `{albumId, id, title, url, thumbnailUrl}` objects) that validates the whole document
/// and builds the cells as it goes: `PhotoDecoder`'s engine.
///
/// What it accepts and how it reads it:
/// - JSON as RFC 8259 defines it, checked everywhere, also in the values it skips (unknown
///   fields, the later values of a duplicate key, the rest of the array after a failing
///   item): strings (escapes, `\uXXXX` with surrogate pairs, no raw control characters,
///   valid UTF-8), numbers, literals, white space (space, tab, LF, CR only), no trailing
///   commas, nothing after the document. Nesting deeper than 512 arrays and objects is
///   rejected, as `JSONDecoder` rejects it; skipping is iterative, so depth costs no stack.
/// - A key is compared after its escapes are decoded (`"t\u0069tle"` is `title`); when a
///   key occurs twice in an object, the first value counts, as in `JSONDecoder`.
/// - `albumId` and `id` must be numbers whose value is a whole number in `Int`'s range:
///   `7`, `7.0`, `7e0` and `700e-2` are 7; `7.5`, `1e30` and `9223372036854775808` are not
///   integers. The value is computed exactly from the digits, never through `Double`.
///
/// Syntax errors stop the scan at once. A field error (wrong type, missing, null, not an
/// integer) is kept and the scan goes on, only validating, so that a syntax error later in
/// the document still wins: like `JSONDecoder`, a document that is not JSON is reported as
/// such before anything about its items. Among field errors, the first item's wins, and
/// within an item the first field in the order `albumId`, `id`, `title`, `url`,
/// `thumbnailUrl` (the order `JSONDecoder` reads them in).
struct PhotoScanner {
    /// Why a document does not decode. `PhotoDecoder` words each case.
    enum Failure: Error, Equatable {
        /// The bytes are not JSON: what is wrong, at which byte offset.
        case syntax(Syntax, offset: Int)
        /// The document is JSON, but not an array.
        case notAnArray(found: JSONKind)
        /// Element `item` of the array is not an object.
        case notAnObject(item: Int, found: JSONKind)
        /// Element `item` has no `field`.
        case missing(item: Int, field: Field)
        /// Element `item`'s `field` is null.
        case null(item: Int, field: Field)
        /// Element `item`'s `field` has the wrong JSON type.
        case wrongType(item: Int, field: Field, found: JSONKind)
        /// Element `item`'s integer `field` is a number that is not a whole `Int`: `number`
        /// is its text as written.
        case notAnInteger(item: Int, field: Field, number: String)
    }

    /// A JSON syntax problem.
    enum Syntax: Equatable, CustomStringConvertible {
        case unexpectedEnd, invalidValue, invalidNumber, invalidEscape, loneSurrogate
        case controlCharacter, invalidUTF8, trailingComma, tooDeep, garbageAtEnd

        var description: String {
            switch self {
            case .unexpectedEnd: "Unexpected end of file"
            case .invalidValue: "Invalid value"
            case .invalidNumber: "Invalid number"
            case .invalidEscape: "Invalid escape sequence"
            case .loneSurrogate: "Unpaired UTF-16 surrogate in a \\u escape"
            case .controlCharacter: "Unescaped control character"
            case .invalidUTF8: "Invalid UTF-8 sequence"
            case .trailingComma: "Trailing comma"
            case .tooDeep: "Too many nested arrays or objects"
            case .garbageAtEnd: "Garbage at the end of the document"
            }
        }
    }

    /// The type of a JSON value.
    enum JSONKind: Equatable, Sendable {
        case string, number, bool, null, array, object
    }

    /// The photo fields, in the order they are checked.
    enum Field: Int, CaseIterable, Sendable {
        case albumId, id, title, url, thumbnailUrl

        /// The JSON key.
        var name: String {
            switch self {
            case .albumId: "albumId"
            case .id: "id"
            case .title: "title"
            case .url: "url"
            case .thumbnailUrl: "thumbnailUrl"
            }
        }

        /// Whether the field holds an integer (else a string).
        var isInteger: Bool { self == .albumId || self == .id }
    }

    /// How deeply arrays and objects may nest (the root array is 1), as in `JSONDecoder`.
    static let maximumDepth = 512

    /// The cells of the document in `bytes` (UTF-8, no byte order mark), or why it has none.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<[VCTableCellData], Failure> {
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            return .failure(.syntax(.unexpectedEnd, offset: 0))
        }
        var scanner = PhotoScanner(base: base, count: bytes.count)
        do {
            return .success(try scanner.document())
        } catch {
            return .failure(error)
        }
    }

    private let base: UnsafePointer<UInt8>
    private let count: Int
    /// The next byte to read.
    private var index = 0
    /// Decoded bytes of a string or key with escapes.
    private var scratch: [UInt8] = []
    /// Open containers while skipping a value (true: an object).
    private var open: [Bool] = []

    private init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
    }

    // MARK: - The document

    private mutating func document() throws(Failure) -> [VCTableCellData] {
        skipWhitespace()
        guard index < count else { throw syntaxError() }
        guard base[index] == UInt8(ascii: "[") else {
            let kind = try skipValue(depth: 0)
            try expectEnd()
            throw .notAnArray(found: kind)
        }
        index += 1
        var cells: [VCTableCellData] = []
        var failure: Failure?
        skipWhitespace()
        if index < count, base[index] == UInt8(ascii: "]") {
            index += 1
        } else {
            var item = 0
            while true {
                skipWhitespace()
                if failure != nil {
                    _ = try skipValue(depth: 1)
                } else if index < count, base[index] == UInt8(ascii: "{") {
                    switch try photo(item) {
                    case .success(let cell): cells.append(cell)
                    case .failure(let problem): failure = problem
                    }
                } else {
                    let kind = try skipValue(depth: 1)
                    failure = .notAnObject(item: item, found: kind)
                }
                if try endOfElement(closing: UInt8(ascii: "]")) { break }
                item += 1
            }
        }
        try expectEnd()
        if let failure { throw failure }
        return cells
    }

    /// After an element or a member: true at the closing bracket, false after a comma
    /// (with the next element's first byte checked not to be the closing bracket).
    @inline(__always)
    private mutating func endOfElement(closing: UInt8) throws(Failure) -> Bool {
        skipWhitespace()
        guard index < count else { throw syntaxError() }
        let byte = base[index]
        index += 1
        if byte == closing { return true }
        guard byte == UInt8(ascii: ",") else { index -= 1; throw syntaxError() }
        skipWhitespace()
        if index < count, base[index] == closing { throw .syntax(.trailingComma, offset: index) }
        return false
    }

    private mutating func expectEnd() throws(Failure) {
        skipWhitespace()
        if index < count { throw .syntax(.garbageAtEnd, offset: index) }
    }

    // MARK: - One photo

    /// The fields of one photo as read so far.
    private struct Photo {
        var albumId = 0
        var id = 0
        var title = ""
        var url = ""
        var thumbnailUrl = ""
        /// Bit `field.rawValue`: the field was met (its first occurrence counts).
        var seen: UInt8 = 0
        /// Bit `field.rawValue`: the field's value is unusable (see `problem`).
        var bad: UInt8 = 0
        /// The problem with each bad field, by `Field.rawValue`.
        var problems: (Problem, Problem, Problem, Problem, Problem) = (.null, .null, .null, .null, .null)

        enum Problem {
            case null
            case wrongType(JSONKind)
            case notAnInteger(String)
        }

        mutating func setProblem(_ problem: Problem, _ field: Field) {
            bad |= 1 << field.rawValue
            switch field {
            case .albumId: problems.0 = problem
            case .id: problems.1 = problem
            case .title: problems.2 = problem
            case .url: problems.3 = problem
            case .thumbnailUrl: problems.4 = problem
            }
        }

        func problem(_ field: Field) -> Problem {
            switch field {
            case .albumId: problems.0
            case .id: problems.1
            case .title: problems.2
            case .url: problems.3
            case .thumbnailUrl: problems.4
            }
        }
    }

    /// Reads the object at `index` (its `{`), element `item` of the array: the cell, or the
    /// first problem with its fields. Throws only for syntax errors.
    private mutating func photo(_ item: Int) throws(Failure) -> Result<VCTableCellData, Failure> {
        index += 1
        var photo = Photo()
        skipWhitespace()
        if index < count, base[index] == UInt8(ascii: "}") {
            index += 1
        } else {
            repeat {
                skipWhitespace()
                guard index < count, base[index] == UInt8(ascii: "\"") else { throw syntaxError() }
                let field = try key()
                skipWhitespace()
                guard index < count, base[index] == UInt8(ascii: ":") else { throw syntaxError() }
                index += 1
                skipWhitespace()
                if let field, photo.seen & (1 << field.rawValue) == 0 {
                    photo.seen |= 1 << field.rawValue
                    try value(of: field, into: &photo)
                } else {
                    _ = try skipValue(depth: 2)
                }
            } while try !endOfElement(closing: UInt8(ascii: "}"))
        }
        if photo.seen == 0b11111 && photo.bad == 0 {
            return .success(VCTableCellData(
                albumId: photo.albumId, id: photo.id, title: photo.title, url: photo.url, thumbnailUrl: photo.thumbnailUrl))
        }
        for field in Field.allCases {
            if photo.seen & (1 << field.rawValue) == 0 { return .failure(.missing(item: item, field: field)) }
            if photo.bad & (1 << field.rawValue) != 0 {
                switch photo.problem(field) {
                case .null: return .failure(.null(item: item, field: field))
                case .wrongType(let kind): return .failure(.wrongType(item: item, field: field, found: kind))
                case .notAnInteger(let text): return .failure(.notAnInteger(item: item, field: field, number: text))
                }
            }
        }
        preconditionFailure("a photo with every field present and none bad was not built")
    }

    /// Reads the value of `field` (its first occurrence) into `photo`.
    @inline(__always)
    private mutating func value(of field: Field, into photo: inout Photo) throws(Failure) {
        guard index < count else { throw syntaxError() }
        let byte = base[index]
        if field.isInteger {
            if byte == UInt8(ascii: "-") || (byte &- UInt8(ascii: "0")) < 10 {
                switch try integer() {
                case .success(let value):
                    if field == .albumId { photo.albumId = value } else { photo.id = value }
                case .failure(let text):
                    photo.setProblem(.notAnInteger(text.text), field)
                }
                return
            }
        } else if byte == UInt8(ascii: "\"") {
            let text = try string()
            switch field {
            case .title: photo.title = text
            case .url: photo.url = text
            default: photo.thumbnailUrl = text
            }
            return
        }
        let kind = try skipValue(depth: 2)
        photo.setProblem(kind == .null ? .null : .wrongType(kind), field)
    }

    // MARK: - Keys and strings

    /// Reads the key at `index` (its opening quote): the photo field it names, or nil.
    @inline(__always)
    private mutating func key() throws(Failure) -> Field? {
        index += 1
        let start = index
        while index < count {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return Self.field(named: base + start, count: index - 1 - start)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            index += 1
        }
        // Escapes, non-ASCII or an error: decode the whole key.
        index = start
        try decodeString()
        return scratch.withUnsafeBufferPointer { key in key.baseAddress.flatMap { Self.field(named: $0, count: key.count) } }
    }

    /// The field whose name is the `count` bytes at `name`.
    @inline(__always)
    private static func field(named name: UnsafePointer<UInt8>, count: Int) -> Field? {
        switch count {
        case 2: return same(name, "id", 2) ? .id : nil
        case 3: return same(name, "url", 3) ? .url : nil
        case 5: return same(name, "title", 5) ? .title : nil
        case 7: return same(name, "albumId", 7) ? .albumId : nil
        case 12: return same(name, "thumbnailUrl", 12) ? .thumbnailUrl : nil
        default: return nil
        }
    }

    @inline(__always)
    private static func same(_ bytes: UnsafePointer<UInt8>, _ name: StaticString, _ count: Int) -> Bool {
        memcmp(bytes, name.utf8Start, count) == 0
    }

    /// Reads the string at `index` (its opening quote).
    @inline(__always)
    private mutating func string() throws(Failure) -> String {
        index += 1
        let start = index
        while index < count {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") {
                index = start
                try decodeString()
                return String(decoding: scratch, as: UTF8.self)
            }
            if byte < 0x20 { throw .syntax(.controlCharacter, offset: index) }
            if byte >= 0x80 { try skipUTF8Sequence() } else { index += 1 }
        }
        throw syntaxError()
    }

    /// Decodes the string that starts at `index` (after its opening quote) into `scratch`,
    /// and moves past its closing quote.
    private mutating func decodeString() throws(Failure) {
        scratch.removeAll(keepingCapacity: true)
        while index < count {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return
            }
            if byte == UInt8(ascii: "\\") {
                let scalar = try escape()
                appendUTF8(scalar)
            } else if byte < 0x20 {
                throw .syntax(.controlCharacter, offset: index)
            } else if byte >= 0x80 {
                let start = index
                try skipUTF8Sequence()
                scratch.append(contentsOf: UnsafeBufferPointer(start: base + start, count: index - start))
            } else {
                scratch.append(byte)
                index += 1
            }
        }
        throw syntaxError()
    }

    /// Checks the string at `index` (its opening quote) and moves past it.
    private mutating func skipString() throws(Failure) {
        index += 1
        while index < count {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return
            }
            if byte == UInt8(ascii: "\\") {
                _ = try escape()
            } else if byte < 0x20 {
                throw .syntax(.controlCharacter, offset: index)
            } else if byte >= 0x80 {
                try skipUTF8Sequence()
            } else {
                index += 1
            }
        }
        throw syntaxError()
    }

    /// Reads the escape at `index` (its backslash): the Unicode scalar it stands for, a
    /// surrogate pair (two `\u` escapes) read as one.
    private mutating func escape() throws(Failure) -> UInt32 {
        let start = index
        guard index + 1 < count else { throw .syntax(.unexpectedEnd, offset: count) }
        let byte = base[index + 1]
        index += 2
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return UInt32(byte)
        case UInt8(ascii: "b"): return 0x08
        case UInt8(ascii: "f"): return 0x0C
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "t"): return 0x09
        case UInt8(ascii: "u"):
            let unit = try hex4()
            switch unit {
            case 0xD800 ... 0xDBFF:
                guard index + 1 < count, base[index] == UInt8(ascii: "\\"), base[index + 1] == UInt8(ascii: "u") else {
                    throw .syntax(.loneSurrogate, offset: start)
                }
                index += 2
                let low = try hex4()
                guard (0xDC00 ... 0xDFFF).contains(low) else { throw .syntax(.loneSurrogate, offset: start) }
                return 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            case 0xDC00 ... 0xDFFF:
                throw .syntax(.loneSurrogate, offset: start)
            default:
                return unit
            }
        default:
            throw .syntax(.invalidEscape, offset: start)
        }
    }

    /// Reads four hexadecimal digits.
    private mutating func hex4() throws(Failure) -> UInt32 {
        guard index + 4 <= count else { throw .syntax(.unexpectedEnd, offset: count) }
        var value: UInt32 = 0
        for offset in 0 ..< 4 {
            let byte = base[index + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0") ... UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a") ... UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A") ... UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw .syntax(.invalidEscape, offset: index + offset)
            }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0 ..< 0x80:
            scratch.append(UInt8(scalar))
        case 0x80 ..< 0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800 ..< 0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// Checks the multi-byte UTF-8 sequence at `index` (RFC 3629: no overlong forms, no
    /// surrogates, nothing above U+10FFFF) and moves past it.
    @inline(__always)
    private mutating func skipUTF8Sequence() throws(Failure) {
        let lead = base[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2 ... 0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1 ... 0xEC, 0xEE ... 0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1 ... 0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw .syntax(.invalidUTF8, offset: index)
        }
        guard index + length <= count else { throw .syntax(.invalidUTF8, offset: index) }
        let second = base[index + 1]
        guard second >= low && second <= high else { throw .syntax(.invalidUTF8, offset: index) }
        var offset = 2
        while offset < length {
            guard base[index + offset] & 0xC0 == 0x80 else { throw .syntax(.invalidUTF8, offset: index) }
            offset += 1
        }
        index += length
    }

    // MARK: - Numbers

    /// The text of a number that is not a whole `Int`.
    private struct NotAnInteger: Error {
        var text: String
    }

    /// Reads the number at `index`: its value when it is a whole number in `Int`'s range.
    @inline(__always)
    private mutating func integer() throws(Failure) -> Result<Int, NotAnInteger> {
        let start = index
        var negative = false
        if base[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        // The common case: plain digits that fit.
        var magnitude: UInt64 = 0
        var overflow = false
        guard index < count, (base[index] &- UInt8(ascii: "0")) < 10 else {
            throw .syntax(index < count ? .invalidNumber : .unexpectedEnd, offset: index)
        }
        if base[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < count {
                let digit = base[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(UInt64(digit))
                magnitude = sum
                overflow = overflow || o1 || o2
                index += 1
            }
        }
        if index < count, base[index] == UInt8(ascii: ".") || base[index] | 0x20 == UInt8(ascii: "e") {
            try skipFractionAndExponent()
        } else if !overflow {
            if negative {
                if magnitude <= UInt64(Int.max) + 1 { return .success(Int(truncatingIfNeeded: 0 &- magnitude)) }
            } else if magnitude <= UInt64(Int.max) {
                return .success(Int(magnitude))
            }
        }
        if let value = Self.exactInteger(base + start, count: index - start) { return .success(value) }
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self)
        return .failure(NotAnInteger(text: text))
    }

    /// Checks the number at `index` and moves past it.
    private mutating func skipNumber() throws(Failure) {
        if base[index] == UInt8(ascii: "-") { index += 1 }
        guard index < count, (base[index] &- UInt8(ascii: "0")) < 10 else {
            throw .syntax(index < count ? .invalidNumber : .unexpectedEnd, offset: index)
        }
        if base[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < count, (base[index] &- UInt8(ascii: "0")) < 10 { index += 1 }
        }
        if index < count, base[index] == UInt8(ascii: ".") || base[index] | 0x20 == UInt8(ascii: "e") {
            try skipFractionAndExponent()
        }
    }

    /// Checks an optional fraction and exponent (`.5`, `e-3`) at `index` and moves past them.
    private mutating func skipFractionAndExponent() throws(Failure) {
        if index < count, base[index] == UInt8(ascii: ".") {
            index += 1
            try skipDigits()
        }
        if index < count, base[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < count, base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") { index += 1 }
            try skipDigits()
        }
    }

    /// Moves past one or more digits.
    private mutating func skipDigits() throws(Failure) {
        guard index < count, (base[index] &- UInt8(ascii: "0")) < 10 else {
            throw .syntax(index < count ? .invalidNumber : .unexpectedEnd, offset: index)
        }
        repeat { index += 1 } while index < count && (base[index] &- UInt8(ascii: "0")) < 10
    }

    /// The value of the valid JSON number in the `count` bytes at `text` when it is exactly a
    /// whole number in `Int`'s range (`1.0`, `1e2`, `-0`, `250e-2`... but not `1.5`, `1e-400`
    /// or `9.3e18`), computed from its digits without rounding.
    static func exactInteger(_ text: UnsafePointer<UInt8>, count: Int) -> Int? {
        var position = 0
        let negative = text[0] == UInt8(ascii: "-")
        if negative { position = 1 }
        let integerStart = position
        while position < count, (text[position] &- UInt8(ascii: "0")) < 10 { position += 1 }
        let integerDigits = position - integerStart
        var fractionStart = position
        var fractionDigits = 0
        if position < count, text[position] == UInt8(ascii: ".") {
            position += 1
            fractionStart = position
            while position < count, (text[position] &- UInt8(ascii: "0")) < 10 { position += 1 }
            fractionDigits = position - fractionStart
        }
        var exponent = 0
        if position < count, text[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            var exponentNegative = false
            if text[position] == UInt8(ascii: "+") || text[position] == UInt8(ascii: "-") {
                exponentNegative = text[position] == UInt8(ascii: "-")
                position += 1
            }
            while position < count {
                // Saturates: any exponent past a billion decides the same way.
                if exponent < 1_000_000_000 { exponent = exponent * 10 + Int(text[position] &- UInt8(ascii: "0")) }
                position += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        // The significant digits: the integer digits then the fraction digits.
        let digitCount = integerDigits + fractionDigits
        func digit(_ k: Int) -> UInt8 {
            (k < integerDigits ? text[integerStart + k] : text[fractionStart + k - integerDigits]) &- UInt8(ascii: "0")
        }
        var first = 0
        while first < digitCount, digit(first) == 0 { first += 1 }
        if first == digitCount { return 0 }
        var last = digitCount - 1
        while digit(last) == 0 { last -= 1 }
        // value = digits[first...last] × 10^scale
        let scale = exponent - fractionDigits + (digitCount - 1 - last)
        guard scale >= 0, last - first + 1 + scale <= 19 else { return nil }
        var magnitude: UInt64 = 0
        for k in first ... last {
            magnitude = magnitude * 10 + UInt64(digit(k))  // at most 19 digits: no overflow
        }
        for _ in 0 ..< scale {
            let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            magnitude = times10
        }
        if negative {
            return magnitude <= UInt64(Int.max) + 1 ? Int(truncatingIfNeeded: 0 &- magnitude) : nil
        }
        return magnitude <= UInt64(Int.max) ? Int(magnitude) : nil
    }

    // MARK: - Skipping

    /// Checks the value at `index` and moves past it; `depth` is the number of arrays and
    /// objects it is inside. Returns its type.
    private mutating func skipValue(depth: Int) throws(Failure) -> JSONKind {
        guard index < count else { throw syntaxError() }
        switch base[index] {
        case UInt8(ascii: "\""):
            try skipString()
            return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"):
            try skipNumber()
            return .number
        case UInt8(ascii: "t"):
            try literal("true", 4)
            return .bool
        case UInt8(ascii: "f"):
            try literal("false", 5)
            return .bool
        case UInt8(ascii: "n"):
            try literal("null", 4)
            return .null
        case UInt8(ascii: "["):
            try skipContainer(depth: depth)
            return .array
        case UInt8(ascii: "{"):
            try skipContainer(depth: depth)
            return .object
        default:
            throw syntaxError()
        }
    }

    private mutating func literal(_ word: StaticString, _ length: Int) throws(Failure) {
        guard index + length <= count, memcmp(base + index, word.utf8Start, length) == 0 else { throw syntaxError() }
        index += length
    }

    /// Checks the array or object at `index` (nested in `depth` others) and moves past it,
    /// without recursion.
    private mutating func skipContainer(depth: Int) throws(Failure) {
        open.removeAll(keepingCapacity: true)
        // At an opening bracket or brace.
        while true {
            var byte = base[index]
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                if depth + open.count + 1 > Self.maximumDepth { throw .syntax(.tooDeep, offset: index) }
                let isObject = byte == UInt8(ascii: "{")
                open.append(isObject)
                index += 1
                skipWhitespace()
                guard index < count else { throw syntaxError() }
                if base[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    index += 1
                    open.removeLast()
                } else {
                    if isObject { try member() }
                    if base[index] == UInt8(ascii: "[") || base[index] == UInt8(ascii: "{") { continue }
                    _ = try skipValue(depth: 0)  // a scalar: no depth needed
                }
            } else {
                preconditionFailure("skipContainer called off a bracket")
            }
            // After a value: close containers or move to the next element.
            while let isObject = open.last {
                if try endOfElement(closing: isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    open.removeLast()
                    continue
                }
                if isObject { try member() }
                guard index < count else { throw syntaxError() }
                byte = base[index]
                if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") { break }
                _ = try skipValue(depth: 0)
            }
            if open.isEmpty { return }
        }
    }

    /// Checks a member's key and colon, leaving `index` at the start of its value.
    private mutating func member() throws(Failure) {
        guard index < count, base[index] == UInt8(ascii: "\"") else { throw syntaxError() }
        try skipString()
        skipWhitespace()
        guard index < count, base[index] == UInt8(ascii: ":") else { throw syntaxError() }
        index += 1
        skipWhitespace()
        guard index < count else { throw syntaxError() }
    }

    // MARK: - Helpers

    @inline(__always)
    private mutating func skipWhitespace() {
        while index < count {
            let byte = base[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            index += 1
        }
    }

    /// The error for an unexpected byte at `index`, or for the end of the document.
    private func syntaxError() -> Failure {
        .syntax(index < count ? .invalidValue : .unexpectedEnd, offset: index)
    }
}
