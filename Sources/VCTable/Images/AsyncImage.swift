import Synchronization

extension RowViewModel {
    /// A new `AsyncImage` of the row's image `name` (one of `imageSources`: the photo
    /// row's `"thumbnail"`, a member's `"avatar"`), from the URL property it loads;
    /// `nil` for a name the row does not have. A Swift view makes one when it binds the
    /// row (the row is a value, made anew on a reload) and binds it; a memory-cache hit
    /// is loaded at once.
    public func asyncImage(
        _ name: String, pipeline: ImagePipeline = .shared, scheduler: MainContextScheduler = .threadDefault()
    ) -> AsyncImage? {
        guard let source = imageSources[name] else { return nil }
        guard case .string(let url) = property(source) else {
            return AsyncImage(url: nil, pipeline: pipeline, scheduler: scheduler)
        }
        return AsyncImage(url: url, pipeline: pipeline, scheduler: scheduler)
    }
}

/// The image of a row (the original feed's `PhotoViewModel.image`): a URL, and the image
/// loaded from it while a view shows it.
///
/// A view says when it starts showing the image and when it stops: `bind(width:height:)`
/// returns a `Disposable` that ends the binding (the C face: `vct_image_bind` and
/// `vct_image_unbind`). Nothing is fetched before the first binding. While bound:
/// - a memory-cache hit is answered inside `bind`: the image is `.loaded` when it returns,
///   so a view paints it in the frame it binds in, with no placeholder frame;
/// - otherwise the image is `.loading` until its `ImagePipeline` delivers it, then
///   `.loaded` or `.failed`, on the context thread.
///
/// When the last binding ends, a load still running is cancelled (the pipeline cancels
/// the transfer if no other image wants it, after its `cancellationDelay`: a binding
/// meanwhile joins it) and the image goes back to `.none`, dropping
/// its pixels: the memory cache keeps them within its bound, and the next binding finds
/// them there. A failure is not retried until the next binding. A new `url` cancels what
/// was loading for the old one, and a late result of an old load is dropped (each load
/// has a generation), so a recycled view never shows another row's image.
///
/// Confined to its scheduler's context: make it, bind it, set its URL and read its state
/// on the thread that iterates that context. Observers are called there, synchronously,
/// when the state changes.
public final class AsyncImage: Sendable {
    /// What the image shows.
    public enum State: Sendable, Equatable {
        /// Not bound, or no URL: a view shows its placeholder.
        case none
        /// Being fetched or decoded.
        case loading
        /// Loaded, at the size the bindings asked for.
        case loaded(DecodedImage)
        /// The last load failed; the next binding tries again.
        case failed(VCTableError)
    }

    private struct Inner: ~Copyable {
        var url: String?
        var state: State = .none
        var bindings = 0
        var width = 0
        var height = 0
        var generation = 0
        var task: ImageTask?
        var observers = SubscriberList<State>()
    }

    private let inner: Mutex<Inner>
    /// The pipeline that loads it.
    public let pipeline: ImagePipeline
    /// Where its changes are reported.
    public let scheduler: MainContextScheduler

    /// An image of `url` (none: nothing to show), loaded by `pipeline`, reporting on
    /// `scheduler` (by default the calling thread's thread-default context).
    public init(url: String?, pipeline: ImagePipeline = .shared, scheduler: MainContextScheduler = .threadDefault()) {
        inner = Mutex(Inner(url: url))
        self.pipeline = pipeline
        self.scheduler = scheduler
    }

    deinit {
        inner.withLock { $0.task }?.dispose()
    }

    /// The URL. Setting another one drops what was loaded or loading and, while bound,
    /// loads the new one.
    public var url: String? {
        get { inner.withLock { $0.url } }
        set {
            let changed = inner.withLock { inner -> Bool in
                guard inner.url != newValue else { return false }
                inner.url = newValue
                return true
            }
            guard changed else { return }
            reload()
        }
    }

    /// The state now.
    public var state: State { inner.withLock { $0.state } }

    /// The loaded image, if any.
    public var image: DecodedImage? {
        if case .loaded(let image) = state { return image }
        return nil
    }

    /// How many bindings are active.
    public var bindingCount: Int { inner.withLock { $0.bindings } }

    /// Calls `observer` on every change of `state` (on the context thread, synchronously)
    /// until the returned disposable is disposed.
    public func observe(_ observer: @escaping @Sendable (State) -> Void) -> any Disposable {
        let subscriber = Subscriber<State> { state in
            observer(state)
            return true
        }
        inner.withLock { $0.observers.append(subscriber) }
        return subscriber
    }

    /// Starts showing the image in a box of `width` × `height` pixels (0: unbounded on
    /// that side); the returned disposable ends this binding (dispose it on the context
    /// thread).
    public func bind(width: Int, height: Int) -> any Disposable {
        retain(width: width, height: height)
        return ActionDisposable { [self] in release() }
    }

    /// One binding more (the C face's `vct_image_bind`). A box larger than the one loaded
    /// loads the image again at the larger size.
    func retain(width: Int, height: Int) {
        let needsLoad = inner.withLock { inner -> Bool in
            inner.bindings += 1
            if inner.bindings == 1 {
                inner.width = max(0, width)
                inner.height = max(0, height)
                return true
            }
            let box = (width: Self.union(inner.width, width), height: Self.union(inner.height, height))
            guard box != (inner.width, inner.height) else { return false }
            (inner.width, inner.height) = box
            return true
        }
        if needsLoad { reload() }
    }

    /// One binding less (the C face's `vct_image_unbind`); after the last, a running load
    /// is cancelled and the image goes back to `.none`.
    func release() {
        let ended = inner.withLock { inner -> ImageTask?? in
            guard inner.bindings > 0 else { return nil }
            inner.bindings -= 1
            guard inner.bindings == 0 else { return nil }
            inner.generation += 1
            defer { inner.task = nil }
            return .some(inner.task)
        }
        guard let ended else { return }
        ended?.dispose()
        set(.none)
    }

    /// The larger of two box sides, 0 being unbounded.
    private static func union(_ side: Int, _ other: Int) -> Int {
        side == 0 || other <= 0 ? 0 : max(side, other)
    }

    /// Starts over for the current URL and box: the previous load is cancelled; while
    /// bound, a cache hit is the state at once, anything else starts a load.
    private func reload() {
        let (previous, plan) = inner.withLock { inner -> (ImageTask?, (url: String, width: Int, height: Int, generation: Int)?) in
            inner.generation += 1
            let previous = inner.task
            inner.task = nil
            guard inner.bindings > 0, let url = inner.url, !url.isEmpty else { return (previous, nil) }
            return (previous, (url, inner.width, inner.height, inner.generation))
        }
        previous?.dispose()
        guard let plan else {
            set(.none)
            return
        }
        if let image = pipeline.cachedImage(url: plan.url, width: plan.width, height: plan.height) {
            set(.loaded(image))
            return
        }
        set(.loading)
        let scheduler = self.scheduler
        let owner = WeakBox(self)
        let task = pipeline.loadImage(url: plan.url, width: plan.width, height: plan.height) { result in
            scheduler.schedule { owner.value?.finish(result, generation: plan.generation) }
        }
        let stale = inner.withLock { inner -> Bool in
            guard inner.generation == plan.generation else { return true }
            inner.task = task
            return false
        }
        if stale { task.dispose() }
    }

    private func finish(_ result: Result<DecodedImage, VCTableError>, generation: Int) {
        let current = inner.withLock { inner -> Bool in
            guard inner.generation == generation, inner.bindings > 0 else { return false }
            inner.task = nil
            return true
        }
        guard current else { return }
        switch result {
        case .success(let image): set(.loaded(image))
        case .failure(let error): set(.failed(error))
        }
    }

    private func set(_ state: State) {
        let observers = inner.withLock { inner -> [Subscriber<State>] in
            guard inner.state != state else { return [] }
            inner.state = state
            return inner.observers.live()
        }
        for observer in observers { observer.send(state) }
    }
}
