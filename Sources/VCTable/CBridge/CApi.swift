internal import CGLib
internal import VCTableGObject
import FoundationEssentials
import Synchronization

/// The Swift core of a `VctApi` object (vct-api.c): the `MyAPI` a C caller chose.
final class CApi: @unchecked Sendable {
    let api: any MyAPI

    private init(_ api: any MyAPI) {
        self.api = api
    }

    /// A new `VctApi` object (transfer full) for `api`.
    static func makeObject(_ api: any MyAPI) -> OpaquePointer {
        OpaquePointer(_vct_api_new(Unmanaged.passRetained(CApi(api)).toOpaque())!)
    }
}

/// A `MyAPI` backed by a C `VctApiGetPhotosFunc`: each fetch hands the function a
/// `VctApiRequest` on the context the API was created on, and waits for its completion.
final class CCustomAPI: MyAPI, @unchecked Sendable {
    typealias GetPhotos = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void

    private let getPhotosFunction: GetPhotos
    private let source: CCustomSource

    init(_ function: @escaping GetPhotos, userData: UnsafeMutableRawPointer?, notify: CDestroyNotify?) {
        getPhotosFunction = function
        source = CCustomSource(userData: userData, notify: notify)
    }

    func getPhotos() async throws -> Data {
        let function = getPhotosFunction
        return try await source.call { request, userData in function(request, userData) }
    }
}

/// The Swift core of a `VctApiRequest` object (vct-api.c): one get-photos call waiting
/// for its C completion. Completing it consumes the reference the C side was given. A
/// request abandoned (superseded, or its model finalized) resumes its waiter at once with
/// `CancellationError`; a completion arriving after that is dropped.
final class CApiRequest: @unchecked Sendable {
    private struct State {
        var continuation: CheckedContinuation<Data, any Error>?
        var abandoned = false
    }

    private let state = Mutex(State())
    let cancellable: UnsafeMutablePointer<GCancellable> = g_cancellable_new()

    deinit {
        g_object_unref(cancellable)
    }

    var isAbandoned: Bool { state.withLock { $0.abandoned } }

    /// Stores the waiter; returns false (having resumed it) when already abandoned.
    func begin(_ continuation: CheckedContinuation<Data, any Error>) -> Bool {
        let abandoned = state.withLock { state -> Bool in
            if !state.abandoned { state.continuation = continuation }
            return state.abandoned
        }
        if abandoned { continuation.resume(throwing: CancellationError()) }
        return !abandoned
    }

    func abandon() {
        let continuation = state.withLock { state in
            state.abandoned = true
            defer { state.continuation = nil }
            return state.continuation
        }
        g_cancellable_cancel(cancellable)
        continuation?.resume(throwing: CancellationError())
    }

    /// A new `VctApiRequest` object (transfer full) whose core is `self`.
    func makeObject() -> OpaquePointer {
        OpaquePointer(_vct_api_request_new(Unmanaged.passRetained(self).toOpaque())!)
    }

    func complete(_ result: Result<Data, VCTableError>) {
        let continuation = state.withLock { state in
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: result.mapError { $0 as any Error })
    }
}

// MARK: - The constructors and completions (vct-api.c checks the arguments)

extension CApi {
    /// `vct_api_new_for_uri` (`orFailing`) and `vct_api_new_for_uri_full`.
    static func makeObject(
        uri: UnsafePointer<CChar>, timeoutMilliseconds: UInt32, maximumBodySize: Int, orFailing: Bool,
        error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
    ) -> UnsafeMutableRawPointer? {
        do {
            // A gsize: anything past Int.max (G_MAXSIZE for "no limit") is no limit.
            let api = try URIPhotosAPI(
                uri: String(cString: uri),
                timeout: timeoutMilliseconds == 0 ? URIPhotosAPI.defaultTimeout : .milliseconds(timeoutMilliseconds),
                maximumBodySize: maximumBodySize == 0 ? URIPhotosAPI.defaultMaximumBodySize : maximumBodySize)
            return UnsafeMutableRawPointer(makeObject(api))
        } catch let failure {
            if orFailing { return UnsafeMutableRawPointer(makeObject(FailingService(error: failure))) }
            error?.pointee = CError.make(failure)
            return nil
        }
    }
}

extension CApiRequest {
    /// `vct_api_request_return_json`: the document, copied.
    func returnJSON(_ json: UnsafePointer<CChar>?, count: Int) {
        complete(.success(count == 0 || json == nil ? Data() : Data(bytes: json!, count: count)))
    }

    /// `vct_api_request_return_error`.
    func returnError(_ error: UnsafePointer<GError>) {
        complete(.failure(CError.read(error)))
    }
}
