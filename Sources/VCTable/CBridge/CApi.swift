internal import CGLib
import Foundation
import Synchronization

/// `VctApi`: a reference-counted box around the `MyAPI` a C caller chose.
final class CApi: CHandle, @unchecked Sendable {
    let api: any MyAPI

    init(_ api: any MyAPI) {
        self.api = api
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

/// `VctApiRequest`: one get-photos call waiting for its C completion. Completing it
/// consumes the reference the C side was given. A request abandoned (superseded, or its
/// model finalized) resumes its waiter at once with `CancellationError`; a completion
/// arriving after that is dropped.
final class CApiRequest: CHandle, @unchecked Sendable {
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
        return CApi(try URIPhotosAPI(uri: text)).retainedPointer
    } catch {
        return CApi(FailingAPI(error: error)).retainedPointer
    }
}

@_spi(CInterop) @c(vct_api_new_for_uri_full)
public func vct_api_new_for_uri_full(
    _ uri: UnsafePointer<CChar>?, _ timeoutMilliseconds: UInt32, _ maximumBodySize: Int,
    _ error: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> OpaquePointer? {
    guard cCheck(uri != nil, "vct_api_new_for_uri_full", "uri != NULL") else { return nil }
    do {
        let api = try URIPhotosAPI(
            uri: String(cString: uri!),
            timeout: timeoutMilliseconds == 0 ? URIPhotosAPI.defaultTimeout : .milliseconds(timeoutMilliseconds),
            maximumBodySize: maximumBodySize == 0 ? URIPhotosAPI.defaultMaximumBodySize : maximumBodySize)
        return CApi(api).retainedPointer
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
    return CApi(CCustomAPI(getPhotos!, userData: userData, notify: notify)).retainedPointer
}

@_spi(CInterop) @c(vct_api_ref)
public func vct_api_ref(_ api: OpaquePointer?) -> OpaquePointer? {
    CApi.ref(api, "vct_api_ref", "api != NULL")
}

@_spi(CInterop) @c(vct_api_unref)
public func vct_api_unref(_ api: OpaquePointer?) {
    CApi.unref(api)
}

@_spi(CInterop) @c(vct_api_request_get_cancellable)
public func vct_api_request_get_cancellable(_ request: OpaquePointer?) -> UnsafeMutableRawPointer? {
    guard cCheck(request != nil, "vct_api_request_get_cancellable", "request != NULL") else { return nil }
    return UnsafeMutableRawPointer(CApiRequest.from(request!).cancellable)
}

@_spi(CInterop) @c(vct_api_request_return_json)
public func vct_api_request_return_json(_ request: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ length: Int) {
    guard cCheck(request != nil, "vct_api_request_return_json", "request != NULL") else { return }
    let request = CApiRequest.take(request!)
    guard cCheck(json != nil || length == 0, "vct_api_request_return_json", "json != NULL || length == 0") else {
        request.complete(.failure(VCTableError(.emptyResponse, "The custom API returned no JSON.")))
        return
    }
    let count = length < 0 ? strlen(json!) : length
    request.complete(.success(count == 0 ? Data() : Data(bytes: json!, count: count)))
}

@_spi(CInterop) @c(vct_api_request_return_error)
public func vct_api_request_return_error(_ request: OpaquePointer?, _ error: UnsafeRawPointer?) {
    guard cCheck(request != nil, "vct_api_request_return_error", "request != NULL") else { return }
    let request = CApiRequest.take(request!)
    guard cCheck(error != nil, "vct_api_request_return_error", "error != NULL") else {
        request.complete(.failure(VCTableError(.failed, "The custom API failed without saying why.")))
        return
    }
    request.complete(.failure(CError.read(error!.assumingMemoryBound(to: GError.self))))
}
