import Foundation
import Synchronization

/// Loads images for `AsyncImage`s: fetch, decode, cache, in stages off the loop, with one
/// transfer per URL however many requests want it (kean/Nuke's `ImagePipeline` is the
/// model).
///
/// - **Fetch.** HTTP(S) through VCTable's `IOThread` and its one `SoupSession`, `file://`
///   and `resource://` through GIO (`Transfer`), under a size limit and a timeout. At most
///   `maximumConcurrentTransfers` run at once; the others wait, and the most recently
///   requested starts first (a list's visible rows are the ones bound last).
/// - **Share.** Requests for a URL join its fetch; the fetch is cancelled (its
///   `GCancellable`) when its last request is, and a fetch that never started is dropped.
/// - **Decode.** On the cooperative thread pool, with gdk-pixbuf, at the size each request
///   asked for: the dimensions are checked before any pixel is decoded (`maximumPixels`),
///   and a large image is decoded down to the box, never kept at full size.
/// - **Cache.** Decoded images in a memory cache bounded in bytes (`memoryCacheLimit`,
///   least recently used first out), keyed by URL and box; HTTP responses in the
///   process's disk cache (`diskCacheLimit`, libsoup's `SoupCache`), so another size of
///   the same URL, or the same after a restart, is read again without a request while
///   fresh. Failures are not cached: the next request tries again.
///
/// Safe from any thread. Completions run on the thread that finished the work (or inside
/// `loadImage` for an immediate answer); `AsyncImage` takes them to its context.
public final class ImagePipeline: Sendable {
    /// The limits of a pipeline.
    public struct Configuration: Sendable {
        /// The memory cache's bound, in bytes of decoded pixels (default 64 MiB).
        public var memoryCacheLimit = 64 << 20
        /// How many transfers run at once (default 6, a browser's per-host limit).
        public var maximumConcurrentTransfers = 6
        /// The largest encoded image accepted, in bytes (default 16 MiB).
        public var maximumEncodedSize = 16 << 20
        /// The most pixels an image may claim; a larger one is refused before decoding
        /// (default 40 million, 8000 × 5000).
        public var maximumPixels = 40_000_000
        /// How long one transfer may take (default 30 s).
        public var timeout: Duration = .seconds(30)

        /// The defaults.
        public init() {}
    }

    /// What the pipeline has done: for tests, benchmarks and a program's diagnostics.
    public struct Statistics: Sendable, Equatable {
        /// Transfers started since the pipeline was made (each is one GET or file read).
        public var transfersStarted: Int
        /// Transfers running now.
        public var transfersInFlight: Int
        /// The most transfers that ever ran at once.
        public var peakTransfersInFlight: Int
        /// Transfers cancelled because their last request went.
        public var transfersCancelled: Int
        /// Images decoded.
        public var decodes: Int
        /// Bytes of decoded pixels in the memory cache.
        public var memoryCacheCost: Int
        /// Images in the memory cache.
        public var memoryCacheCount: Int
    }

    /// The pipeline `AsyncImage`s use unless given another.
    public static let shared = ImagePipeline()

    struct Key: Hashable {
        let url: String
        let width: Int
        let height: Int
    }

    /// A completion, boxed so that the lock never holds a bare function value
    /// (swiftlang/swift#91348).
    struct Completion: Sendable {
        let call: @Sendable (Result<DecodedImage, VCTableError>) -> Void
    }

    private struct Request {
        let width: Int
        let height: Int
        let task: ImageTask
        let completion: Completion
    }

    /// One URL's transfer and the requests waiting for it; touched under the lock only
    /// (hence unchecked).
    private final class Fetch: @unchecked Sendable {
        let url: String
        let location: Transfer.Location
        var requests: [Int: Request] = [:]
        var transfer: Transfer?

        init(url: String, location: Transfer.Location) {
            self.url = url
            self.location = location
        }
    }

    private struct State {
        var configuration: Configuration
        var memory: CostLimitedCache<Key, DecodedImage>
        var fetches: [String: Fetch] = [:]
        /// Fetches waiting for a transfer slot, the most recently requested last.
        var pending: [Fetch] = []
        var nextRequest = 0
        var statistics = Statistics(
            transfersStarted: 0, transfersInFlight: 0, peakTransfersInFlight: 0, transfersCancelled: 0,
            decodes: 0, memoryCacheCost: 0, memoryCacheCount: 0)
    }

    private let state: Mutex<State>

    /// A pipeline with its own caches and limits.
    public init(configuration: Configuration = Configuration()) {
        state = Mutex(State(
            configuration: configuration,
            memory: CostLimitedCache(costLimit: configuration.memoryCacheLimit)))
    }

    /// The memory cache's bound in bytes; lowering it evicts at once.
    public var memoryCacheLimit: Int {
        get { state.withLock { $0.configuration.memoryCacheLimit } }
        set {
            state.withLock { state in
                state.configuration.memoryCacheLimit = max(0, newValue)
                state.memory.costLimit = max(0, newValue)
            }
        }
    }

    /// How many transfers run at once (at least 1).
    public var maximumConcurrentTransfers: Int {
        get { state.withLock { $0.configuration.maximumConcurrentTransfers } }
        set {
            let ready = state.withLock { state in
                state.configuration.maximumConcurrentTransfers = max(1, newValue)
                return Self.startReady(&state)
            }
            launch(ready)
        }
    }

    /// How long one transfer may take (default 30 s); for transfers started from now on.
    public var timeout: Duration {
        get { state.withLock { $0.configuration.timeout } }
        set { state.withLock { $0.configuration.timeout = max(.milliseconds(1), newValue) } }
    }

    /// The limits now.
    public var configuration: Configuration { state.withLock { $0.configuration } }

    /// What the pipeline has done so far.
    public var statistics: Statistics {
        state.withLock { state in
            var statistics = state.statistics
            statistics.memoryCacheCost = state.memory.totalCost
            statistics.memoryCacheCount = state.memory.count
            return statistics
        }
    }

    /// The bound of the disk cache of image responses, in bytes (default 128 MiB): one
    /// for the process, under `$XDG_CACHE_HOME/vctable/images`, shared by every pipeline
    /// (they share VCTable's HTTP session), kept across restarts and honouring HTTP
    /// freshness and validators.
    public static var diskCacheLimit: Int {
        get { IOThread.shared.diskCacheLimit }
        set { IOThread.shared.diskCacheLimit = newValue }
    }

    /// Empties the memory cache.
    public func removeAllCachedImages() {
        state.withLock { $0.memory.removeAll() }
    }

    /// The image for `url` decoded to fit `width` × `height`, if the memory cache has it
    /// (made the most recently used). Answers at once: a view binding a row asks this first
    /// and paints a hit in the same frame.
    public func cachedImage(url: String, width: Int, height: Int) -> DecodedImage? {
        state.withLock { $0.memory.value(for: Key(url: url, width: width, height: height)) }
    }

    /// Loads `url` decoded to fit `width` × `height` (0: unbounded on that side), calling
    /// `completion` once with the image or the error, unless the returned task is disposed
    /// first. A disposed task's completion is never called, and its transfer is cancelled
    /// if no other request wants it.
    public func loadImage(
        url: String, width: Int, height: Int,
        completion: @escaping @Sendable (Result<DecodedImage, VCTableError>) -> Void
    ) -> ImageTask {
        let key = Key(url: url, width: max(0, width), height: max(0, height))
        guard let location = Self.location(of: url) else {
            let task = ImageTask(pipeline: nil, url: url, id: -1)
            completion(.failure(VCTableError(
                .invalidURI, "Cannot load the image at \"\(url)\": not an http(s), file or resource URI.")))
            return task
        }
        enum Plan {
            case hit(DecodedImage)
            case wait
        }
        var ready: [(Fetch, Transfer)] = []
        let (task, plan) = state.withLock { state -> (ImageTask, Plan) in
            state.nextRequest += 1
            let task = ImageTask(pipeline: self, url: url, id: state.nextRequest)
            if let image = state.memory.value(for: key) { return (task, .hit(image)) }
            let fetch: Fetch
            if let existing = state.fetches[url] {
                fetch = existing
            } else {
                fetch = Fetch(url: url, location: location)
                state.fetches[url] = fetch
                state.pending.append(fetch)
            }
            fetch.requests[task.id] = Request(
                width: key.width, height: key.height, task: task, completion: Completion(call: completion))
            ready = Self.startReady(&state)
            return (task, .wait)
        }
        switch plan {
        case .hit(let image):
            completion(.success(image))
        case .wait:
            launch(ready)
        }
        return task
    }

    // MARK: Stages

    /// Moves pending fetches to transfer slots while there are free ones, most recently
    /// requested first; returns them for `launch`, outside the lock.
    private static func startReady(_ state: inout State) -> [(Fetch, Transfer)] {
        var ready: [(Fetch, Transfer)] = []
        while state.statistics.transfersInFlight < state.configuration.maximumConcurrentTransfers,
              let fetch = state.pending.popLast() {
            let transfer = Transfer(
                fetch.location, timeout: state.configuration.timeout,
                maximumBodySize: state.configuration.maximumEncodedSize, usesDiskCache: true)
            fetch.transfer = transfer
            state.statistics.transfersStarted += 1
            state.statistics.transfersInFlight += 1
            state.statistics.peakTransfersInFlight = max(
                state.statistics.peakTransfersInFlight, state.statistics.transfersInFlight)
            ready.append((fetch, transfer))
        }
        return ready
    }

    private func launch(_ ready: [(Fetch, Transfer)]) {
        for (fetch, transfer) in ready {
            Task.detached { await self.run(fetch, transfer) }
        }
    }

    private func run(_ fetch: Fetch, _ transfer: Transfer) async {
        let outcome: Result<Data, VCTableError>?
        do {
            outcome = .success(try await transfer.run())
        } catch is CancellationError {
            outcome = nil
        } catch {
            outcome = .failure(VCTableError(from: error))
        }
        var ready: [(Fetch, Transfer)] = []
        let requests = state.withLock { state -> [Request] in
            state.statistics.transfersInFlight -= 1
            if state.fetches[fetch.url] === fetch { state.fetches[fetch.url] = nil }
            let requests = Array(fetch.requests.values)
            fetch.requests = [:]
            ready = Self.startReady(&state)
            return requests
        }
        launch(ready)
        switch outcome {
        case .success(let data): decode(data, url: fetch.url, for: requests)
        case .failure(let error): for request in requests { request.task.complete(request.completion, .failure(error)) }
        case nil: break
        }
    }

    /// Decodes `data` once per box the requests asked for, caches each image and answers
    /// the requests. On the caller's thread (a pool thread).
    private func decode(_ data: Data, url: String, for requests: [Request]) {
        var images: [Key: Result<DecodedImage, VCTableError>] = [:]
        for request in requests where !request.task.isDisposed {
            let key = Key(url: url, width: request.width, height: request.height)
            if images[key] == nil {
                let maximumPixels = state.withLock { $0.configuration.maximumPixels }
                let result = Result { () throws(VCTableError) in
                    try ImageDecoder.decode(
                        data, width: request.width, height: request.height, maximumPixels: maximumPixels, uri: url)
                }
                state.withLock { state in
                    state.statistics.decodes += 1
                    if case .success(let image) = result {
                        state.memory.insert(image, for: key, cost: image.byteCount)
                    }
                }
                images[key] = result
            }
            request.task.complete(request.completion, images[key]!)
        }
    }

    /// A request's task was disposed: it leaves its fetch, and a fetch left with no
    /// request is dropped (pending) or cancelled (running).
    func cancel(url: String, id: Int) {
        let transfer = state.withLock { state -> Transfer? in
            guard let fetch = state.fetches[url], fetch.requests.removeValue(forKey: id) != nil,
                  fetch.requests.isEmpty
            else { return nil }
            state.fetches[url] = nil
            guard let transfer = fetch.transfer else {
                state.pending.removeAll { $0 === fetch }
                return nil
            }
            state.statistics.transfersCancelled += 1
            return transfer
        }
        transfer?.cancel()
    }

    /// Where `url` is read from: `http(s)://` through libsoup, `file://` and `resource://`
    /// through GIO; `nil` for anything else.
    static func location(of url: String) -> Transfer.Location? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        switch url[..<colon].lowercased() {
        case "http", "https": return .http(url)
        case "file", "resource": return .file(url)
        default: return nil
        }
    }
}

/// One request of an `ImagePipeline`: dispose it to say the image is no longer wanted.
public final class ImageTask: Disposable {
    private weak let pipeline: ImagePipeline?
    private let url: String
    let id: Int
    private let disposed = Atomic<Bool>(false)

    init(pipeline: ImagePipeline?, url: String, id: Int) {
        self.pipeline = pipeline
        self.url = url
        self.id = id
    }

    /// Whether it was disposed (or has completed).
    public var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    /// Cancels the request: its completion will not be called.
    public func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        pipeline?.cancel(url: url, id: id)
    }

    /// Calls `completion` with `result` unless disposed; at most once.
    func complete(_ completion: ImagePipeline.Completion, _ result: Result<DecodedImage, VCTableError>) {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        completion.call(result)
    }
}
