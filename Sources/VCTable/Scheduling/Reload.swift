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
