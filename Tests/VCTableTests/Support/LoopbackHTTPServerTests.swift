import Foundation
import Glibc
import Testing

/// Checks every ``LoopbackHTTPServer/Behaviour`` on the wire with a plain
/// blocking socket client, so that the client tests built on the server can
/// trust what it sends.
@Suite("LoopbackHTTPServer")
struct LoopbackHTTPServerTests {

    /// `.respond` sends the status line, its headers, `Content-Length`,
    /// `Connection: close` and the body, routes without the query string and
    /// counts the request.
    @Test func respondSendsHeadAndBody() throws {
        let server = try LoopbackHTTPServer(["/photos": .respond(body: Array("[1,2]".utf8))])
        let exchange = try RawClient.exchange(port: server.port, path: "/photos?page=2")
        let response = try #require(RawResponse(exchange.bytes))

        #expect(exchange.error == nil)
        #expect(response.statusLine == "HTTP/1.1 200 OK")
        #expect(response.headers["content-type"] == "application/json")
        #expect(response.headers["content-length"] == "5")
        #expect(response.headers["connection"] == "close")
        #expect(response.body == Array("[1,2]".utf8))
        #expect(server.requestCount == 1)
        #expect(server.requests(for: "/photos") == 1)
        #expect(server.requests(for: "/photos?page=2") == 0)
    }

    /// Unrouted paths get the fallback, and `setRoute` takes effect while running.
    @Test func fallbackAndSetRoute() throws {
        let server = try LoopbackHTTPServer()
        let first = try RawClient.exchange(port: server.port, path: "/a")
        let missing = try #require(RawResponse(first.bytes))
        #expect(missing.statusLine == "HTTP/1.1 404 Not Found")
        #expect(missing.body == Array("not found".utf8))

        server.setRoute("/a", .respond(status: 503, headers: [("Retry-After", "1")], body: []))
        let second = try RawClient.exchange(port: server.port, path: "/a")
        let routed = try #require(RawResponse(second.bytes))
        #expect(routed.statusLine == "HTTP/1.1 503 Service Unavailable")
        #expect(routed.headers["retry-after"] == "1")
        #expect(routed.headers["content-length"] == "0")
        #expect(routed.body.isEmpty)
        #expect(server.requests(for: "/a") == 2)
    }

    /// `.truncated` announces more than it sends and ends with a clean EOF.
    @Test func truncatedEndsCleanlyShort() throws {
        let body = Array("0123456789".utf8)
        let server = try LoopbackHTTPServer(["/t": .truncated(body: body, declaredLength: 100)])
        let exchange = try RawClient.exchange(port: server.port, path: "/t")
        let response = try #require(RawResponse(exchange.bytes))

        #expect(exchange.error == nil)
        #expect(response.headers["content-length"] == "100")
        #expect(response.body == body)
    }

    /// `.resetMidBody` announces the full length, sends a prefix and resets.
    @Test func resetMidBodySurfacesAsConnectionReset() throws {
        let body = [UInt8](repeating: UInt8(ascii: "x"), count: 1_000)
        let server = try LoopbackHTTPServer(["/r": .resetMidBody(body: body, sendBytes: 100)])
        let exchange = try RawClient.exchange(port: server.port, path: "/r")
        let response = try #require(RawResponse(exchange.bytes))

        #expect(exchange.error == ECONNRESET)
        #expect(response.headers["content-length"] == "1000")
        #expect(response.body.count <= 100)
    }

    /// `.neverAnswer` stays silent until `stop()`, which then closes the connection.
    @Test func neverAnswerStaysSilentUntilStop() throws {
        let server = try LoopbackHTTPServer(["/n": .neverAnswer])
        let client = try RawClient(port: server.port)
        try client.sendRequest(path: "/n")
        #expect(server.waitForRequests(1, timeout: .seconds(2)))

        let early = client.receive(timeout: .milliseconds(100))
        #expect(early.bytes.isEmpty)
        #expect(early.error == EAGAIN)

        let clock = ContinuousClock()
        let stopping = clock.measure { server.stop() }
        #expect(stopping < .seconds(4))
        let late = client.readToEnd()
        #expect(late.bytes.isEmpty)
        #expect(late.error == nil)
    }

    /// `.closeWithoutResponse` reads the request and closes without a byte.
    @Test func closeWithoutResponseSendsNothing() throws {
        let server = try LoopbackHTTPServer(["/c": .closeWithoutResponse])
        let exchange = try RawClient.exchange(port: server.port, path: "/c")
        #expect(exchange.bytes.isEmpty)
        #expect(exchange.error == nil)
        #expect(server.requests(for: "/c") == 1)
    }

    /// `.trickle` delivers the whole body, paced by its interval.
    @Test func trickleIsPaced() throws {
        let body = Array("abcdef".utf8)
        let server = try LoopbackHTTPServer([
            "/s": .trickle(body: body, chunkSize: 2, interval: .milliseconds(60))
        ])
        let clock = ContinuousClock()
        var exchange = RawExchange(bytes: [], error: nil)
        let elapsed = try clock.measure {
            exchange = try RawClient.exchange(port: server.port, path: "/s")
        }
        let response = try #require(RawResponse(exchange.bytes))

        #expect(exchange.error == nil)
        #expect(response.headers["content-length"] == "6")
        #expect(response.body == body)
        #expect(elapsed >= .milliseconds(120))
    }

    /// `.trickle` gives up at once when the server stops mid-body.
    @Test func trickleAbortsOnStop() throws {
        let body = Array("abcdef".utf8)
        let server = try LoopbackHTTPServer([
            "/s": .trickle(body: body, chunkSize: 2, interval: .seconds(30))
        ])
        let client = try RawClient(port: server.port)
        try client.sendRequest(path: "/s")
        var received: [UInt8] = []
        while RawResponse(received)?.body.count ?? 0 < 2 {
            let piece = client.receive(timeout: .seconds(2))
            try #require(!piece.bytes.isEmpty)
            received += piece.bytes
        }

        let clock = ContinuousClock()
        let stopping = clock.measure { server.stop() }
        #expect(stopping < .seconds(4))
        received += client.readToEnd().bytes
        #expect(RawResponse(received)?.body == Array("ab".utf8))
    }

    /// `.redirect` answers with the status, `Location` and an empty body.
    @Test func redirectCarriesLocation() throws {
        let server = try LoopbackHTTPServer(["/old": .redirect(status: 302, location: "/new")])
        let exchange = try RawClient.exchange(port: server.port, path: "/old")
        let response = try #require(RawResponse(exchange.bytes))

        #expect(response.statusLine == "HTTP/1.1 302 Found")
        #expect(response.headers["location"] == "/new")
        #expect(response.headers["content-length"] == "0")
        #expect(response.body.isEmpty)
    }

    /// `.chunked` frames the body in chunks and terminates it.
    @Test func chunkedFramesTheBody() throws {
        let body = Array("The quick brown fox".utf8)
        let server = try LoopbackHTTPServer(["/k": .chunked(body: body, chunkSize: 8)])
        let exchange = try RawClient.exchange(port: server.port, path: "/k")
        let response = try #require(RawResponse(exchange.bytes))

        #expect(exchange.error == nil)
        #expect(response.headers["transfer-encoding"] == "chunked")
        #expect(response.headers["content-length"] == nil)
        let chunks = try #require(Self.decodeChunks(response.body))
        #expect(chunks.map(\.count) == [8, 8, 3])
        #expect(chunks.flatMap { $0 } == body)
    }

    /// `refusedURL` names a loopback port where connecting is refused.
    @Test func refusedURLIsRefused() throws {
        let url = try LoopbackHTTPServer.refusedURL()
        let prefix = "http://127.0.0.1:"
        #expect(url.hasPrefix(prefix))
        #expect(url.hasSuffix("/photos"))
        let port = try #require(UInt16(url.dropFirst(prefix.count).prefix { $0.isNumber }))
        #expect(throws: RawClient.ConnectError(code: ECONNREFUSED)) {
            _ = try RawClient(port: port)
        }
    }

    /// `waitForRequests` wakes when the count is reached and times out otherwise.
    @Test func waitForRequestsWakesAndTimesOut() throws {
        let server = try LoopbackHTTPServer(["/w": .respond(body: [])])
        #expect(server.url("/w") == "http://127.0.0.1:\(server.port)/w")
        #expect(!server.waitForRequests(1, timeout: .milliseconds(50)))

        let port = server.port
        let thread = Thread {
            _ = try? RawClient.exchange(port: port, path: "/w")
            _ = try? RawClient.exchange(port: port, path: "/w?again")
        }
        thread.start()
        let clock = ContinuousClock()
        var reached = false
        let waited = clock.measure { reached = server.waitForRequests(2, timeout: .seconds(5)) }
        #expect(reached)
        #expect(waited < .seconds(4))
        #expect(server.requests(for: "/w") == 2)
        #expect(!server.waitForRequests(3, timeout: .milliseconds(50)))
    }

    /// `stop()` is idempotent, releases `waitForRequests` at once, and
    /// stopping or releasing the server refuses new connections.
    @Test func stopAndReleaseCloseTheListener() throws {
        let server = try LoopbackHTTPServer()
        server.stop()
        server.stop()
        let clock = ContinuousClock()
        var reached = true
        let waited = clock.measure { reached = server.waitForRequests(1, timeout: .seconds(5)) }
        #expect(!reached)
        #expect(waited < .seconds(4))
        #expect(throws: RawClient.ConnectError(code: ECONNREFUSED)) {
            _ = try RawClient(port: server.port)
        }

        var released: LoopbackHTTPServer? = try LoopbackHTTPServer()
        let port = try #require(released?.port)
        _ = try RawClient.exchange(port: port, path: "/")
        released = nil
        #expect(throws: RawClient.ConnectError(code: ECONNREFUSED)) {
            _ = try RawClient(port: port)
        }
    }

    /// The chunks of a chunked body, or `nil` when the framing is wrong or
    /// the terminating chunk is missing.
    private static func decodeChunks(_ body: [UInt8]) -> [[UInt8]]? {
        var chunks: [[UInt8]] = []
        var rest = body[...]
        let crlf = Array("\r\n".utf8)
        while true {
            guard let lineEnd = rest.indices.first(where: { rest[$0...].starts(with: crlf) }),
                let size = Int(String(decoding: rest[..<lineEnd], as: UTF8.self), radix: 16)
            else { return nil }
            rest = rest[(lineEnd + 2)...]
            guard rest.count >= size + 2, rest.dropFirst(size).starts(with: crlf) else {
                return nil
            }
            if size == 0 { return rest.count == 2 ? chunks : nil }
            chunks.append(Array(rest.prefix(size)))
            rest = rest.dropFirst(size + 2)
        }
    }
}

/// What a raw client read: the bytes, and the `errno` that ended the read
/// (`nil` for a clean EOF).
private struct RawExchange {
    /// Everything received, in order.
    var bytes: [UInt8]
    /// The `errno` of the `recv` that ended the read, or `nil` for a clean EOF.
    var error: Int32?
}

/// A response split into its status line, headers (lowercased names) and body.
private struct RawResponse {
    /// The first line, such as `HTTP/1.1 200 OK`.
    let statusLine: String
    /// Header values by lowercased name.
    let headers: [String: String]
    /// Everything after the blank line.
    let body: [UInt8]

    /// Parses `bytes`, or returns `nil` when the head is incomplete.
    init?(_ bytes: [UInt8]) {
        let terminator = Array("\r\n\r\n".utf8)
        guard bytes.count >= terminator.count,
            let end = (0...(bytes.count - terminator.count)).first(where: {
                bytes[$0..<($0 + terminator.count)].elementsEqual(terminator)
            })
        else { return nil }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        statusLine = lines[0]
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        self.headers = headers
        body = Array(bytes[(end + terminator.count)...])
    }
}

/// A blocking TCP client on `127.0.0.1` that speaks just enough HTTP/1.1.
private final class RawClient {

    /// `socket`, `connect` or `send` failed with `code`.
    struct ConnectError: Error, Equatable {
        /// The `errno` value.
        let code: Int32
    }

    /// The connected socket, closed on release.
    private let descriptor: Int32

    /// Connects to `127.0.0.1:port`.
    init(port: UInt16) throws {
        descriptor = try Self.connectedSocket(port: port)
    }

    /// A socket connected to `127.0.0.1:port`. Done before `init` stores it:
    /// once every property is set, a throwing `init` runs `deinit`, which
    /// would close the descriptor a second time.
    private static func connectedSocket(port: UInt16) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ConnectError(code: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            close(descriptor)
            throw ConnectError(code: code)
        }
        return descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Connects, sends a GET for `path` and reads until the server closes.
    static func exchange(port: UInt16, path: String) throws -> RawExchange {
        let client = try RawClient(port: port)
        try client.sendRequest(path: path)
        return client.readToEnd()
    }

    /// Sends `GET path HTTP/1.1` with a `Host` header.
    func sendRequest(path: String) throws {
        let request = Array("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        let sent = request.withUnsafeBytes {
            send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
        guard sent == request.count else { throw ConnectError(code: errno) }
    }

    /// Reads until EOF or an error, giving up after two silent seconds.
    func readToEnd() -> RawExchange {
        var exchange = RawExchange(bytes: [], error: nil)
        while true {
            let piece = receive(timeout: .seconds(2))
            exchange.bytes += piece.bytes
            if piece.bytes.isEmpty {
                exchange.error = piece.error
                return exchange
            }
        }
    }

    /// One `recv` of at most 64 KiB, waiting at most `timeout`; `error` is the
    /// `errno` when nothing was read and the call failed.
    func receive(timeout: Duration) -> RawExchange {
        let (seconds, attoseconds) = timeout.components
        var limit = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
        setsockopt(
            descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size)
        )
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes {
            recv(descriptor, $0.baseAddress, $0.count, 0)
        }
        if count < 0 {
            return RawExchange(bytes: [], error: errno)
        }
        return RawExchange(bytes: Array(buffer[..<count]), error: nil)
    }
}
