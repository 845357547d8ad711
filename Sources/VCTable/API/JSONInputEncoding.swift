import FoundationEssentials

/// The Unicode encoding of a JSON document, told from its first four bytes exactly as
/// Foundation's `JSONDecoder` tells it (RFC 4627 §3: UTF-8, UTF-16 or UTF-32, big or little
/// endian, with or without a byte order mark), so that `PhotoDecoder` reads every document
/// `JSONDecoder` read. A UTF-8 document (the usual case) is read in place; any other is
/// transcoded to UTF-8 first, as `JSONDecoder` does.
enum JSONInputEncoding {
    /// Calls `body` with the UTF-8 bytes of the document in `data`, its byte order mark
    /// left out; nil (and `body` not called) when the bytes are not valid in the encoding
    /// they were detected as.
    static func withUTF8<Result>(of data: Data, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Result? in
            let (encoding, byteOrderMark) = detect(raw)
            let text = UnsafeRawBufferPointer(rebasing: raw[byteOrderMark...])
            guard encoding != .utf8 else { return body(text.bindMemory(to: UInt8.self)) }
            guard var string = String(bytes: text, encoding: encoding) else { return nil }
            return string.withUTF8(body)
        }
    }

    /// The encoding and the length of its byte order mark (0 when there is none).
    static func detect(_ bytes: UnsafeRawBufferPointer) -> (String.Encoding, byteOrderMark: Int) {
        let count = bytes.count
        let b0: UInt8? = count > 0 ? bytes[0] : nil
        let b1: UInt8? = count > 1 ? bytes[1] : nil
        let b2: UInt8? = count > 2 ? bytes[2] : nil
        let b3: UInt8? = count > 3 ? bytes[3] : nil
        switch (b0, b1, b2, b3) {
        case (0, 0, 0xFE, 0xFF): return (.utf32BigEndian, 4)
        case (0xFE, 0xFF, 0, 0): return (.utf32LittleEndian, 4)
        case (0xFE, 0xFF, _, _): return (.utf16BigEndian, 2)
        case (0xFF, 0xFE, _, _): return (.utf16LittleEndian, 2)
        case (0xEF, 0xBB, 0xBF, _): return (.utf8, 3)
        case let (0, 0, 0, .some(x)) where x != 0: return (.utf32BigEndian, 0)
        case let (0, .some(x), 0, .some(y)) where x != 0 && y != 0: return (.utf16BigEndian, 0)
        case let (.some(x), 0, 0, 0) where x != 0: return (.utf32LittleEndian, 0)
        case let (.some(x), 0, .some(y), 0) where x != 0 && y != 0: return (.utf16LittleEndian, 0)
        // Two-byte documents (a single digit in UTF-16), as JSONDecoder extends the rule.
        case let (0, .some(x), nil, nil) where x != 0: return (.utf16BigEndian, 0)
        case let (.some(x), 0, nil, nil) where x != 0: return (.utf16LittleEndian, 0)
        default: return (.utf8, 0)
        }
    }
}
