// Fuzz/decoder/main.swift: libFuzzer target for the photo decoder.
//
// Arbitrary bytes go to `PhotoDecoder.decode`, which must return items or throw a
// `VCTableError` with a decoding code and a message a person can read; never crash,
// hang or leak (AddressSanitizer + LeakSanitizer). On success the items must survive a
// round trip (encoded again and decoded, they are equal), and their count is the
// array's. Built by Fuzz/run.sh with the decoder's own sources
// (Sources/VCTable/API/PhotoDecoder.swift, VCTableError.swift,
// Sources/VCTable/Model/VCTableCellData.swift) compiled in, instrumented:
//
//   swiftc -sanitize=fuzzer,address -parse-as-library Fuzz/decoder/main.swift <those files>
import Foundation

/// The codes decoding may produce: anything else is a bug.
private let decodingCodes: Set<VCTableError.Code> = [.emptyResponse, .invalidJSON, .notAnArray, .wrongFieldType, .missingField]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPhotoDecoder(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = count == 0 ? Data() : Data(bytes: bytes!, count: count)
    do {
        let items = try PhotoDecoder.decode(data)
        // Whatever decodes is a JSON array of exactly that many objects. One leniency is
        // known (RELIABILITY.md, finding F1): JSONDecoder does not validate the strings it
        // skips (unknown fields, the shadowed value of a duplicate key): invalid UTF-8 or
        // a raw control character there is accepted where JSONSerialization rejects the
        // whole document. The count is checked when both read the document.
        if let array = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [Any] {
            precondition(array.count == items.count, "decoded \(items.count) items from an array of \(array.count)")
        }
        // Round trip: what we decoded encodes and decodes to the same items.
        let encoded = try JSONEncoder().encode(items)
        let again = try PhotoDecoder.decode(encoded)
        precondition(again == items, "round trip changed the items")
    } catch let error as VCTableError {
        precondition(decodingCodes.contains(error.code), "unexpected code \(error.code) for a decoding failure: \(error.message)")
        precondition(!error.message.isEmpty && error.message.count < 4096, "unclear message: \(error.message.prefix(200))")
        precondition(error.httpStatus == nil)
    } catch {
        fatalError("decode threw something that is not a VCTableError: \(error)")
    }
    return 0
}
