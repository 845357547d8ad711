import FoundationEssentials
import Synchronization

/// Loads images for `AsyncImage`s: fetch, decode, cache, in stages off the loop, with one
/// transfer per URL however many requests want it (kean/Nuke's `ImagePipeline` is the
/// model).
///
/// - **Fetch.** HTTP(S) through VCTable's `IOThread` and its one `SoupSession`, `file://`
///   and `resource://` through GIO (`Transfer`), under a size limit and a timeout. At most
///   `maximumConcurrentTransfers` run at once; the others wait, and the most recently
///   requested starts first (a list's visible rows are the ones bound last).
/// - **Share.** Requests for a URL join its fetch. A fetch that never started is dropped
///   when its last request is cancelled; a running one is cancelled (its `GCancellable`)
///   `cancellationDelay` later unless a request joins it again meanwhile. A list view
///   unbinds and rebinds the rows that move (GTK 4.8 every row after an insertion), and a
///   fling's rows come back: neither restarts a transfer. A transfer that ends with no
///   request left is still decoded, at the last request's size, into the memory cache. A
///   running transfer is not cancelled early to free its slot for a waiting one: over
///   HTTP/1.1 that closes its connection, and the next request pays for a new one (a TCP
///   and TLS handshake) where finishing a thumbnail costs less; the delay bounds the wait.
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
        /// How long a running transfer outlives its last request before it is cancelled
        /// (default 250 ms; zero: at once). A request for the URL meanwhile joins it.
        public var cancellationDelay: Duration = .milliseconds(250)

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
        /// Running with no request left: the box the last one asked for, decoded into the
        /// memory cache if the transfer ends before it is cancelled.
        var orphan: Key?
        /// Counts the times it was orphaned: a cancellation timer acts only on its own.
        var orphanings = 0
        /// Its transfer ended with a body that is being decoded: requests still join it.
        var decoding = false

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

    /// How long a running transfer outlives its last request (at least zero); for
    /// requests cancelled from now on.
    public var cancellationDelay: Duration {
        get { state.withLock { $0.configuration.cancellationDelay } }
        set { state.withLock { $0.configuration.cancellationDelay = max(.zero, newValue) } }
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
                existing.orphan = nil
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
            ready = Self.startReady(&state)
            guard case .success = outcome else {
                if state.fetches[fetch.url] === fetch { state.fetches[fetch.url] = nil }
                fetch.orphan = nil
                return Self.take(fetch)
            }
            // Requests for the URL keep joining the fetch until its last decode is cached.
            fetch.decoding = true
            return []
        }
        launch(ready)
        switch outcome {
        case .success(let data): decode(data, of: fetch)
        case .failure(let error): for request in requests { request.task.complete(request.completion, .failure(error)) }
        case nil: break
        }
    }

    /// The requests waiting for `fetch`, taken from it (under the lock).
    private static func take(_ fetch: Fetch) -> [Request] {
        let requests = Array(fetch.requests.values)
        fetch.requests = [:]
        return requests
    }

    /// Decodes the body of `fetch` once per box its requests (and its orphan's: the box of
    /// its last request gone) asked for, caches each image and answers the requests, then
    /// those that joined meanwhile, until none is left; then the fetch ends. On the
    /// caller's thread (a pool thread).
    private func decode(_ data: Data, of fetch: Fetch) {
        var images: [Key: Result<DecodedImage, VCTableError>] = [:]
        while true {
            let (requests, orphan) = state.withLock { state -> ([Request], Key?) in
                let requests = Self.take(fetch)
                let orphan = fetch.orphan
                fetch.orphan = nil
                if requests.isEmpty, orphan == nil, state.fetches[fetch.url] === fetch {
                    state.fetches[fetch.url] = nil
                }
                return (requests, orphan)
            }
            if requests.isEmpty, orphan == nil { return }
            decode(data, url: fetch.url, for: requests, caching: orphan, into: &images)
        }
    }

    /// Decodes `data` once per box the requests (and `orphan`) asked for, unless `images`
    /// or the memory cache has it, caches each image and answers the requests.
    private func decode(
        _ data: Data, url: String, for requests: [Request], caching orphan: Key?,
        into images: inout [Key: Result<DecodedImage, VCTableError>]
    ) {
        func image(_ key: Key) -> Result<DecodedImage, VCTableError> {
            if let image = images[key] { return image }
            if let image = state.withLock({ $0.memory.value(for: key) }) { return .success(image) }
            let maximumPixels = state.withLock { $0.configuration.maximumPixels }
            let result = Result { () throws(VCTableError) in
                try ImageDecoder.decode(data, width: key.width, height: key.height, maximumPixels: maximumPixels, uri: url)
            }
            state.withLock { state in
                state.statistics.decodes += 1
                if case .success(let image) = result {
                    state.memory.insert(image, for: key, cost: image.byteCount)
                }
            }
            images[key] = result
            return result
        }
        for request in requests where !request.task.isDisposed {
            request.task.complete(request.completion, image(Key(url: url, width: request.width, height: request.height)))
        }
        if let orphan { _ = image(orphan) }
    }

    /// A request's task was disposed: it leaves its fetch. A fetch left with no request is
    /// dropped (pending), or (running) cancelled `cancellationDelay` later unless a request
    /// joins it meanwhile.
    func cancel(url: String, id: Int) {
        enum Outcome {
            case none
            case cancel(Transfer)
            case expire(Fetch, orphaning: Int, after: Duration)
        }
        let outcome = state.withLock { state -> Outcome in
            guard let fetch = state.fetches[url], let request = fetch.requests.removeValue(forKey: id),
                  fetch.requests.isEmpty
            else { return .none }
            guard let transfer = fetch.transfer else {
                state.fetches[url] = nil
                state.pending.removeAll { $0 === fetch }
                return .none
            }
            if fetch.decoding {
                fetch.orphan = Key(url: url, width: request.width, height: request.height)
                return .none
            }
            let delay = state.configuration.cancellationDelay
            guard delay > .zero else {
                state.fetches[url] = nil
                state.statistics.transfersCancelled += 1
                return .cancel(transfer)
            }
            fetch.orphan = Key(url: url, width: request.width, height: request.height)
            fetch.orphanings += 1
            return .expire(fetch, orphaning: fetch.orphanings, after: delay)
        }
        switch outcome {
        case .none:
            break
        case .cancel(let transfer):
            transfer.cancel()
        case .expire(let fetch, let orphaning, let delay):
            Task.detached {
                try? await Task.sleep(for: delay)
                self.expire(fetch, orphaning: orphaning)
            }
        }
    }

    /// An orphan's delay is over: cancels its transfer unless a request joined it since, or
    /// it ended.
    private func expire(_ fetch: Fetch, orphaning: Int) {
        let transfer = state.withLock { state -> Transfer? in
            guard fetch.orphan != nil, fetch.orphanings == orphaning, !fetch.decoding else { return nil }
            fetch.orphan = nil
            if state.fetches[fetch.url] === fetch { state.fetches[fetch.url] = nil }
            state.statistics.transfersCancelled += 1
            return fetch.transfer
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
