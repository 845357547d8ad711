import Foundation
import Synchronization
import Testing
@testable import VCTable

/// A `MyAPI` whose target can be switched between reloads, so one model meets a good
/// server, then a fault, then the good server again.
final class ReliabilitySwitchingAPI: MyAPI {
    private let current: Mutex<any MyAPI>

    init(_ api: any MyAPI) { current = Mutex(api) }

    func use(_ api: any MyAPI) { current.withLock { $0 = api } }

    func getPhotos() async throws -> Data {
        let api = current.withLock { $0 }
        return try await api.getPhotos()
    }
}

/// One fault of the issue's matrix: what the server does, and what the model must make of it.
struct ReliabilityFault: Sendable, CustomTestStringConvertible {
    let name: String
    /// The behaviour of `/fault`; nil for a refused connection.
    let behaviour: LoopbackHTTPServer.Behaviour?
    var timeout: Duration = .seconds(10)
    var maximumBodySize = URIPhotosAPI.defaultMaximumBodySize
    /// The error code expected, or nil for a success with `items` (nil: any count).
    let expected: VCTableError.Code?
    var items: Int? = nil
    /// A fragment the message must contain (case-insensitive).
    var mentions: String? = nil

    var testDescription: String { name }

    static let good = Photos.items(1...6)
    static let goodBody = Array(Photos.data(good))
    static let next = Photos.items(40...44)
    static let nextBody = Array(Photos.data(next))

    static func records(_ count: Int) -> [UInt8] {
        var text = "["
        text.reserveCapacity(count * 120)
        for id in 1...count {
            if id > 1 { text += "," }
            text += #"{"albumId": \#((id - 1) / 50 + 1), "id": \#(id), "title": "photo \#(id)", "url": "https://example.com/600/\#(id).png", "thumbnailUrl": "https://example.com/150/\#(id).png"}"#
        }
        return Array((text + "]").utf8)
    }

    static let all: [ReliabilityFault] = [
        ReliabilityFault(name: "connection refused", behaviour: nil, expected: .connectionFailed, mentions: "127.0.0.1"),
        ReliabilityFault(name: "connection reset mid-body", behaviour: .resetMidBody(body: goodBody, sendBytes: 100), expected: .truncatedBody, mentions: "broke off"),
        ReliabilityFault(name: "accepts and never answers", behaviour: .neverAnswer, timeout: .milliseconds(500), expected: .timedOut, mentions: "timed out"),
        ReliabilityFault(name: "body trickles past the timeout", behaviour: .trickle(body: goodBody, chunkSize: 32, interval: .milliseconds(40)), timeout: .milliseconds(500), expected: .timedOut, mentions: "timed out"),
        ReliabilityFault(name: "body trickles within the timeout", behaviour: .trickle(body: goodBody, chunkSize: 200, interval: .milliseconds(5)), expected: nil, items: 6),
        ReliabilityFault(name: "301 followed", behaviour: .redirect(status: 301, location: "/good"), expected: nil, items: 6),
        ReliabilityFault(name: "302 followed", behaviour: .redirect(status: 302, location: "/good"), expected: nil, items: 6),
        ReliabilityFault(name: "redirect loop stops at the limit", behaviour: .redirect(status: 302, location: "/fault"), expected: .httpStatus, mentions: "redirect"),
        ReliabilityFault(name: "404", behaviour: .respond(status: 404, body: Array("gone".utf8)), expected: .httpStatus, mentions: "404"),
        ReliabilityFault(name: "500", behaviour: .respond(status: 500, body: goodBody), expected: .httpStatus, mentions: "500"),
        ReliabilityFault(name: "declared body over the size limit", behaviour: .respond(body: goodBody), maximumBodySize: 200, expected: .bodyTooLarge, mentions: "limit"),
        ReliabilityFault(name: "chunked body over the size limit", behaviour: .chunked(body: goodBody, chunkSize: 64), maximumBodySize: 200, expected: .bodyTooLarge, mentions: "limit"),
        ReliabilityFault(name: "truncated body", behaviour: .truncated(body: Array(goodBody.prefix(120)), declaredLength: goodBody.count), expected: .truncatedBody, mentions: "120"),
        ReliabilityFault(name: "closed without a response", behaviour: .closeWithoutResponse, expected: .connectionFailed),
        ReliabilityFault(name: "invalid UTF-8", behaviour: .respond(body: Array(#"[{"albumId": 1, "id": 1, "title": "a"#.utf8) + [0xFF, 0xC3] + Array(#"", "url": "u", "thumbnailUrl": "v"}]"#.utf8)), expected: .invalidJSON, mentions: "UTF-8"),
        ReliabilityFault(name: "invalid JSON", behaviour: .respond(body: Array(#"[{"albumId": 1,, "#.utf8)), expected: .invalidJSON, mentions: "JSON"),
        ReliabilityFault(name: "an object instead of an array", behaviour: .respond(body: Array(#"{"photos": []}"#.utf8)), expected: .notAnArray, mentions: "array"),
        ReliabilityFault(name: "wrong types", behaviour: .respond(body: Array(#"[{"albumId": 1, "id": "7", "title": "t", "url": "u", "thumbnailUrl": "v"}]"#.utf8)), expected: .wrongFieldType, mentions: #""id""#),
        ReliabilityFault(name: "missing fields", behaviour: .respond(body: Array(#"[{"albumId": 1, "id": 7, "title": "t", "url": "u"}]"#.utf8)), expected: .missingField, mentions: "thumbnailUrl"),
        ReliabilityFault(name: "extra unknown fields are accepted", behaviour: .respond(body: Array(#"[{"albumId": 1, "id": 7, "title": "t", "url": "u", "thumbnailUrl": "v", "colour": {"r": [1, null]}, "rank": 2.5}]"#.utf8)), expected: nil, items: 1),
        ReliabilityFault(name: "empty body", behaviour: .respond(body: []), expected: .emptyResponse, mentions: "empty"),
        ReliabilityFault(name: "100 000 records", behaviour: .respond(body: records(100_000)), timeout: .seconds(60), expected: nil, items: 100_000),
    ]
}

@Suite("Reliability: fault matrix")
struct ReliabilityFaultMatrixTests {
    /// Reloads and waits for the one outcome it delivers.
    private func reload(_ model: VCTableModel, _ context: TestContext, _ recorder: Recorder, timeout: Duration = .seconds(30)) async -> Bool {
        let before = recorder.reloads.count + recorder.errors.count
        model.reloadData()
        return await context.iterate(until: { recorder.reloads.count + recorder.errors.count > before && !model.isLoading }, timeout: timeout)
    }

    @Test("Each fault: the right error and a clear message (or success), the items kept, the next reload succeeding",
          arguments: ReliabilityFault.all)
    func fault(_ fault: ReliabilityFault) async throws {
        let server = try LoopbackHTTPServer(["/good": .respond(body: ReliabilityFault.goodBody)])
        defer { server.stop() }
        if let behaviour = fault.behaviour { server.setRoute("/fault", behaviour) }
        let faultURL = fault.behaviour == nil ? try LoopbackHTTPServer.refusedURL("/fault") : server.url("/fault")

        let api = ReliabilitySwitchingAPI(try URIPhotosAPI(uri: server.url("/good")))
        let context = TestContext()
        let model = VCTableModel(manager: api, scheduler: context.scheduler)
        let recorder = Recorder(context)
        recorder.attach(to: model)

        // 1. The previous items.
        #expect(await reload(model, context, recorder))
        #expect(model.items == ReliabilityFault.good)

        // 2. The fault.
        api.use(try URIPhotosAPI(uri: faultURL, timeout: fault.timeout, maximumBodySize: fault.maximumBodySize))
        #expect(await reload(model, context, recorder, timeout: .seconds(90)))
        if let expected = fault.expected {
            let error = try #require(model.lastError)
            #expect(error.code == expected, "\(error.message)")
            let message = try #require(recorder.errors.last)
            #expect(message == "An Error Occurred\n\n" + error.message)
            #expect(error.message.count > 10)
            if let fragment = fault.mentions {
                #expect(error.message.localizedCaseInsensitiveContains(fragment), "\(error.message.debugDescription) should mention \(fragment)")
            }
            // The previous items are kept.
            #expect(model.items == ReliabilityFault.good)
            #expect(model.numberOfItems == ReliabilityFault.good.count)
            #expect(model.item(at: 0) == ReliabilityFault.good.first)
        } else {
            #expect(model.lastError == nil, "\(model.lastError?.message ?? "")")
            #expect(recorder.errors.isEmpty)
            if let count = fault.items {
                #expect(model.numberOfItems == count)
                #expect(recorder.reloads.last?.count == count)
            }
        }

        // 3. The next reload succeeds.
        server.setRoute("/good", .respond(body: ReliabilityFault.nextBody))
        api.use(try URIPhotosAPI(uri: server.url("/good")))
        #expect(await reload(model, context, recorder))
        #expect(model.lastError == nil)
        #expect(model.items == ReliabilityFault.next)
        #expect(recorder.reloads.last == ReliabilityFault.next)
    }

    @Test("A failed reload in the middle of superseded ones: only the latest outcome, the items kept")
    func faultSuperseded() async throws {
        let server = try LoopbackHTTPServer([
            "/good": .respond(body: ReliabilityFault.goodBody),
            "/hang": .neverAnswer,
            "/500": .respond(status: 500, body: []),
        ])
        defer { server.stop() }
        let api = ReliabilitySwitchingAPI(try URIPhotosAPI(uri: server.url("/good")))
        let context = TestContext()
        let model = VCTableModel(manager: api, scheduler: context.scheduler)
        let recorder = Recorder(context)
        recorder.attach(to: model)
        #expect(await reload(model, context, recorder))

        api.use(try URIPhotosAPI(uri: server.url("/hang"), timeout: .seconds(20)))
        model.reloadData()  // never answers: superseded below
        #expect(await offPool { server.waitForRequests(2, timeout: .seconds(30)) })
        api.use(try URIPhotosAPI(uri: server.url("/500")))
        #expect(await reload(model, context, recorder))
        #expect(model.lastError?.code == .httpStatus)
        #expect(recorder.errors.count == 1)
        #expect(recorder.reloads.count == 1)
        #expect(model.items == ReliabilityFault.good)
    }
}
