internal import CGLib
import Glibc
import Synchronization

extension MainContextScheduler {
    private static let dispatchMainQueueSource = Mutex<UInt32>(0)

    /// Drains libdispatch's main queue from the global default `GMainContext`, so that
    /// `DispatchQueue.main` blocks and `@MainActor` code run in a program whose main
    /// thread runs a `GMainLoop` instead of `dispatchMain()`.
    ///
    /// It watches the eventfd libdispatch signals when the main queue gets work (the
    /// hook swift-corelibs-foundation's run loop uses): no polling timer. Call it once,
    /// on the main thread, before running the default context's loop there; later
    /// calls do nothing.
    public static func startDrainingDispatchMainQueue() {
        dispatchMainQueueSource.withLock { sourceID in
            guard sourceID == 0 else { return }
            let fd = _dispatch_get_main_queue_handle_4CF()
            guard fd >= 0 else { return }
            // Non-blocking: the callback empties the counter before draining.
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            sourceID = g_unix_fd_add_full(
                G_PRIORITY_DEFAULT, fd, G_IO_IN,
                { fd, _, _ in
                    // `_dispatch_main_queue_callback_4CF` does not reset the eventfd;
                    // read it first or the source would fire forever.
                    var counter: UInt64 = 0
                    while read(fd, &counter, MemoryLayout<UInt64>.size) > 0 {}
                    _dispatch_main_queue_callback_4CF(nil)
                    return 1
                },
                nil, nil)
        }
    }
}
