internal import CGLib
internal import VCTableGObject
import Foundation
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

    /// The core of a `VctApi *` argument, with GLib's critical for anything else.
    static func from(_ pointer: OpaquePointer?, _ function: StaticString) -> CApi? {
        guard let core = _vct_api_get_core(UnsafeRawPointer(pointer)) else {
            _ = cCheck(false, function, "VCT_IS_API (api)")
            return nil
        }
        return Unmanaged<CApi>.fromOpaque(core).takeUnretainedValue()
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

    /// The core of a `VctApiRequest *` argument, with GLib's critical for anything else.
    static func from(_ pointer: OpaquePointer?, _ function: StaticString) -> CApiRequest? {
        guard let core = _vct_api_request_get_core(UnsafeRawPointer(pointer)) else {
            _ = cCheck(false, function, "VCT_IS_API_REQUEST (request)")
            return nil
        }
        return Unmanaged<CApiRequest>.fromOpaque(core).takeUnretainedValue()
    }

    func complete(_ result: Result<Data, VCTableError>) {
        let continuation = state.withLock { state in
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: result.mapError { $0 as any Error })
    }

}

// MARK: - C entry points

@_spi(CInterop) @c(vct_api_new_for_uri)
public func vct_api_new_for_uri(_ uri: UnsafePointer<CChar>?) -> OpaquePointer? {
    guard cCheck(uri != nil, "vct_api_new_for_uri", "uri != NULL") else { return nil }
    let text = String(cString: uri!)
    do {
        return CApi.makeObject(try URIPhotosAPI(uri: text))
    } catch {
        return CApi.makeObject(FailingAPI(error: error))
    }
}

@_spi(CInterop) @c(vct_api_new_for_uri_full)
public func vct_api_new_for_uri_full(
    _ uri: UnsafePointer<CChar>?, _ timeoutMilliseconds: UInt32, _ maximumBodySize: UInt,
    _ error: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> OpaquePointer? {
    guard cCheck(uri != nil, "vct_api_new_for_uri_full", "uri != NULL") else { return nil }
    do {
        // A gsize: anything past Int.max (G_MAXSIZE for "no limit") is no limit.
        let api = try URIPhotosAPI(
            uri: String(cString: uri!),
            timeout: timeoutMilliseconds == 0 ? URIPhotosAPI.defaultTimeout : .milliseconds(timeoutMilliseconds),
            maximumBodySize: maximumBodySize == 0 ? URIPhotosAPI.defaultMaximumBodySize : Int(clamping: maximumBodySize))
        return CApi.makeObject(api)
    } catch let failure {
        error?.pointee = UnsafeMutableRawPointer(CError.make(failure))
        return nil
    }
}

@_spi(CInterop) @c(vct_api_new_custom)
public func vct_api_new_custom(
    _ getPhotos: (@convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void)?,
    _ userData: UnsafeMutableRawPointer?,
    _ notify: CDestroyNotify?
) -> OpaquePointer? {
    guard cCheck(getPhotos != nil, "vct_api_new_custom", "get_photos != NULL") else { return nil }
    return CApi.makeObject(CCustomAPI(getPhotos!, userData: userData, notify: notify))
}

@_spi(CInterop) @c(vct_api_request_get_cancellable)
public func vct_api_request_get_cancellable(_ request: OpaquePointer?) -> UnsafeMutableRawPointer? {
    guard let core = CApiRequest.from(request, "vct_api_request_get_cancellable") else { return nil }
    return UnsafeMutableRawPointer(core.cancellable)
}

@_spi(CInterop) @c(vct_api_request_return_json)
public func vct_api_request_return_json(_ pointer: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ length: Int) {
    guard let core = CApiRequest.from(pointer, "vct_api_request_return_json") else { return }
    // The caller's reference goes with the call (transfer full); `core` is kept by this
    // function's own reference until it returns.
    defer { g_object_unref(UnsafeMutableRawPointer(pointer)) }
    guard cCheck(json != nil || length == 0, "vct_api_request_return_json", "json != NULL || length == 0") else {
        core.complete(.failure(VCTableError(.emptyResponse, "The custom API returned no JSON.")))
        return
    }
    let count = length < 0 ? strlen(json!) : length
    core.complete(.success(count == 0 ? Data() : Data(bytes: json!, count: count)))
}

@_spi(CInterop) @c(vct_api_request_return_error)
public func vct_api_request_return_error(_ pointer: OpaquePointer?, _ error: UnsafeRawPointer?) {
    guard let core = CApiRequest.from(pointer, "vct_api_request_return_error") else { return }
    // The caller's reference goes with the call (transfer full); `core` is kept by this
    // function's own reference until it returns.
    defer { g_object_unref(UnsafeMutableRawPointer(pointer)) }
    guard cCheck(error != nil, "vct_api_request_return_error", "error != NULL") else {
        core.complete(.failure(VCTableError(.failed, "The custom API failed without saying why.")))
        return
    }
    core.complete(.failure(CError.read(error!.assumingMemoryBound(to: GError.self))))
}
