/// The shape every screen's reload shares: fetch and prepare off the loop, then post the
/// outcome to the screen's scheduler, unless the work was cancelled (a newer reload
/// superseded it, or its screen was released), in which case nothing is delivered.
enum Reload {
    /// Runs `prepare` in a detached task and calls `deliver` on `scheduler` with its result;
    /// any error that is not a `CancellationError` becomes a `VCTableError` (a
    /// `RowKindError` as `.failed`). Returns the task, to cancel when superseded.
    static func start<Value: Sendable>(
        on scheduler: any Scheduler,
        _ prepare: @escaping @Sendable () async throws -> Value,
        deliver: @escaping @Sendable (Result<Value, VCTableError>) -> Void
    ) -> Task<Void, Never> {
        Task.detached {
            let outcome: Result<Value, VCTableError>
            do {
                let value = try await prepare()
                try Task.checkCancellation()
                outcome = .success(value)
            } catch is CancellationError {
                return
            } catch let error as RowKindError {
                outcome = .failure(VCTableError(.failed, error.message))
            } catch {
                outcome = .failure(VCTableError(from: error))
            }
            if Task.isCancelled { return }
            scheduler.schedule { deliver(outcome) }
        }
    }
}

/// What a view model's state keeps of its reloads: the current one's generation, whether
/// it is still loading, and its task.
protocol ReloadTracking {
    var generation: UInt64 { get }
    var loading: Bool { get }
    var inFlight: Task<Void, Never>? { get set }
}

extension ReloadTracking {
    /// Keeps `task` as the reload in flight if reload `generation` is still the current
    /// one and loading; false when it was superseded or has already ended (the caller then
    /// cancels the task, outside its lock).
    mutating func adopt(_ task: Task<Void, Never>, for generation: UInt64) -> Bool {
        guard self.generation == generation, loading else { return false }
        inFlight = task
        return true
    }
}
