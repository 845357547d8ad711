import Foundation
import Testing
@testable import VCTable

/// `PhotoDecoder` (the single-pass `PhotoScanner`) against the `JSONDecoder`-based decoder it
/// replaced, on generated documents: the same items whenever `JSONDecoder` decodes one, the
/// same error code and message whenever it fails, except for the differences listed in
/// `PhotoDecoderDifferential.Difference`.
@Suite("PhotoDecoder: differential against JSONDecoder")
struct PhotoDecoderDifferentialTests {
    static let seeds: [UInt64] = [1, 2, 3]
    static let documentsPerSeed = 250

    @Test("Generated documents, valid and mutated: no unexplained difference", arguments: seeds)
    func generatedDocuments(_ seed: UInt64) {
        var generator = PhotoDocumentGenerator(seed: seed)
        var verdicts: [String: Int] = [:]
        var decoded = 0
        for number in 0 ..< Self.documentsPerSeed {
            let data = generator.document()
            let verdict = PhotoDecoderDifferential.compare(data)
            if case .disagreement(let text) = verdict {
                Issue.record("seed \(seed), document \(number): \(text)\n\(String(decoding: data, as: UTF8.self).debugDescription)")
            }
            if (try? PhotoDecoder.decode(data)) != nil { decoded += 1 }
            switch verdict {
            case .same: verdicts["same", default: 0] += 1
            case .allowed(let difference): verdicts[difference.rawValue, default: 0] += 1
            case .referenceSkipped: verdicts["skipped", default: 0] += 1
            case .disagreement: verdicts["disagreement", default: 0] += 1
            }
        }
        // The generator exercises both outcomes and the listed differences.
        #expect(decoded >= Self.documentsPerSeed / 5, "\(verdicts)")
        #expect(verdicts["same", default: 0] >= Self.documentsPerSeed / 2, "\(verdicts)")
        #expect(verdicts["disagreement"] == nil, "\(verdicts)")
    }

    @Test("The generated documents exercise the differences; the hand-made cases below cover every one")
    func differencesAreExercised() {
        var seen: Set<PhotoDecoderDifferential.Difference> = []
        for seed in Self.seeds {
            var generator = PhotoDocumentGenerator(seed: seed)
            for _ in 0 ..< Self.documentsPerSeed {
                if case .allowed(let difference) = PhotoDecoderDifferential.compare(generator.document()) {
                    seen.insert(difference)
                }
            }
        }
        #expect(seen.isSuperset(of: [.strictValidation, .trailingComma, .inexactNumber, .numberMessage]), "\(seen)")
        let covered = Set(Self.cases.compactMap { testCase -> PhotoDecoderDifferential.Difference? in
            if case .allowed(let difference) = testCase.expected { return difference }
            return nil
        })
        #expect(covered == Set(PhotoDecoderDifferential.Difference.allCases))
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let expected: PhotoDecoderDifferential.Verdict
        var testDescription: String { name }

        init(_ name: String, _ text: String, _ expected: PhotoDecoderDifferential.Verdict) {
            self.init(name, Array(text.utf8), expected)
        }

        init(_ name: String, _ bytes: [UInt8], _ expected: PhotoDecoderDifferential.Verdict) {
            self.name = name
            self.bytes = bytes
            self.expected = expected
        }
    }

    static let photo = #""albumId": 1, "id": 2, "title": "t", "url": "u", "thumbnailUrl": "v""#

    /// One document per listed difference (and a few that must be the same).
    static let cases: [Case] = [
        Case("same items", "[{\(photo)}]", .same),
        Case("same wrong type", #"[{"albumId": "1", "id": 2, "title": "t", "url": "u", "thumbnailUrl": "v"}]"#, .same),
        Case("same fraction", #"[{"albumId": 1.5, "id": 2, "title": "t", "url": "u", "thumbnailUrl": "v"}]"#, .same),
        Case("same syntax error", "[{\(photo)}", .same),
        Case("invalid UTF-8 in an unknown field", Array("[{\(photo), \"x\": \"a".utf8) + [0xFF] + Array("\"}]".utf8),
             .allowed(.strictValidation)),
        Case("control character in a shadowed duplicate", Array("[{\(photo), \"title\": \"a".utf8) + [0x01] + Array("\"}]".utf8),
             .allowed(.strictValidation)),
        Case("leading zero in an unknown field", "[{\(photo), \"x\": 01}]", .allowed(.strictValidation)),
        Case("field error before invalid UTF-8",
             Array(#"[{"albumId": "1", "id": 2, "title": "t", "url": "u", "thumbnailUrl": "v"}, {"title": "a"#.utf8) + [0xC3]
                 + Array("\"}]".utf8), .allowed(.strictValidation)),
        Case("trailing comma in the array", "[{\(photo)},]", .allowed(.trailingComma)),
        Case("trailing comma in an object", "[{\(photo),}]", .allowed(.trailingComma)),
        Case("1e-400 is not 0", #"[{"albumId": 1e-400, "id": 2, "title": "t", "url": "u", "thumbnailUrl": "v"}]"#,
             .allowed(.inexactNumber)),
        Case("Int.min with a fraction", #"[{"albumId": -9223372036854775808.0, "id": 2, "title": "t", "url": "u", "thumbnailUrl": "v"}]"#,
             .allowed(.inexactNumber)),
        Case("a fraction above 2^53", #"[{"albumId": 9007199254740993.5, "id": 2, "title": "t", "url": "u", "thumbnailUrl": "v"}]"#,
             .allowed(.inexactNumber)),
        Case("below Int.min", #"[{"albumId": -9223372036854775809, "id": 2, "title": "t", "url": "u", "thumbnailUrl": "v"}]"#,
             .allowed(.numberMessage)),
        Case("a duplicate key hides the fraction from JSONSerialization",
             #"[{"albumId": 1.5, "albumId": 3, "id": 2, "title": "t", "url": "u", "thumbnailUrl": "v"}, {"albumId": 2.5, "id": 2, "title": "t", "url": "u", "thumbnailUrl": "v"}]"#,
             .allowed(.numberMessage)),
        Case("JSONSerialization reads an integer below Int.min as a Double that fits, and named a later item",
             #"[{"albumId": 1, "id": -9223372036854775809, "title": "t", "url": "u", "thumbnailUrl": "v"}, {"albumId": 2, "id": 1.52, "title": "t", "url": "u", "thumbnailUrl": "v"}]"#,
             .allowed(.numberMessage)),
        Case("a short document JSONSerialization reads differently", [0x00, 0x30, 0x09], .allowed(.syntaxMessage)),
        Case("a number JSONDecoder traps on", "[{\"albumId\": 1\(String(repeating: "0", count: 200))e-184, \"id\": 2}]", .referenceSkipped),
    ]

    @Test("Each difference, on a document made for it", arguments: cases)
    func listedDifference(_ testCase: Case) {
        #expect(PhotoDecoderDifferential.compare(Data(testCase.bytes)) == testCase.expected)
    }
}
