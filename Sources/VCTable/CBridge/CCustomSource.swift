import FoundationEssentials

/// What every C-implemented service shares (a custom `VctApi`, `VctFeedService` or
/// `VctSongService`): the caller's `user_data` and its notify, the context the service was
/// created on, and one way to run a call as a `VctApiRequest` the C side completes.
///
/// The notify runs exactly once, in `deinit`: when the last owner (a handle reference, a
/// model, or a call in progress) lets go, so nothing can call into C after it.
final class CCustomSource: @unchecked Sendable {
    let userData: UnsafeMutableRawPointer?
    private let notify: CDestroyNotify?
    private let scheduler: MainContextScheduler

    init(userData: UnsafeMutableRawPointer?, notify: CDestroyNotify?) {
        self.userData = userData
        self.notify = notify
        scheduler = .threadDefault()
    }

    deinit {
        notify?(userData)
    }

    /// Hands a new request to `invoke` on the creation context and waits for the C side to
    /// complete it. Cancelling the calling task abandons the request (its cancellable is
    /// cancelled; a late completion is dropped).
    func call(_ invoke: @escaping @Sendable (_ request: OpaquePointer, _ userData: UnsafeMutableRawPointer?) -> Void) async throws -> Data {
        let request = CApiRequest()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard request.begin(continuation) else { return }
                scheduler.schedule { [self] in
                    guard !request.isAbandoned else { return }
                    invoke(request.makeObject(), userData)
                }
            }
        } onCancel: {
            request.abandon()
        }
    }
}
