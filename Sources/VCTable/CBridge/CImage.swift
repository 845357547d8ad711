internal import CGLib
internal import VCTableGObject

/// The Swift core of a `VctImageLoader` (vct-image-loader.c): an `ImagePipeline`.
final class CImageLoader: Sendable {
    let pipeline: ImagePipeline

    init(_ pipeline: ImagePipeline) {
        self.pipeline = pipeline
    }

    /// A `VctImageLoaderValue`.
    func value(_ what: VctImageLoaderValue) -> UInt64 {
        switch what {
        case VCT_IMAGE_LOADER_MEMORY_LIMIT: UInt64(pipeline.memoryCacheLimit)
        case VCT_IMAGE_LOADER_MAX_TRANSFERS: UInt64(pipeline.maximumConcurrentTransfers)
        case VCT_IMAGE_LOADER_MEMORY_USAGE: UInt64(pipeline.statistics.memoryCacheCost)
        case VCT_IMAGE_LOADER_TRANSFERS_IN_FLIGHT: UInt64(pipeline.statistics.transfersInFlight)
        case VCT_IMAGE_LOADER_TRANSFERS_STARTED: UInt64(pipeline.statistics.transfersStarted)
        case VCT_IMAGE_LOADER_DISK_CACHE_LIMIT: UInt64(ImagePipeline.diskCacheLimit)
        case VCT_IMAGE_LOADER_TIMEOUT_MS: Self.milliseconds(pipeline.timeout)
        case VCT_IMAGE_LOADER_CANCEL_DELAY_MS: Self.milliseconds(pipeline.cancellationDelay)
        default: 0
        }
    }

    func set(_ what: VctImageLoaderValue, _ value: UInt64) {
        switch what {
        case VCT_IMAGE_LOADER_MEMORY_LIMIT: pipeline.memoryCacheLimit = Int(clamping: value)
        case VCT_IMAGE_LOADER_MAX_TRANSFERS: pipeline.maximumConcurrentTransfers = Int(clamping: value)
        case VCT_IMAGE_LOADER_DISK_CACHE_LIMIT: ImagePipeline.diskCacheLimit = Int(clamping: value)
        case VCT_IMAGE_LOADER_TIMEOUT_MS: pipeline.timeout = .milliseconds(Int64(clamping: value))
        case VCT_IMAGE_LOADER_CANCEL_DELAY_MS: pipeline.cancellationDelay = .milliseconds(Int64(clamping: value))
        default: break
        }
    }

    private static func milliseconds(_ duration: Duration) -> UInt64 {
        UInt64(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }

    static func borrowed(_ core: UnsafeMutableRawPointer?) -> CImageLoader {
        Unmanaged<CImageLoader>.fromOpaque(core!).takeUnretainedValue()
    }
}

/// The Swift core of a `VctImage` (vct-image.c): an `AsyncImage`, whose every state the
/// object stores (`_vct_image_store`). The object owns the core; the core refers to the
/// object weakly, and its observer (disposed in `deinit`) captures only that reference,
/// so the image never keeps its object alive.
final class CImage: @unchecked Sendable {
    /// `VctImageState` (vct-image.h, which the Swift core does not import).
    private enum VctImageStateValue {
        static let none: gint = 0
        static let loading: gint = 1
        static let loaded: gint = 2
        static let failed: gint = 3
    }

    let image: AsyncImage
    private let object: WeakObject
    private var subscription: (any Disposable)?

    init(object: UnsafeMutableRawPointer, pipeline: ImagePipeline, url: String?) {
        image = AsyncImage(url: url, pipeline: pipeline)
        self.object = WeakObject(object)
        let object = self.object
        subscription = image.observe { state in
            guard let strong = object.get() else { return }
            defer { g_object_unref(strong) }
            switch state {
            case .none: _vct_image_store(strong, VctImageStateValue.none, nil, nil)
            case .loading: _vct_image_store(strong, VctImageStateValue.loading, nil, nil)
            case .loaded(let decoded):
                _vct_image_store(strong, VctImageStateValue.loaded, decoded.pixbuf, nil)
            case .failed(let failure):
                let error = CError.make(failure)
                defer { g_error_free(error) }
                _vct_image_store(strong, VctImageStateValue.failed, nil, error)
            }
        }
    }

    deinit {
        subscription?.dispose()
    }

    static func borrowed(_ core: UnsafeMutableRawPointer?) -> CImage {
        Unmanaged<CImage>.fromOpaque(core!).takeUnretainedValue()
    }
}
