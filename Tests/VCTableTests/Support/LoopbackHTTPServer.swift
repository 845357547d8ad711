import Dispatch
import Foundation
import Glibc
import Synchronization

/// A real HTTP/1.1 server on `127.0.0.1` that a test starts for itself, so that
/// an HTTP client can be driven against every kind of failure without mocking.
///
/// The server listens on an ephemeral port chosen by the kernel. One thread
/// blocks in `accept`; every connection is served on its own thread and answers
/// exactly one request (no keep-alive): the request head is read up to the
/// blank line (at most 64 KiB), any request body is ignored, and the
/// ``Behaviour`` routed to the request path decides what goes back on the wire.
/// Normal responses carry `Connection: close` and are followed by a clean close.
///
/// ``stop()`` closes the listener and every open connection and waits for the
/// threads to end; it is idempotent and also runs when the server is released.
final class LoopbackHTTPServer: Sendable {

    /// What the server does with a request routed to it.
    enum Behaviour: Sendable {
        /// Answers with `status`, `headers` and `body`. The server sets
        /// `Content-Length` from `body` and adds `Connection: close`; any
        /// `Content-Length` or `Connection` entry in `headers` is dropped.
        case respond(
            status: Int = 200,
            headers: [(String, String)] = [("Content-Type", "application/json")],
            body: [UInt8]
        )
        /// Announces `Content-Length: declaredLength`, sends `body` (meant to be
        /// shorter), then closes cleanly with a FIN.
        case truncated(body: [UInt8], declaredLength: Int)
        /// Announces the full length of `body`, sends its first `sendBytes`
        /// bytes, then resets the connection (RST through `SO_LINGER` 0).
        case resetMidBody(body: [UInt8], sendBytes: Int)
        /// Reads the request, then keeps the connection open and silent until
        /// ``LoopbackHTTPServer/stop()`` is called or the peer goes away.
        case neverAnswer
        /// Reads the request, then closes cleanly (FIN) without sending a byte.
        case closeWithoutResponse
        /// Sends the head (with `Content-Length`) at once, then `body`
        /// `chunkSize` bytes at a time with a pause of `interval` between two
        /// pieces. Aborts promptly on ``LoopbackHTTPServer/stop()`` or when the
        /// peer goes away.
        case trickle(body: [UInt8], chunkSize: Int, interval: Duration)
        /// Answers `status` (301, 302, …) with a `Location` header and an empty body.
        case redirect(status: Int, location: String)
        /// Sends `body` with `Transfer-Encoding: chunked`, `chunkSize` bytes per
        /// chunk, and the terminating zero-length chunk.
        case chunked(body: [UInt8], chunkSize: Int)
    }

    /// A socket call that failed while the server, or a refused URL, was set up.
    struct SocketError: Error, CustomStringConvertible {
        /// The name of the failing call, such as `bind`.
        let operation: String
        /// The `errno` value the call left behind.
        let code: Int32

        /// The call and the system's message for ``code``.
        var description: String {
            "\(operation) failed: \(String(cString: strerror(code))) (errno \(code))"
        }
    }

    /// The TCP port the server listens on, on `127.0.0.1`.
    let port: UInt16

    /// The sockets, threads and shared state; the threads retain it, never `self`,
    /// so that releasing the server stops it.
    private let engine: Engine

    /// Starts a server answering `routes` by request path and everything else
    /// with `fallback`.
    ///
    /// - Throws: ``SocketError`` when the listening socket cannot be set up.
    init(
        _ routes: [String: Behaviour] = [:],
        fallback: Behaviour = .respond(status: 404, body: Array("not found".utf8))
    ) throws {
        Self.ignoreBrokenPipeOnce()
        let listener = try Self.makeLoopbackSocket()
        guard listen(listener.descriptor, SOMAXCONN) == 0 else {
            let code = errno
            close(listener.descriptor)
            throw SocketError(operation: "listen", code: code)
        }
        port = listener.port
        engine = Engine(listener: listener.descriptor, routes: routes, fallback: fallback)
        engine.start()
    }

    deinit {
        engine.stop()
    }

    /// The URL of `path` on this server: `http://127.0.0.1:<port><path>`.
    func url(_ path: String) -> String {
        "http://127.0.0.1:\(port)\(path)"
    }

    /// Routes requests for `path` to `behaviour` from now on; safe to call while
    /// the server is running.
    func setRoute(_ path: String, _ behaviour: Behaviour) {
        engine.state.withLock { $0.routes[path] = behaviour }
    }

    /// The number of requests whose head was read completely, over all paths.
    var requestCount: Int {
        engine.state.withLock { $0.requestCount }
    }

    /// The number of requests whose head was read completely for `path`
    /// (query string excluded).
    func requests(for path: String) -> Int {
        engine.state.withLock { $0.requestsByPath[path, default: 0] }
    }

    /// Blocks until at least `count` requests have been read or `timeout` has
    /// passed, whichever comes first, waiting on a semaphore rather than polling.
    ///
    /// - Returns: Whether ``requestCount`` reached `count`. Returns `false` at
    ///   once when the server is stopped before that.
    func waitForRequests(_ count: Int, timeout: Duration) -> Bool {
        engine.waitForRequests(count, timeout: timeout)
    }

    /// Closes the listener and every open connection, then waits for the server
    /// threads to end. Calling it again does nothing more.
    func stop() {
        engine.stop()
    }

    /// A URL for `path` on a loopback port where nothing listens, so that
    /// connecting to it is refused (`ECONNREFUSED`).
    ///
    /// The port is obtained by binding `127.0.0.1:0` and closing the socket again.
    ///
    /// - Throws: ``SocketError`` when the probe socket cannot be bound.
    static func refusedURL(_ path: String = "/photos") throws -> String {
        // The socket stays bound and never listens, for the life of the process: a
        // connection to it is refused, and no other test's server can take the port in
        // the meantime (closing it here let a parallel server reuse the port).
        let probe = try makeLoopbackSocket(reusable: false)
        reservedPorts.withLock { $0.append(probe.descriptor) }
        return "http://127.0.0.1:\(probe.port)\(path)"
    }

    /// The bound, never-listening sockets behind `refusedURL`.
    private static let reservedPorts = Mutex<[Int32]>([])

    /// Makes writes to a closed peer fail with `EPIPE` instead of killing the process.
    private static func ignoreBrokenPipeOnce() {
        _ = brokenPipeIgnored
    }

    /// Evaluated once per process by ``ignoreBrokenPipeOnce()``.
    private static let brokenPipeIgnored: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()

    /// A TCP socket bound to `127.0.0.1` on a kernel-chosen port (with `SO_REUSEADDR`
    /// unless `reusable` is false: a port reserved without it cannot be shared), and that port.
    private static func makeLoopbackSocket(reusable: Bool = true) throws -> (descriptor: Int32, port: UInt16) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else {
            throw SocketError(operation: "socket", code: errno)
        }
        var reuse: Int32 = 1
        guard !reusable || setsockopt(
            descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size)
        ) == 0 else {
            let code = errno
            close(descriptor)
            throw SocketError(operation: "setsockopt(SO_REUSEADDR)", code: code)
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            let code = errno
            close(descriptor)
            throw SocketError(operation: "bind", code: code)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getsockname(descriptor, $0, &length)
            }
        }
        guard named == 0 else {
            let code = errno
            close(descriptor)
            throw SocketError(operation: "getsockname", code: code)
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }
}

extension LoopbackHTTPServer {

    /// The listener, the connection threads and the state they share.
    private final class Engine: Sendable {

        /// Everything the threads and the test share, guarded by ``state``.
        struct State {
            /// Behaviours by request path.
            var routes: [String: Behaviour]
            /// The behaviour for paths without a route.
            var fallback: Behaviour
            /// Requests whose head was read completely.
            var requestCount = 0
            /// ``requestCount`` split by path.
            var requestsByPath: [String: Int] = [:]
            /// Threads blocked in ``waitForRequests(_:timeout:)``.
            var waiters: [Waiter] = []
            /// The identifier the next waiter gets.
            var nextWaiterID = 0
            /// Connections not closed yet; only ever shut down under the lock,
            /// and removed before their thread closes them.
            var connections: Set<Int32> = []
            /// Whether the listening descriptor is still open.
            var isListenerOpen = true
            /// Whether ``stop()`` has been called.
            var isStopped = false
        }

        /// A thread waiting for the request count to reach `threshold`.
        struct Waiter {
            /// Tells this waiter apart when it removes itself.
            let id: Int
            /// The request count the waiter wants.
            let threshold: Int
            /// Signalled once the count reaches `threshold` or the server stops.
            let semaphore: DispatchSemaphore
        }

        /// How a connection thread lets go of its socket.
        enum Ending {
            /// FIN, then read until the peer closes too (bounded), then close,
            /// so that unread request bytes never turn the close into an RST.
            case graceful
            /// `SO_LINGER` 0, then close: the peer sees an RST.
            case reset
            /// Close straight away.
            case immediate
        }

        /// The most bytes read while looking for the end of a request head.
        static let maximumHeadLength = 64 * 1024
        /// How long a graceful close waits for the peer's FIN.
        static let lingerLimit = Duration.seconds(2)
        /// `SIOCOUTQ`: bytes in the send queue not yet acknowledged by the peer.
        static let outputQueueRequest: UInt = 0x5411

        /// The listening socket.
        let listener: Int32
        /// Routes, counters, waiters and open connections.
        let state: Mutex<State>
        /// Entered once per running thread; ``stop()`` waits for it to empty.
        let threads = DispatchGroup()

        /// Wraps a listening socket; call ``start()`` to accept connections.
        init(listener: Int32, routes: [String: Behaviour], fallback: Behaviour) {
            self.listener = listener
            state = Mutex(State(routes: routes, fallback: fallback))
        }

        /// Starts the accept thread.
        func start() {
            threads.enter()
            let thread = Thread { [self] in acceptConnections() }
            thread.name = "LoopbackHTTPServer.accept"
            thread.start()
        }

        /// Whether ``stop()`` has been called.
        var isStopped: Bool {
            state.withLock { $0.isStopped }
        }

        /// Marks the server stopped, shuts every socket down so that blocked
        /// calls return, releases the waiters, then waits for the threads.
        func stop() {
            state.withLock { state in
                guard !state.isStopped else { return }
                state.isStopped = true
                if state.isListenerOpen {
                    shutdown(listener, Int32(SHUT_RDWR))
                }
                for connection in state.connections {
                    shutdown(connection, Int32(SHUT_RDWR))
                }
                for waiter in state.waiters {
                    waiter.semaphore.signal()
                }
                state.waiters.removeAll()
            }
            _ = threads.wait(timeout: .now() + .seconds(5))
        }

        /// See ``LoopbackHTTPServer/waitForRequests(_:timeout:)``.
        func waitForRequests(_ count: Int, timeout: Duration) -> Bool {
            let semaphore = DispatchSemaphore(value: 0)
            let registration: Int? = state.withLock { state in
                guard state.requestCount < count, !state.isStopped else { return nil }
                state.nextWaiterID += 1
                state.waiters.append(
                    Waiter(id: state.nextWaiterID, threshold: count, semaphore: semaphore)
                )
                return state.nextWaiterID
            }
            if let id = registration {
                _ = semaphore.wait(timeout: .now() + Self.dispatchInterval(timeout))
                state.withLock { state in state.waiters.removeAll { $0.id == id } }
            }
            return state.withLock { $0.requestCount >= count }
        }

        // MARK: Accepting

        /// The accept thread: hands every connection to a thread of its own
        /// until ``stop()`` shuts the listener down.
        private func acceptConnections() {
            defer { threads.leave() }
            while true {
                let connection = accept(listener, nil, nil)
                if connection < 0 {
                    let code = errno
                    let stopping = state.withLock { state in
                        guard state.isStopped else { return false }
                        state.isListenerOpen = false
                        return true
                    }
                    if stopping {
                        close(listener)
                        return
                    }
                    if code != EINTR && code != ECONNABORTED {
                        usleep(10_000)  // EMFILE and the like: let descriptors free up.
                    }
                    continue
                }
                let admitted = state.withLock { state in
                    guard !state.isStopped else { return false }
                    state.connections.insert(connection)
                    threads.enter()
                    return true
                }
                guard admitted else {
                    close(connection)
                    continue
                }
                let thread = Thread { [self] in serve(connection) }
                thread.name = "LoopbackHTTPServer.connection"
                thread.start()
            }
        }

        /// A connection thread: reads one request head and plays its behaviour.
        private func serve(_ connection: Int32) {
            defer { threads.leave() }
            guard let path = readRequestPath(from: connection) else {
                release(connection, .immediate)
                return
            }
            let behaviour = recordRequest(for: path)
            release(connection, perform(behaviour, on: connection))
        }

        /// Counts a request for `path`, wakes the waiters it satisfies and
        /// returns the behaviour routed to it.
        private func recordRequest(for path: String) -> Behaviour {
            state.withLock { state in
                state.requestCount += 1
                state.requestsByPath[path, default: 0] += 1
                let count = state.requestCount
                state.waiters.removeAll { waiter in
                    guard waiter.threshold <= count else { return false }
                    waiter.semaphore.signal()
                    return true
                }
                return state.routes[path] ?? state.fallback
            }
        }

        /// Lets go of `connection` as `ending` says and forgets it.
        private func release(_ connection: Int32, _ ending: Ending) {
            switch ending {
            case .graceful:
                shutdown(connection, Int32(SHUT_WR))
                _ = waitQuietly(on: connection, for: Self.lingerLimit)
            case .reset:
                waitUntilSent(on: connection, within: Self.lingerLimit)
                var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
                setsockopt(
                    connection, SOL_SOCKET, SO_LINGER, &linger,
                    socklen_t(MemoryLayout<Glibc.linger>.size)
                )
            case .immediate:
                break
            }
            state.withLock { state in _ = state.connections.remove(connection) }
            close(connection)
        }

        // MARK: Behaviours

        /// Plays `behaviour` on `connection` and says how to close it.
        private func perform(_ behaviour: Behaviour, on connection: Int32) -> Ending {
            switch behaviour {
            case let .respond(status, headers, body):
                let kept = headers.filter { name, _ in
                    let lowered = name.lowercased()
                    return lowered != "content-length" && lowered != "connection"
                }
                let head = Self.head(
                    status: status, headers: kept + [("Content-Length", "\(body.count)")]
                )
                return send(head + body, on: connection) ? .graceful : .immediate

            case let .truncated(body, declaredLength):
                let head = Self.head(
                    status: 200,
                    headers: [
                        ("Content-Type", "application/json"),
                        ("Content-Length", "\(declaredLength)"),
                    ]
                )
                return send(head + body, on: connection) ? .graceful : .immediate

            case let .resetMidBody(body, sendBytes):
                let head = Self.head(
                    status: 200,
                    headers: [
                        ("Content-Type", "application/json"),
                        ("Content-Length", "\(body.count)"),
                    ]
                )
                let sent = Array(body.prefix(max(0, sendBytes)))
                return send(head + sent, on: connection) ? .reset : .immediate

            case .neverAnswer:
                while waitQuietly(on: connection, for: .seconds(3600)) {}
                return .immediate

            case .closeWithoutResponse:
                return .graceful

            case let .trickle(body, chunkSize, interval):
                let head = Self.head(
                    status: 200,
                    headers: [
                        ("Content-Type", "application/json"),
                        ("Content-Length", "\(body.count)"),
                    ]
                )
                guard send(head, on: connection) else { return .immediate }
                for (index, piece) in Self.pieces(of: body, size: chunkSize).enumerated() {
                    if index > 0 {
                        guard waitQuietly(on: connection, for: interval) else { return .immediate }
                    }
                    guard send(piece, on: connection) else { return .immediate }
                }
                return .graceful

            case let .redirect(status, location):
                let head = Self.head(
                    status: status,
                    headers: [("Location", location), ("Content-Length", "0")]
                )
                return send(head, on: connection) ? .graceful : .immediate

            case let .chunked(body, chunkSize):
                let head = Self.head(
                    status: 200,
                    headers: [
                        ("Content-Type", "application/json"),
                        ("Transfer-Encoding", "chunked"),
                    ]
                )
                guard send(head, on: connection) else { return .immediate }
                for piece in Self.pieces(of: body, size: chunkSize) {
                    let size = Array("\(String(piece.count, radix: 16))\r\n".utf8)
                    let framed = size + piece + Array("\r\n".utf8)
                    guard send(framed, on: connection) else { return .immediate }
                }
                return send(Array("0\r\n\r\n".utf8), on: connection) ? .graceful : .immediate
            }
        }

        // MARK: Socket input and output

        /// Reads up to the end of the request head and returns the request
        /// path without its query string, or `nil` when the peer closed, an
        /// error occurred or the head exceeded ``maximumHeadLength``.
        private func readRequestPath(from connection: Int32) -> String? {
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            let terminator: [UInt8] = Array("\r\n\r\n".utf8)
            while received.count < Self.maximumHeadLength {
                let wanted = min(buffer.count, Self.maximumHeadLength - received.count)
                let count = buffer.withUnsafeMutableBytes {
                    recv(connection, $0.baseAddress, wanted, 0)
                }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return nil }
                let searchStart = max(0, received.count - (terminator.count - 1))
                received.append(contentsOf: buffer[..<count])
                if let end = Self.firstRange(of: terminator, in: received, from: searchStart) {
                    return Self.requestPath(inHead: received[..<end])
                }
            }
            return nil
        }

        /// Sends all of `bytes` with `MSG_NOSIGNAL`; `false` once the peer is gone.
        private func send(_ bytes: [UInt8], on connection: Int32) -> Bool {
            var offset = 0
            while offset < bytes.count {
                let count = bytes.withUnsafeBytes {
                    Glibc.send(
                        connection, $0.baseAddress! + offset, bytes.count - offset,
                        Int32(MSG_NOSIGNAL)
                    )
                }
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += count
            }
            return true
        }

        /// Waits `duration` on `connection`, discarding whatever the peer sends.
        ///
        /// - Returns: `true` when the whole duration passed with the connection
        ///   alive; `false` as soon as the peer closed, an error occurred or
        ///   ``stop()`` shut the socket down.
        private func waitQuietly(on connection: Int32, for duration: Duration) -> Bool {
            let clock = ContinuousClock()
            let deadline = clock.now.advanced(by: duration)
            var scratch = [UInt8](repeating: 0, count: 1024)
            while !isStopped {
                let remaining = clock.now.duration(to: deadline)
                guard remaining > .zero else { return true }
                var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
                let ready = poll(&descriptor, 1, Self.pollMilliseconds(remaining))
                if ready < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                guard ready > 0 else { continue }
                if descriptor.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 {
                    return false
                }
                let count = scratch.withUnsafeMutableBytes {
                    recv(connection, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
                }
                if count == 0 { return false }
                if count < 0 && errno != EINTR && errno != EAGAIN { return false }
            }
            return false
        }

        /// Waits (bounded) until the peer acknowledged everything sent on
        /// `connection`, so that an RST does not discard bytes still queued.
        private func waitUntilSent(on connection: Int32, within limit: Duration) {
            let clock = ContinuousClock()
            let deadline = clock.now.advanced(by: limit)
            while clock.now < deadline && !isStopped {
                var pending: Int32 = 0
                guard ioctl(connection, Self.outputQueueRequest, &pending) == 0, pending > 0 else {
                    return
                }
                usleep(1_000)
            }
        }

        // MARK: Formatting and parsing

        /// A response head with `Connection: close` appended to `headers`.
        private static func head(status: Int, headers: [(String, String)]) -> [UInt8] {
            var text = "HTTP/1.1 \(status) \(reasonPhrase(for: status))\r\n"
            for (name, value) in headers + [("Connection", "close")] {
                text += "\(name): \(value)\r\n"
            }
            text += "\r\n"
            return Array(text.utf8)
        }

        /// The standard reason phrase for `status`, or a generic one.
        private static func reasonPhrase(for status: Int) -> String {
            switch status {
            case 200: "OK"
            case 201: "Created"
            case 204: "No Content"
            case 301: "Moved Permanently"
            case 302: "Found"
            case 303: "See Other"
            case 304: "Not Modified"
            case 307: "Temporary Redirect"
            case 308: "Permanent Redirect"
            case 400: "Bad Request"
            case 401: "Unauthorized"
            case 403: "Forbidden"
            case 404: "Not Found"
            case 408: "Request Timeout"
            case 429: "Too Many Requests"
            case 500: "Internal Server Error"
            case 502: "Bad Gateway"
            case 503: "Service Unavailable"
            case 504: "Gateway Timeout"
            default: "Status \(status)"
            }
        }

        /// `bytes` cut into consecutive pieces of `size` bytes (at least one byte each).
        private static func pieces(of bytes: [UInt8], size: Int) -> [[UInt8]] {
            let step = max(1, size)
            return stride(from: 0, to: bytes.count, by: step).map {
                Array(bytes[$0..<min($0 + step, bytes.count)])
            }
        }

        /// The index where `needle` first occurs in `haystack` at or after `start`.
        private static func firstRange(
            of needle: [UInt8], in haystack: [UInt8], from start: Int
        ) -> Int? {
            guard haystack.count >= needle.count else { return nil }
            for index in start...(haystack.count - needle.count)
            where haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            return nil
        }

        /// The path of the request line in `head`, without query or fragment.
        private static func requestPath(inHead head: ArraySlice<UInt8>) -> String {
            let requestLine = head.prefix { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }
            let parts = String(decoding: requestLine, as: UTF8.self).split(separator: " ")
            guard parts.count >= 2 else { return "" }
            let target = parts[1]
            return String(target.prefix { $0 != "?" && $0 != "#" })
        }

        /// `duration` in whole milliseconds for `poll`, rounded up and clamped.
        private static func pollMilliseconds(_ duration: Duration) -> Int32 {
            let (seconds, attoseconds) = duration.components
            let perMillisecond: Int64 = 1_000_000_000_000_000
            let milliseconds = seconds * 1_000 + (attoseconds + perMillisecond - 1) / perMillisecond
            return Int32(clamping: max(1, milliseconds))
        }

        /// `duration` as a Dispatch interval, clamped to what fits.
        private static func dispatchInterval(_ duration: Duration) -> DispatchTimeInterval {
            let (seconds, attoseconds) = duration.components
            let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
            guard !overflow else { return .seconds(Int(clamping: seconds)) }
            return .nanoseconds(Int(clamping: max(0, scaled + attoseconds / 1_000_000_000)))
        }
    }
}
