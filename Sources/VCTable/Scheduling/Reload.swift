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
/// it is still loading, its task, and the error of the last one that ended.
protocol ReloadTracking {
    var generation: UInt64 { get set }
    var loading: Bool { get set }
    var inFlight: Task<Void, Never>? { get set }
    var lastError: VCTableError? { get set }
}

extension ReloadTracking {
    /// Starts a new reload, loading: its generation, and the task of the reload it
    /// supersedes, if one was in flight (the caller cancels it, outside its lock).
    mutating func begin() -> (generation: UInt64, superseded: Task<Void, Never>?) {
        generation &+= 1
        loading = true
        defer { inFlight = nil }
        return (generation, inFlight)
    }

    /// Ends reload `generation` with `outcome`, keeping its error as `lastError` (`nil`
    /// after a success), if it is still the current one and loading; false when it was
    /// superseded or has already ended, and the outcome is not to be shown.
    mutating func end<Value>(_ generation: UInt64, with outcome: Result<Value, VCTableError>) -> Bool {
        guard self.generation == generation, loading else { return false }
        loading = false
        inFlight = nil
        if case .failure(let error) = outcome { lastError = error } else { lastError = nil }
        return true
    }

    /// Keeps `task` as the reload in flight if reload `generation` is still the current
    /// one and loading; false when it was superseded or has already ended (the caller then
    /// cancels the task, outside its lock).
    mutating func adopt(_ task: Task<Void, Never>, for generation: UInt64) -> Bool {
        guard self.generation == generation, loading else { return false }
        inFlight = task
        return true
    }
}
