internal import CGLib
internal import CSoup

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
    private nonisolated(unsafe) var sessionStorage: UnsafeMutablePointer<SoupSession>?

    /// The transfers between their start and their finish, owned by this thread; only
    /// ever touched from it. Holding them here keeps a transfer (and the body it is
    /// reading) reachable while one of its callbacks runs, even when the process ends
    /// then (RELIABILITY.md, P3).
    private nonisolated(unsafe) var transfers: [ObjectIdentifier: Transfer] = [:]

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

    /// The shared `SoupSession`; call on the I/O thread only.
    var session: UnsafeMutablePointer<SoupSession> {
        if let session = sessionStorage { return session }
        let session = soup_session_new()!
        sessionStorage = session
        return session
    }
}
