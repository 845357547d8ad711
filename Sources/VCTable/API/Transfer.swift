internal import CGLib
internal import VCTableGObject
import FoundationEssentials

/// One fetch of a document (photos, feeds, songs) over HTTP(S) (libsoup) or from a file
/// (GIO), run on the `IOThread`: open a `GInputStream`, read it in 64 KiB chunks under a
/// size limit and an overall deadline, and hand back the bytes or a `VCTableError`.
///
/// An HTTP request uses `method` (`GET` unless told otherwise; a follow call is a `POST`
/// with no body); a file is always read, whatever the method.
///
/// Every field but `cancellable` is touched on the I/O thread only; `cancel()` is safe
/// from any thread (`GCancellable` is thread-safe). The continuation is resumed exactly once.
///
/// Ownership (ARCHITECTURE.md, "Transfers"): from `start` to `finish` the I/O thread owns
/// the transfer (`IOThread.adopt` / `release`), and the transfer owns one reference to its
/// `SoupMessage` and, once `soup_session_send_finish` has handed it over, the response
/// stream. `finish`, on the I/O thread and with no read pending, closes the stream, then
/// releases it, then the message; no GLib object of a transfer is closed or released
/// anywhere else, and none by a finalizer of libsoup's.
final class Transfer: @unchecked Sendable {
    enum Location {
        case http(String)
        case file(String)
    }

    private let location: Location
    private let method: String
    private let timeoutMilliseconds: UInt32
    private let maximumBodySize: Int
    /// Whether an HTTP response may come from, and go to, the disk cache (images only).
    private let usesDiskCache: Bool
    private let cancellable: UnsafeMutablePointer<GCancellable>

    // I/O-thread state.
    private var continuation: CheckedContinuation<Data, any Error>?
    private var message: OpaquePointer?
    private var stream: UnsafeMutablePointer<GInputStream>?
    private var timeoutSource: UnsafeMutablePointer<GSource>?
    private var timedOut = false
    private var declaredLength: Int64 = -1
    private var body = Data()
    private let chunk = UnsafeMutableRawPointer.allocate(byteCount: Transfer.chunkSize, alignment: 16)
    private static let chunkSize = 64 * 1024

    init(_ location: Location, method: String = "GET", timeout: Duration, maximumBodySize: Int, usesDiskCache: Bool = false) {
        self.location = location
        self.method = method
        self.usesDiskCache = usesDiskCache
        let milliseconds = timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000
        self.timeoutMilliseconds = UInt32(clamping: max(1, milliseconds))
        self.maximumBodySize = maximumBodySize
        self.cancellable = g_cancellable_new()
    }

    deinit {
        g_object_unref(cancellable)
        chunk.deallocate()
    }

    /// Runs the transfer; throws `CancellationError` when the calling task is cancelled.
    func run() async throws -> Data {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                IOThread.shared.scheduler.schedule { self.start(continuation) }
            }
        } onCancel: {
            self.cancel()
        }
    }

    func cancel() {
        g_cancellable_cancel(cancellable)
    }

    private var uri: String {
        switch location {
        case .http(let uri), .file(let uri): uri
        }
    }

    // MARK: I/O thread

    private func start(_ continuation: CheckedContinuation<Data, any Error>) {
        self.continuation = continuation
        IOThread.shared.adopt(self)
        if g_cancellable_is_cancelled(cancellable) != 0 {
            return finish(.failure(CancellationError()))
        }
        let source = g_timeout_source_new(timeoutMilliseconds)!
        g_source_set_name(source, "VCTable transfer timeout") // copies (see ContextQueue)
        g_source_set_callback(
            source,
            { userData in
                let transfer = Unmanaged<Transfer>.fromOpaque(userData!).takeUnretainedValue()
                transfer.timedOut = true
                transfer.cancel()
                return 0
            },
            Unmanaged.passRetained(self).toOpaque(),
            { userData in Unmanaged<Transfer>.fromOpaque(userData!).release() })
        g_source_attach(source, g_main_context_get_thread_default())
        timeoutSource = source

        switch location {
        case .http(let uri):
            guard let message = _vct_soup_message_new(method, uri) else {
                return finish(.failure(VCTableError(.invalidURI, "Cannot request \(uri): not a valid HTTP URI.")))
            }
            self.message = message
            if !usesDiskCache { _vct_soup_message_disable_cache(message) }
            _vct_soup_session_send_async(
                IOThread.shared.session, message, G_PRIORITY_DEFAULT, cancellable,
                { _, result, userData in
                    let transfer = Unmanaged<Transfer>.fromOpaque(userData!).takeRetainedValue()
                    transfer.sent(result)
                },
                Unmanaged.passRetained(self).toOpaque())
        case .file(let uri):
            let file = g_file_new_for_uri(uri)
            g_file_read_async(
                file, G_PRIORITY_DEFAULT, cancellable,
                { object, result, userData in
                    let transfer = Unmanaged<Transfer>.fromOpaque(userData!).takeRetainedValue()
                    transfer.opened(file: OpaquePointer(object), result)
                },
                Unmanaged.passRetained(self).toOpaque())
            g_object_unref(UnsafeMutableRawPointer(file))
        }
    }

    private func sent(_ result: OpaquePointer?) {
        // libsoup 3.2 (RELIABILITY.md, P4): when `cancellable` is cancelled after libsoup has
        // returned the response stream but before this callback, GTask reports the send as
        // cancelled and keeps the stream; `soup_session_send_finish` then ends the message's
        // I/O (`soup_message_io_finished` clears its `io_data`), and when the task is freed
        // after this callback its stream is closed by its finalizer:
        // `soup_client_input_stream_close_fn` → `soup_message_io_skip` →
        // `soup_client_message_io_skip (NULL, …)`, a read of address 0. Asking for the
        // task's real outcome makes libsoup hand the stream over; the cancel then ends the
        // first read, and `finish` closes the stream while its message can still take it.
        if let task = result, g_type_check_instance_is_a(
            UnsafeMutableRawPointer(task).assumingMemoryBound(to: GTypeInstance.self), g_task_get_type()) != 0 {
            g_task_set_check_cancellable(task, 0)
        }
        var error: UnsafeMutablePointer<GError>?
        guard let stream = _vct_soup_session_send_finish(IOThread.shared.session, result, &error) else {
            return finish(.failure(transportError(error, reading: false)))
        }
        self.stream = stream
        let status = Int(_vct_soup_message_get_status(message))
        guard (200..<300).contains(status) else {
            let reason = _vct_soup_message_get_reason_phrase(message).map { String(cString: $0) } ?? ""
            let text = reason.isEmpty ? "\(status)" : "\(status) \(reason)"
            return finish(.failure(VCTableError(.httpStatus, "The server answered HTTP \(text) for \(uri).", httpStatus: status)))
        }
        var length: gint64 = 0
        if _vct_soup_message_get_content_length(message, &length) != 0 {
            declaredLength = Int64(length)
            if declaredLength > Int64(maximumBodySize) {
                return finish(.failure(tooLarge(declared: declaredLength)))
            }
            body.reserveCapacity(Int(declaredLength))
        }
        readNext()
    }

    private func opened(file: OpaquePointer?, _ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        guard let stream = g_file_read_finish(file, result, &error) else {
            return finish(.failure(transportError(error, reading: false)))
        }
        self.stream = UnsafeMutableRawPointer(stream).assumingMemoryBound(to: GInputStream.self)
        readNext()
    }

    private func readNext() {
        g_input_stream_read_async(
            stream, chunk, gsize(Transfer.chunkSize), G_PRIORITY_DEFAULT, cancellable,
            { _, result, userData in
                let transfer = Unmanaged<Transfer>.fromOpaque(userData!).takeRetainedValue()
                transfer.read(result)
            },
            Unmanaged.passRetained(self).toOpaque())
    }

    private func read(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let count = g_input_stream_read_finish(stream, result, &error)
        if count < 0 {
            return finish(.failure(transportError(error, reading: true)))
        }
        if count == 0 {
            if declaredLength >= 0 && Int64(body.count) < declaredLength {
                return finish(.failure(VCTableError(
                    .truncatedBody,
                    "The response from \(uri) ended after \(body.count) of \(declaredLength) bytes.")))
            }
            return finish(.success(body))
        }
        body.append(chunk.assumingMemoryBound(to: UInt8.self), count: count)
        if body.count > maximumBodySize {
            return finish(.failure(tooLarge(declared: nil)))
        }
        readNext()
    }

    /// Ends the transfer on the I/O thread, with no read pending: the timeout goes, the
    /// stream is closed (for HTTP this ends the message's I/O; an unread rest of the body
    /// is not read, the connection is dropped), then the stream and the message are
    /// released in that order, and the continuation is resumed.
    private func finish(_ result: Result<Data, any Error>) {
        if let source = timeoutSource {
            g_source_destroy(source)
            g_source_unref(source)
            timeoutSource = nil
        }
        if let stream {
            g_input_stream_close(stream, nil, nil)
            g_object_unref(stream)
            self.stream = nil
        }
        if let message {
            g_object_unref(UnsafeMutableRawPointer(message))
            self.message = nil
        }
        body = Data()
        if usesDiskCache, case .http = location, case .success = result { IOThread.shared.diskCacheChanged() }
        continuation?.resume(with: result)
        continuation = nil
        IOThread.shared.release(self)
    }

    // MARK: Errors

    private func tooLarge(declared: Int64?) -> VCTableError {
        let size = declared.map { "\($0) bytes" } ?? "more than \(maximumBodySize) bytes"
        return VCTableError(.bodyTooLarge, "The response from \(uri) is \(size), over the limit of \(maximumBodySize) bytes.")
    }

    /// Maps a GIO/libsoup `GError` (which it frees) to a `VCTableError`.
    private func transportError(_ error: UnsafeMutablePointer<GError>?, reading: Bool) -> any Error {
        guard let error else { return VCTableError(.failed, "Fetching \(uri) failed for an unknown reason.") }
        defer { g_error_free(error) }
        let domain = error.pointee.domain
        let code = error.pointee.code
        let text = String(cString: error.pointee.message)
        if domain == g_io_error_quark() {
            switch GIOErrorEnum(rawValue: UInt32(code)) {
            case G_IO_ERROR_CANCELLED:
                if timedOut { return timeoutError() }
                return CancellationError()
            case G_IO_ERROR_TIMED_OUT:
                return timeoutError()
            default:
                break
            }
        }
        if case .file(let uri) = location {
            let path = g_filename_from_uri(uri, nil, nil).map { pointer in
                defer { g_free(pointer) }
                return String(cString: pointer)
            } ?? uri
            return VCTableError(.fileUnreadable, "Cannot read \(path): \(text).")
        }
        if reading {
            return VCTableError(
                .truncatedBody,
                "The response from \(uri) broke off after \(body.count) bytes: \(text).")
        }
        if domain == _vct_soup_session_error_quark() {
            if code == VCT_SOUP_SESSION_ERROR_TOO_MANY_REDIRECTS || code == VCT_SOUP_SESSION_ERROR_REDIRECT_NO_LOCATION
                || code == VCT_SOUP_SESSION_ERROR_REDIRECT_BAD_URI {
                return VCTableError(.httpStatus, "Following redirects from \(uri) failed: \(text).")
            }
        }
        return VCTableError(.connectionFailed, "Could not fetch \(uri): \(text).")
    }

    private func timeoutError() -> VCTableError {
        VCTableError(.timedOut, "Fetching \(uri) timed out after \(Double(timeoutMilliseconds) / 1000) s.")
    }
}
