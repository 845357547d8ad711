internal import CGLib
internal import VCTableGObject
import Synchronization

/// The thread VCTable's transfers run on: its own `GMainContext`, a `GMainLoop` that runs
/// for the life of the process, and the one `SoupSession` every HTTP request shares.
///
/// Keeping libsoup and GIO here means a transfer never needs the caller's loop to be
/// running and never stalls it: only the finished result is posted to a model's context.
final class IOThread: Sendable {
    /// The process-wide I/O thread, started on first use.
    static let shared = IOThread()

    /// Runs work on the I/O thread.
    let scheduler: MainContextScheduler

    /// The session, created on and only ever touched from the I/O thread.
    private nonisolated(unsafe) var sessionStorage: OpaquePointer?

    /// The transfers between their start and their finish, owned by this thread; only
    /// ever touched from it. Holding them here keeps a transfer (and the body it is
    /// reading) reachable while one of its callbacks runs, even when the process ends
    /// then (RELIABILITY.md, P3).
    private nonisolated(unsafe) var transfers: [ObjectIdentifier: Transfer] = [:]

    /// The disk cache of image responses: libsoup's `SoupCache` on the session, under
    /// `$XDG_CACHE_HOME/vctable/images`, honouring HTTP freshness and validators (a
    /// response still fresh is read from disk, a stale one revalidated: a 304 reuses the
    /// file). Only image transfers use it (`Transfer.usesDiskCache`): documents are not
    /// written to disk. Its index is saved (`soup_cache_dump`) a second after the last
    /// image transfer, so it is kept across restarts. I/O thread only.
    private nonisolated(unsafe) var cache: OpaquePointer?
    private nonisolated(unsafe) var dumpSource: UnsafeMutablePointer<GSource>?
    private let diskCacheLimitStorage = Atomic<Int>(IOThread.defaultDiskCacheLimit)

    /// The disk cache's default bound: 128 MiB.
    static let defaultDiskCacheLimit = 128 << 20

    private init() {
        let context = g_main_context_new()!
        scheduler = MainContextScheduler(adopting: GMainContextRef(adopting: context))
        let thread = g_thread_new(
            "vctable-io",
            { data in
                let context = OpaquePointer(data)
                g_main_context_push_thread_default(context)
                let loop = g_main_loop_new(context, 0)
                g_main_loop_run(loop)
                return nil
            },
            UnsafeMutableRawPointer(context))
        g_thread_unref(thread)
    }

    /// Takes ownership of `transfer` until `release`; call on the I/O thread only.
    func adopt(_ transfer: Transfer) {
        transfers[ObjectIdentifier(transfer)] = transfer
    }

    /// Gives up the ownership `adopt` took; call on the I/O thread only.
    func release(_ transfer: Transfer) {
        transfers[ObjectIdentifier(transfer)] = nil
    }

    /// The shared `SoupSession`, made on the first HTTP transfer (which loads libsoup:
    /// vct-soup.c); call on the I/O thread only.
    var session: OpaquePointer {
        if let session = sessionStorage { return session }
        // Six connections a host (a browser's and URLSession's limit, the image pipeline's
        // default transfers), sixteen in all.
        let session = _vct_soup_session_new(16, 6)!
        sessionStorage = session
        let directory = String(cString: g_get_user_cache_dir()) + "/vctable/images"
        let cache = _vct_soup_cache_new(directory)!
        _vct_soup_cache_set_max_size(cache, guint(clamping: diskCacheLimit))
        _vct_soup_cache_load(cache)
        _vct_soup_session_add_feature(session, UnsafeMutableRawPointer(cache))
        self.cache = cache
        return session
    }

    /// The disk cache's bound in bytes (default 128 MiB); safe from any thread.
    var diskCacheLimit: Int {
        get { diskCacheLimitStorage.load(ordering: .relaxed) }
        set {
            diskCacheLimitStorage.store(max(0, newValue), ordering: .relaxed)
            scheduler.schedule { [self] in
                if let cache { _vct_soup_cache_set_max_size(cache, guint(clamping: diskCacheLimit)) }
            }
        }
    }

    /// An image transfer wrote to the disk cache: its index is saved a second after the
    /// last such call. I/O thread only.
    func diskCacheChanged() {
        guard cache != nil, dumpSource == nil else { return }
        let source = g_timeout_source_new(1000)!
        g_source_set_name(source, "VCTable image cache index")
        g_source_set_callback(
            source,
            { _ in
                IOThread.shared.dumpDiskCache()
                return 0
            },
            nil, nil)
        g_source_attach(source, g_main_context_get_thread_default())
        dumpSource = source
    }

    private func dumpDiskCache() {
        if let source = dumpSource {
            g_source_unref(source)
            dumpSource = nil
        }
        if let cache { _vct_soup_cache_dump(cache) }
    }
}
