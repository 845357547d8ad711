internal import CGLib

/// A `GMainLoop` for Swift callers: runs a `GMainContext` on the calling thread until `quit()`.
public final class MainLoop: Sendable {
    private nonisolated(unsafe) let loop: OpaquePointer
    /// The scheduler of the context this loop runs.
    public let scheduler: MainContextScheduler

    /// A loop over `scheduler`'s context (by default the global default context).
    public init(scheduler: MainContextScheduler = .mainContext) {
        self.scheduler = scheduler
        loop = g_main_loop_new(OpaquePointer(scheduler.context), 0)
    }

    deinit {
        g_main_loop_unref(loop)
    }

    /// Runs the context on the calling thread until `quit()` is called.
    public func run() {
        g_main_loop_run(loop)
    }

    /// Makes `run()` return. Safe from any thread.
    public func quit() {
        g_main_loop_quit(loop)
    }

    /// Whether `run()` is running.
    public var isRunning: Bool {
        g_main_loop_is_running(loop) != 0
    }
}

extension MainContextScheduler {
    /// Iterates this context on the calling thread until `condition()` holds or `timeout`
    /// passes, and returns `condition()`: how tests and tools drive the loop to a state
    /// without sleeping. The condition is checked before each blocking iteration.
    @discardableResult
    public func iterate(until condition: () -> Bool, timeout: Duration = .seconds(10)) -> Bool {
        final class Deadline: @unchecked Sendable { var passed = false }
        let deadline = Deadline()
        let components = timeout.components
        let milliseconds = components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
        let source = g_timeout_source_new(UInt32(clamping: max(0, milliseconds)))!
        g_source_set_callback(
            source,
            { userData in
                Unmanaged<Deadline>.fromOpaque(userData!).takeUnretainedValue().passed = true
                return 0
            },
            Unmanaged.passRetained(deadline).toOpaque(),
            { userData in Unmanaged<Deadline>.fromOpaque(userData!).release() })
        let context = OpaquePointer(self.context)
        g_source_attach(source, context)
        defer {
            g_source_destroy(source)
            g_source_unref(source)
        }
        while !condition() && !deadline.passed {
            g_main_context_iteration(context, 1)
        }
        return condition()
    }
}
