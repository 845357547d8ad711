import Synchronization

/// Work a reload's row factories leave for the moment its rows are shown: run once, on
/// the feed's scheduler, right after the list was updated; never for a reload that was
/// superseded or failed.
final class FeedCommitActions: Sendable {
    private let actions = Mutex<[@Sendable () -> Void]>([])

    init() {}

    /// Adds `action`.
    func add(_ action: @escaping @Sendable () -> Void) {
        actions.withLock { $0.append(action) }
    }

    /// Runs the actions added so far, in order, once.
    func run() {
        let actions = self.actions.withLock { actions in
            defer { actions.removeAll() }
            return actions
        }
        for action in actions { action() }
    }
}
