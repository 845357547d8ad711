// Compares `PhotoDecoder` (the single-pass `PhotoScanner`) with the `JSONDecoder`-based
// decoder it replaced (`JSONDecoderPhotoReference`) on one document, allowing only the
// differences listed in `Difference`. Used by PhotoDecoderDifferentialTests and by the
// decoder fuzz target (Fuzz/decoder/main.swift), which traps on any other disagreement.
#if canImport(VCTable)
@testable import VCTable
#endif
import Foundation

enum PhotoDecoderDifferential {
    /// The deliberate differences from the `JSONDecoder`-based decoder (see PhotoScanner).
    enum Difference: String, CaseIterable, Sendable {
        /// The new decoder validates everything, also what `JSONDecoder` skips or reads
        /// lazily (strings of unknown fields and shadowed duplicate keys, numbers it never
        /// converts), and reports a document that is not JSON as `.invalidJSON` even when
        /// an earlier item also has a field error. Allowed when `JSONSerialization`, which
        /// validates everything, rejects the document too.
        case strictValidation
        /// Trailing commas (`[1,]`, `{"a":1,}`) are `.invalidJSON`; `JSONDecoder` and
        /// `JSONSerialization` on this platform accept them.
        case trailingComma
        /// `albumId`/`id` are converted exactly: `JSONDecoder` goes through `Double` (and
        /// `Decimal` from 2^53 up), so it reads `1.00000000000000000001` and `1e-400` as
        /// whole numbers, truncates `9007199254740993.5`, and rejects `-9223372036854775808.0`
        /// and `9223372036854775807.0`; it even traps on some long numbers. Only numbers
        /// with a fraction or an exponent and at least 16 digits or an exponent of 16 or
        /// more can differ.
        case inexactNumber
        /// Where `JSONSerialization` reads a document that both decoders reject (its
        /// encoding detection differs from `JSONDecoder`'s for some short inputs, and it
        /// accepts trailing commas), the message says what the scanner found and where,
        /// instead of "the data is malformed.".
        case syntaxMessage
        /// For a number that is not an integer, the old message took the item from
        /// `JSONSerialization`, where the last of duplicate keys wins and an integer of 19
        /// digits or more may be read as a `Double` that fits (`-9223372036854775809`), so
        /// it could name a later item; and it reported numbers it could not place (`1e400`,
        /// below `Int.min`) as `.invalidJSON`.
        case numberMessage
    }

    /// What happened to one document.
    enum Verdict: Equatable, Sendable {
        /// Both decoders agree (same items, or same code and message).
        case same
        /// They differ in an allowed way.
        case allowed(Difference)
        /// The reference was not run: `JSONDecoder` could trap on this input.
        case referenceSkipped
        /// They differ in a way no listed difference explains.
        case disagreement(String)
    }

    static func compare(_ data: Data) -> Verdict {
        let new: Result<[VCTableCellData], VCTableError>
        do { new = .success(try PhotoDecoder.decode(data)) } catch { new = .failure(error) }
        if jsonDecoderMayTrap(data) { return .referenceSkipped }
        let old = JSONDecoderPhotoReference.decode(data)
        switch (old, new) {
        case (.success(let a), .success(let b)):
            if a == b { return .same }
            if hasInexactNumber(data) { return .allowed(.inexactNumber) }
            return .disagreement("different items: JSONDecoder \(a.prefix(3)), new \(b.prefix(3))")
        case (.success, .failure(let error)):
            if error.code == .invalidJSON, let excuse = validityExcuse(data) { return .allowed(excuse) }
            if isNumberMessage(error), hasInexactNumber(data) { return .allowed(.inexactNumber) }
            return .disagreement("JSONDecoder decodes it, the new decoder fails: \(error.code) \(error.message)")
        case (.failure(let error), .success):
            if hasInexactNumber(data), error.code == .wrongFieldType || error.code == .invalidJSON {
                return .allowed(.inexactNumber)
            }
            return .disagreement("JSONDecoder fails (\(error.code) \(error.message)), the new decoder decodes it")
        case (.failure(let a), .failure(let b)):
            if a == b { return .same }
            if b.code == .invalidJSON, let excuse = validityExcuse(data) { return .allowed(excuse) }
            if a.code == .invalidJSON, b.code == .invalidJSON, a.message.hasSuffix("the data is malformed.") {
                return .allowed(.syntaxMessage)
            }
            // The reference failed on a number: a number message, or JSONDecoder's bare
            // "not valid JSON" for a number JSONSerialization reads differently.
            let referenceNumberFailure = isNumberMessage(a) || (a.code == .invalidJSON
                && (a.message.contains("not representable") || a.message.hasSuffix("the data is malformed.")))
            if (referenceNumberFailure || isNumberMessage(b)) && hasInexactNumber(data) { return .allowed(.inexactNumber) }
            if isNumberMessage(b) && referenceNumberFailure
                && (!isNumberMessage(a) || hasLongInteger(data) || hasDuplicateKey(data)) {
                return .allowed(.numberMessage)
            }
            return .disagreement("JSONDecoder: \(a.code) \(a.message) / new: \(b.code) \(b.message)")
        }
    }

    /// Why the new decoder may call `data` invalid JSON when the reference did not (or said
    /// something else): `JSONSerialization` rejects it too, or it has a trailing comma.
    static func validityExcuse(_ data: Data) -> Difference? {
        if hasTrailingComma(data) { return .trailingComma }
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            // Except for numbers it cannot represent, which both decoders accept where they skip them.
            let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
            return text.contains("not representable") ? nil : .strictValidation
        }
        return nil
    }

    /// The document as UTF-8 (UTF-16 and UTF-32 transcoded, a byte order mark dropped), as
    /// both decoders read it; its bytes as they are when they are not valid in the detected
    /// encoding.
    static func utf8(_ data: Data) -> [UInt8] {
        JSONInputEncoding.withUTF8(of: data) { Array($0) } ?? Array(data)
    }

    static func isNumberMessage(_ error: VCTableError) -> Bool {
        error.code == .wrongFieldType && error.message.contains("should be an integer (found the number ")
    }

    /// Whether `JSONDecoder` may trap on `data`: it does on some numbers of more than
    /// 130 characters (`1` + 200 zeros + `e-184`: a precondition failure in
    /// `JSONScanner.validateNumber`, Swift 6.3.1). Any run of number characters over 100
    /// counts.
    static func jsonDecoderMayTrap(_ data: Data) -> Bool {
        var run = 0
        for byte in utf8(data) {
            if isNumberCharacter(byte) {
                run += 1
                if run > 100 { return true }
            } else {
                run = 0
            }
        }
        return false
    }

    private static func isNumberCharacter(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || byte == 0x2E || byte == 0x2B || byte == 0x2D || byte == 0x65 || byte == 0x45
    }

    /// Whether `data` holds (anywhere, strings included: a cautious over-approximation) a
    /// number with a fraction or an exponent that `JSONDecoder` may convert inexactly: 16
    /// digits or more, or an exponent of 16 or more. Below that, its `Double` is exact
    /// whenever the value is a whole number, and never a whole number when it is not.
    static func hasInexactNumber(_ data: Data) -> Bool {
        let bytes = utf8(data)
        var index = 0
        while index < bytes.count {
            guard isNumberCharacter(bytes[index]) else { index += 1; continue }
            var digits = 0
            var exponent = 0
            var exponentDigits = 0
            var inExponent = false
            var fractionOrExponent = false
            while index < bytes.count, isNumberCharacter(bytes[index]) {
                let byte = bytes[index]
                if byte == 0x2E {
                    fractionOrExponent = true
                } else if byte == 0x65 || byte == 0x45 {
                    fractionOrExponent = true
                    inExponent = true
                } else if byte >= 0x30 && byte <= 0x39 {
                    if inExponent {
                        exponentDigits += 1
                        exponent = min(exponent * 10 + Int(byte - 0x30), 1000)
                    } else {
                        digits += 1
                    }
                }
                index += 1
            }
            if fractionOrExponent && (digits >= 16 || exponent >= 16 || exponentDigits > 2) { return true }
        }
        return false
    }

    /// Whether `data` holds (anywhere) a run of 19 digits or more: an integer that
    /// `JSONSerialization` may read as a rounded `Double`.
    static func hasLongInteger(_ data: Data) -> Bool {
        var run = 0
        for byte in utf8(data) {
            run = byte >= 0x30 && byte <= 0x39 ? run + 1 : 0
            if run >= 19 { return true }
        }
        return false
    }

    /// Whether `data` has a comma followed (after white space) by `]` or `}`, outside strings.
    static func hasTrailingComma(_ data: Data) -> Bool {
        let bytes = utf8(data)
        var index = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == 0x5C { index += 1 } else if byte == 0x22 { inString = false }
            } else if byte == 0x22 {
                inString = true
            } else if byte == 0x2C {
                var next = index + 1
                while next < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[next]) { next += 1 }
                if next < bytes.count, bytes[next] == 0x5D || bytes[next] == 0x7D { return true }
            }
            index += 1
        }
        return false
    }

    /// Whether some object in `data` (valid JSON) has the same key twice, compared after
    /// unescaping. A small recursive reader: test code, documents of at most 512 levels.
    static func hasDuplicateKey(_ data: Data) -> Bool {
        let bytes = utf8(data)
        var index = 0
        var duplicate = false

        func skipSpace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }
        func stringToken() -> [UInt8] {
            let start = index
            index += 1
            while index < bytes.count, bytes[index] != 0x22 {
                index += bytes[index] == 0x5C ? 2 : 1
            }
            index += 1
            return Array(bytes[start ..< min(index, bytes.count)])
        }
        func value() {
            skipSpace()
            guard index < bytes.count else { return }
            switch bytes[index] {
            case 0x22:
                _ = stringToken()
            case 0x5B:
                index += 1
                while index < bytes.count {
                    skipSpace()
                    if index < bytes.count, bytes[index] == 0x5D { index += 1; return }
                    value()
                    skipSpace()
                    if index < bytes.count, bytes[index] == 0x2C { index += 1 }
                }
            case 0x7B:
                index += 1
                var keys: Set<String> = []
                while index < bytes.count {
                    skipSpace()
                    if index < bytes.count, bytes[index] == 0x7D { index += 1; return }
                    let token = stringToken()
                    let key = (try? JSONSerialization.jsonObject(with: Data(token), options: [.fragmentsAllowed])) as? String
                        ?? String(decoding: token, as: UTF8.self)
                    if !keys.insert(key).inserted { duplicate = true }
                    skipSpace()
                    index += 1  // ':'
                    value()
                    skipSpace()
                    if index < bytes.count, bytes[index] == 0x2C { index += 1 }
                }
            default:
                while index < bytes.count, !([0x2C, 0x5D, 0x7D, 0x20, 0x0A, 0x0D, 0x09] as [UInt8]).contains(bytes[index]) {
                    index += 1
                }
            }
        }
        value()
        return duplicate
    }
}
