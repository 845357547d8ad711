// Fuzz/decoder/main.swift: differential libFuzzer target for the photo decoder.
//
// Arbitrary bytes go to `PhotoDecoder.decode` (the single-pass `PhotoScanner`), which must
// return items or throw a `VCTableError` with a decoding code and a message a person can
// read; never crash, hang or leak (AddressSanitizer + LeakSanitizer). The same bytes go to
// the `JSONDecoder`-based decoder it replaced (`JSONDecoderPhotoReference`), and the two
// must agree: the same items, or the same error code and message, except for the
// differences `PhotoDecoderDifferential.Difference` lists (stricter validation, no trailing
// commas, exact integer conversion, the wording of number errors). Any other disagreement
// traps. On success the items must also survive a round trip (encoded again and decoded,
// they are equal). Built by Fuzz/run.sh with the decoder's sources and the two test-support
// files compiled in, instrumented:
//
//   swiftc -sanitize=fuzzer,address -parse-as-library Fuzz/decoder/main.swift \
//       Sources/VCTable/API/{PhotoDecoder,PhotoScanner,JSONInputEncoding,JSONSyntax,VCTableError}.swift \
//       Sources/VCTable/Model/VCTableCellData.swift \
//       Tests/VCTableTests/Support/{JSONDecoderPhotoReference,PhotoDecoderDifferential}.swift
import Foundation

/// The codes decoding may produce: anything else is a bug.
private let decodingCodes: Set<VCTableError.Code> = [.emptyResponse, .invalidJSON, .notAnArray, .wrongFieldType, .missingField]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPhotoDecoder(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = count == 0 ? Data() : Data(bytes: bytes!, count: count)
    do {
        let items = try PhotoDecoder.decode(data)
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
    if case .disagreement(let text) = PhotoDecoderDifferential.compare(data) {
        fatalError("contract broken: the decoder and JSONDecoder disagree: \(text)")
    }
    return 0
}
