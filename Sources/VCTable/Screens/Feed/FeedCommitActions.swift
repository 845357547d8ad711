import Synchronization

/// Work a reload's row factories leave for the moment its rows are shown: run once, on
/// the feed's scheduler, right after the list was updated; never for a reload that was
/// superseded or failed.
final class FeedCommitActions: Sendable {
    /// One action, in a struct: a lock never holds a bare function value
    /// (swiftlang/swift#91348, `scripts/check-lock-closures.py`).
    private struct Action: Sendable {
        let run: @Sendable () -> Void
    }

    private let actions = Mutex<[Action]>([])

    init() {}

    /// Adds `action`.
    func add(_ action: @escaping @Sendable () -> Void) {
        actions.withLock { $0.append(Action(run: action)) }
    }

    /// Runs the actions added so far, in order, once.
    func run() {
        let actions = self.actions.withLock { actions in
            defer { actions.removeAll() }
            return actions
        }
        for action in actions { action.run() }
    }
}
