internal import CGLib
import Synchronization

/// The FIFO of closures behind a `MainContextScheduler`, drained by one idle
/// `GSource` at a time.
///
/// The source is attached when the first closure arrives and removes itself when it
/// finds the queue empty, so an idle scheduler costs nothing and a burst of a
/// million posts costs one source and one wake-up.
///
/// Ownership: the scheduler holds the context and the job list; an attached source holds
/// only the job list. So a context released with work still queued is freed, its source
/// destroyed, and the queued closures released without running (no context → source →
/// queue → context cycle).
final class ContextQueue: Sendable {
    typealias Work = @Sendable () -> Void

    let context: GMainContextRef
    private let jobs = Jobs()

    init(context: GMainContextRef) {
        self.context = context
    }

    func enqueue(_ work: @escaping Work) {
        if jobs.append(work) { attachSource() }
    }

    private func attachSource() {
        let source = g_idle_source_new()
        g_source_set_priority(source, G_PRIORITY_DEFAULT)
        g_source_set_static_name(source, "VCTable scheduler")
        g_source_set_callback(
            source,
            { userData in
                let jobs = Unmanaged<Jobs>.fromOpaque(userData!).takeUnretainedValue()
                return jobs.drain() ? 1 : 0
            },
            Unmanaged.passRetained(jobs).toOpaque(),
            { userData in Unmanaged<Jobs>.fromOpaque(userData!).release() }
        )
        g_source_attach(source, context.pointer)
        g_source_unref(source)
    }

    /// The pending closures and whether a source is attached to drain them.
    private final class Jobs: Sendable {
        private struct State {
            var pending: [Work] = []
            var spare: [Work] = []
            var sourceAttached = false
        }

        private let state = Mutex(State())

        /// Appends `work`; returns whether the caller must attach a source.
        func append(_ work: @escaping Work) -> Bool {
            state.withLock { state -> Bool in
                state.pending.append(work)
                if state.sourceAttached { return false }
                state.sourceAttached = true
                return true
            }
        }

        /// Runs one batch; returns whether the source should stay attached.
        func drain() -> Bool {
            var batch = state.withLock { state -> [Work] in
                var batch: [Work] = []
                swap(&batch, &state.spare)
                swap(&batch, &state.pending)
                return batch
            }
            for work in batch { work() }
            batch.removeAll(keepingCapacity: true)
            return state.withLock { state -> Bool in
                if state.spare.capacity < batch.capacity { swap(&batch, &state.spare) }
                if state.pending.isEmpty {
                    state.sourceAttached = false
                    return false
                }
                return true
            }
        }
    }
}
