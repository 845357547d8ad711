import Foundation
import Testing
@testable import VCTable

/// One way a photos server can answer, and what VCTable must make of it.
struct HTTPCase: Sendable, CustomTestStringConvertible {
    let name: String
    let behaviour: LoopbackHTTPServer.Behaviour
    var timeout: Duration = .seconds(10)
    var maximumBodySize: Int = URIPhotosAPI.defaultMaximumBodySize
    /// The error code expected (after decoding), or nil when the items below are expected.
    let expected: VCTableError.Code?
    var items: [VCTableCellData] = []
    /// Fragments the error message must contain.
    var mentions: [String] = []
    var httpStatus: Int?

    var testDescription: String { name }

    static let items = Photos.items(1...6)
    static let body = Array(Photos.data(items))

    /// `items` with element `index` changed by `edit` (applied to its JSON object text).
    static func body(editing index: Int, _ edit: (String) -> String) -> [UInt8] {
        let objects = items.enumerated().map { offset, item in
            offset == index ? edit(Photos.object(item)) : Photos.object(item)
        }
        return Array(("[" + objects.joined(separator: ",") + "]").utf8)
    }

    static let all: [HTTPCase] = [
        HTTPCase(name: "200 with a photos array", behaviour: .respond(body: body), expected: nil, items: items),
        HTTPCase(
            name: "extra unknown fields are accepted",
            behaviour: .respond(body: Array(("[" + items.map { Photos.object($0, extra: #", "extra": {"nested": [1, null, "x"]}, "colour": "red""#) }.joined(separator: ",") + "]").utf8)),
            expected: nil, items: items),
        HTTPCase(name: "404", behaviour: .respond(status: 404, body: Array("no".utf8)), expected: .httpStatus, mentions: ["404"], httpStatus: 404),
        HTTPCase(name: "500", behaviour: .respond(status: 500, body: body), expected: .httpStatus, mentions: ["500"], httpStatus: 500),
        HTTPCase(
            name: "declared length over the limit", behaviour: .respond(body: body),
            maximumBodySize: body.count - 1, expected: .bodyTooLarge, mentions: ["\(body.count)", "\(body.count - 1)"]),
        HTTPCase(
            name: "declared length exactly at the limit", behaviour: .respond(body: body),
            maximumBodySize: body.count, expected: nil, items: items),
        HTTPCase(
            name: "chunked body over the limit", behaviour: .chunked(body: body, chunkSize: 100),
            maximumBodySize: body.count - 1, expected: .bodyTooLarge, mentions: ["\(body.count - 1)"]),
        HTTPCase(
            name: "chunked body within the limit", behaviour: .chunked(body: body, chunkSize: 100),
            maximumBodySize: body.count, expected: nil, items: items),
        HTTPCase(
            name: "truncated body", behaviour: .truncated(body: Array(body[0..<100]), declaredLength: body.count),
            expected: .truncatedBody, mentions: ["100", "\(body.count)"]),
        HTTPCase(name: "reset mid-body", behaviour: .resetMidBody(body: body, sendBytes: 100), expected: .truncatedBody),
        HTTPCase(name: "connection closed without a response", behaviour: .closeWithoutResponse, expected: .connectionFailed),
        HTTPCase(name: "no answer within the timeout", behaviour: .neverAnswer, timeout: .milliseconds(300), expected: .timedOut, mentions: ["timed out"]),
        HTTPCase(
            name: "body still trickling at the timeout",
            behaviour: .trickle(body: body, chunkSize: 16, interval: .milliseconds(200)),  // ~12 s: far past the timeout
            timeout: .milliseconds(300), expected: .timedOut),
        HTTPCase(
            name: "body trickling within the timeout",
            behaviour: .trickle(body: body, chunkSize: body.count / 4 + 1, interval: .milliseconds(10)),
            expected: nil, items: items),
        HTTPCase(name: "invalid JSON", behaviour: .respond(body: Array(#"[{"albumId": 1, "id": "#.utf8)), expected: .invalidJSON),
        HTTPCase(name: "not an array", behaviour: .respond(body: Array(#"{"photos": []}"#.utf8)), expected: .notAnArray),
        HTTPCase(
            name: "wrong field type",
            behaviour: .respond(body: body(editing: 3) { $0.replacingOccurrences(of: #""albumId": 704"#, with: #""albumId": "704""#) }),
            expected: .wrongFieldType, mentions: ["Item 3", #""albumId""#]),
        HTTPCase(
            name: "missing field",
            behaviour: .respond(body: body(editing: 2) { $0.replacingOccurrences(of: #""url": "https://example.com/600/3.png", "#, with: "") }),
            expected: .missingField, mentions: ["Item 2", #""url""#]),
        HTTPCase(name: "empty body", behaviour: .respond(body: []), expected: .emptyResponse),
        HTTPCase(name: "white space body", behaviour: .respond(body: Array(" \r\n\t ".utf8)), expected: .emptyResponse),
        HTTPCase(name: "empty array", behaviour: .respond(body: Array("[]".utf8)), expected: nil, items: []),
        HTTPCase(name: "redirect 301", behaviour: .redirect(status: 301, location: "/photos"), expected: nil, items: items),
        HTTPCase(name: "redirect 302", behaviour: .redirect(status: 302, location: "/photos"), expected: nil, items: items),
        HTTPCase(name: "redirect 307", behaviour: .redirect(status: 307, location: "/photos"), expected: nil, items: items),
        HTTPCase(name: "redirect loop", behaviour: .redirect(status: 302, location: "/start"), expected: .httpStatus, mentions: ["redirect"]),
    ]

    /// A server answering `/start` with this case's behaviour and `/photos` with the good body.
    func makeServer() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer(["/start": behaviour, "/photos": .respond(body: HTTPCase.body)])
    }

    func makeAPI(_ server: LoopbackHTTPServer) throws -> URIPhotosAPI {
        try URIPhotosAPI(uri: server.url("/start"), timeout: timeout, maximumBodySize: maximumBodySize)
    }
}

/// Fetches and decodes, as the model does, returning the items or the `VCTableError`.
func fetchAndDecode(_ api: some MyAPI) async -> Result<[VCTableCellData], VCTableError> {
    do {
        return .success(try PhotoDecoder.decode(try await api.getPhotos()))
    } catch {
        return .failure(VCTableError(from: error))
    }
}

@Suite("URIPhotosAPI")
struct URIPhotosAPITests {
    @Test("Each server behaviour gives the expected items or error", arguments: HTTPCase.all)
    func httpCase(_ testCase: HTTPCase) async throws {
        let server = try testCase.makeServer()
        defer { server.stop() }
        let clock = ContinuousClock()
        let start = clock.now
        let result = await fetchAndDecode(try testCase.makeAPI(server))
        let elapsed = clock.now - start
        switch (result, testCase.expected) {
        case (.success(let items), nil):
            #expect(items == testCase.items)
        case (.failure(let error), let expected?):
            #expect(error.code == expected, "\(error.message)")
            for fragment in testCase.mentions {
                #expect(error.message.localizedCaseInsensitiveContains(fragment), "\(error.message.debugDescription) should mention \(fragment)")
            }
            if let status = testCase.httpStatus { #expect(error.httpStatus == status) }
        case (.success(let items), let expected?):
            Issue.record("expected \(expected), got \(items.count) items")
        case (.failure(let error), nil):
            Issue.record("expected success, got \(error.code): \(error.message)")
        }
        if testCase.expected == .timedOut {
            #expect(elapsed >= .milliseconds(250), "timed out before the timeout")
            #expect(elapsed < .seconds(60), "the timeout did not fire")
        }
        #expect(server.requests(for: "/start") >= 1)
    }

    @Test("A refused connection is .connectionFailed")
    func connectionRefused() async throws {
        let uri = try LoopbackHTTPServer.refusedURL("/photos")
        let result = await fetchAndDecode(try URIPhotosAPI(uri: uri, timeout: .seconds(5)))
        guard case .failure(let error) = result else {
            Issue.record("expected an error, got \(result)")
            return
        }
        #expect(error.code == .connectionFailed)
        #expect(error.message.contains(uri))
    }

    @Test("A URI libsoup cannot parse is .invalidURI when fetched")
    func unparsableHTTPURI() async throws {
        let result = await fetchAndDecode(try URIPhotosAPI(uri: "http://[bad/photos"))
        #expect(result.errorCode == .invalidURI)
    }

    @Test(
        "Only http://, https:// and file:// URIs are accepted",
        arguments: ["ftp://x", "ftp://example.com/photos.json", "", "http://", "photos.json", "/tmp/photos.json", "mailto:x@y", "https:/x"])
    func invalidScheme(_ uri: String) {
        #expect {
            _ = try URIPhotosAPI(uri: uri)
        } throws: { error in
            (error as? VCTableError)?.code == .invalidURI
        }
    }

    @Test("Valid URIs keep their settings", arguments: ["http://127.0.0.1/x", "HTTPS://example.com/photos", "file:///tmp/x.json"])
    func validSchemes(_ uri: String) throws {
        let api = try URIPhotosAPI(uri: uri, timeout: .milliseconds(1234), maximumBodySize: 99)
        #expect(api.uri == uri)
        #expect(api.timeout == .milliseconds(1234))
        #expect(api.maximumBodySize == 99)
        let defaults = try URIPhotosAPI(uri: uri)
        #expect(defaults.timeout == .seconds(30))
        #expect(defaults.maximumBodySize == 64 * 1024 * 1024)
    }

    @Test("Cancelling the calling task cancels an unanswered request promptly")
    func cancellation() async throws {
        let server = try LoopbackHTTPServer(["/photos": .neverAnswer])
        defer { server.stop() }
        let api = try URIPhotosAPI(uri: server.url("/photos"), timeout: .seconds(20))
        let task = Task { try await api.getPhotos() }
        #expect(await offPool { server.waitForRequests(1, timeout: .seconds(30)) })
        let cancelled = ContinuousClock.now
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(ContinuousClock.now - cancelled < .seconds(10))
    }

    // MARK: Files

    @Test("file:// URIs and file paths are read")
    func fileSuccess() async throws {
        let file = try TemporaryFile(contents: Photos.data(HTTPCase.items))
        defer { file.remove() }
        let fromURI = await fetchAndDecode(try URIPhotosAPI(uri: URL(fileURLWithPath: file.path).absoluteString))
        #expect(fromURI.items == HTTPCase.items)
        let fromPath = await fetchAndDecode(try URIPhotosAPI(filePath: file.path))
        #expect(fromPath.items == HTTPCase.items)
        #expect(try URIPhotosAPI(filePath: file.path).uri.hasPrefix("file:///"))
    }

    @Test("A relative file path is resolved against the working directory")
    func relativeFilePath() throws {
        let api = try URIPhotosAPI(filePath: "some/photos.json")
        let expected = URL(fileURLWithPath: FileManager.default.currentDirectoryPath + "/some/photos.json").absoluteString
        #expect(api.uri == expected)
    }

    @Test("A file that cannot be read is .fileUnreadable naming the path")
    func fileUnreadable() async throws {
        let missing = "/nonexistent-\(UUID().uuidString)/photos.json"
        let result = await fetchAndDecode(try URIPhotosAPI(filePath: missing))
        #expect(result.errorCode == .fileUnreadable)
        #expect(result.errorMessage?.contains(missing) == true, "\(result.errorMessage ?? "")")

        let directory = FileManager.default.temporaryDirectory.path
        let dirResult = await fetchAndDecode(try URIPhotosAPI(filePath: directory))
        #expect(dirResult.errorCode == .fileUnreadable)
        #expect(dirResult.errorMessage?.contains(directory) == true)
    }

    @Test("A file's content is decoded with the same errors as HTTP")
    func fileDecodeErrors() async throws {
        let file = try TemporaryFile(contents: Data())
        defer { file.remove() }
        #expect(await fetchAndDecode(try URIPhotosAPI(filePath: file.path)).errorCode == .emptyResponse)
        try Data("[1,".utf8).write(to: URL(fileURLWithPath: file.path))
        #expect(await fetchAndDecode(try URIPhotosAPI(filePath: file.path)).errorCode == .invalidJSON)
        try Photos.data(HTTPCase.items).write(to: URL(fileURLWithPath: file.path))
        let small = try URIPhotosAPI(uri: URL(fileURLWithPath: file.path).absoluteString, maximumBodySize: 100)
        #expect(await fetchAndDecode(small).errorCode == .bodyTooLarge)
    }
}

@Suite("Errors through the model's didError")
struct ModelErrorTests {
    @Test("Each server behaviour reaches didReloadData or didError", arguments: HTTPCase.all)
    func httpCaseThroughModel(_ testCase: HTTPCase) async throws {
        let server = try testCase.makeServer()
        defer { server.stop() }
        let context = TestContext()
        let model = VCTableModel(manager: try testCase.makeAPI(server), scheduler: context.scheduler)
        let recorder = Recorder(context)
        recorder.attach(to: model)
        model.reloadData()
        #expect(await context.iterate(until: { recorder.count == 2 }))
        #expect(await context.drain())
        #expect(recorder.reports.first == .title(modelTitle))
        if let expected = testCase.expected {
            #expect(model.lastError?.code == expected)
            let message = try #require(recorder.errors.first)
            #expect(recorder.errors.count == 1)
            #expect(message == "An Error Occurred\n\n" + (model.lastError?.message ?? "?"))
            for fragment in testCase.mentions {
                #expect(message.localizedCaseInsensitiveContains(fragment))
            }
        } else {
            #expect(recorder.reports == [.title(modelTitle), .reloaded(testCase.items)])
            #expect(model.lastError == nil)
        }
    }

    @Test("Connection refused, unreadable file and a bad URI reach didError")
    func otherFailuresThroughModel() async throws {
        let missing = "/nonexistent-\(UUID().uuidString)/photos.json"
        let apis: [(any MyAPI, VCTableError.Code, String)] = [
            (try URIPhotosAPI(uri: try LoopbackHTTPServer.refusedURL("/photos")), .connectionFailed, "127.0.0.1"),
            (try URIPhotosAPI(filePath: missing), .fileUnreadable, missing),
            (try URIPhotosAPI(uri: "http://[bad/photos"), .invalidURI, "[bad"),
        ]
        for (api, code, mention) in apis {
            let context = TestContext()
            let model = VCTableModel(manager: api, scheduler: context.scheduler)
            let recorder = Recorder(context)
            recorder.attach(to: model)
            model.reloadData()
            #expect(await context.iterate(until: { recorder.count == 2 }))
            #expect(model.lastError?.code == code)
            #expect(recorder.errors.count == 1)
            #expect(recorder.errors.first?.hasPrefix("An Error Occurred\n\n") == true)
            #expect(recorder.errors.first?.contains(mention) == true, "\(recorder.errors)")
        }
    }
}

extension Result where Success == [VCTableCellData], Failure == VCTableError {
    var errorCode: VCTableError.Code? { if case .failure(let error) = self { error.code } else { nil } }
    var errorMessage: String? { if case .failure(let error) = self { error.message } else { nil } }
    var items: [VCTableCellData]? { try? get() }
}

/// A file in the temporary directory, removed by `remove()`.
struct TemporaryFile {
    let path: String

    init(contents: Data) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("vctable-test-\(UUID().uuidString).json").path
        try contents.write(to: URL(fileURLWithPath: path))
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
