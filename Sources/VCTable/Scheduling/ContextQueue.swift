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
        // g_source_set_name copies: a Swift string passed as `const char *` lives only for
        // the call, so the `_static_` variants would keep a dangling pointer.
        g_source_set_name(source, "VCTable scheduler")
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
        /// One queued closure. The struct is what keeps a post to one allocation (the
        /// caller's closure context): an `Array` of a bare function type stores each
        /// closure at the generic element's abstraction, so every append would wrap it in
        /// a reabstraction thunk, a second heap object, called through on every drain.
        private struct Job {
            let run: Work
        }

        private struct State {
            /// Optional so that `drain` can move each job out as it runs it: the job is
            /// then released once, after its call, instead of retained and released
            /// around the call and released again when the batch is emptied.
            var pending: [Job?] = []
            var spare: [Job?] = []
            var sourceAttached = false
        }

        private let state = Mutex(State())

        /// Appends `work`; returns whether the caller must attach a source.
        func append(_ work: @escaping Work) -> Bool {
            state.withLock { state -> Bool in
                state.pending.append(Job(run: work))
                if state.sourceAttached { return false }
                state.sourceAttached = true
                return true
            }
        }

        /// Runs one batch; returns whether the source should stay attached.
        func drain() -> Bool {
            var batch = state.withLock { state -> [Job?] in
                var batch: [Job?] = []
                swap(&batch, &state.spare)
                swap(&batch, &state.pending)
                return batch
            }
            batch.withUnsafeMutableBufferPointer { jobs in
                for index in jobs.indices { jobs[index].take()?.run() }
            }
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
