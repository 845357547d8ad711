import Synchronization

/// Follows members for one feed: the state machine of every follow button, under one
/// lock, so two presses while a request runs send one request.
///
/// `normal` → `loading` on a press (and the service's `followMember(id:)` starts),
/// `loading` → `checked` when it succeeds, `loading` → `normal` when it fails, and the
/// failure is reported on `didError`. The state changes notify on their `Observable`'s
/// scheduler (the feed's); a failure's error is reported after the list was told the row
/// changed back.
///
/// The feed closes it when it goes (`close()`): a row a view still holds then follows
/// nobody, and the service is released with the feed, not with the last row.
final class FeedFollower: Sendable {
    /// The service, until the feed closes.
    private let service: Mutex<(any FeedService)?>
    let didError: EventEmitter<String>
    /// The follow state of each member whose request is running, by member id.
    private let inFlight = Mutex<[Int: Observable<FollowState>]>([:])

    init(service: any FeedService, didError: EventEmitter<String>) {
        self.service = Mutex(service)
        self.didError = didError
    }

    /// The feed is gone: presses do nothing from now on (a follow already running
    /// completes, and reports to nobody).
    func close() {
        _ = service.withLock { service in
            defer { service = nil }
            return service  // released outside the lock
        }
    }

    /// The follow state a reloaded member row starts with: the previous row's state (a
    /// `loading` one stays loading; a `normal` one becomes `checked` once the reload is
    /// shown, when the service now says `following`), else the state of a follow still
    /// running for the member, else a new state, `checked` when `following`.
    func followState(
        forMember id: Int, following: Bool, previous: Observable<FollowState>?, context: FeedRowContext
    ) -> Observable<FollowState> {
        inFlight.withLock { inFlight in
            if let state = previous ?? inFlight[id] {
                if following && state.value == .normal {
                    context.afterCommit.add { [self] in markFollowed(state) }
                }
                return state
            }
            return Observable(following ? .checked : .normal, scheduler: context.scheduler)
        }
    }

    /// The service says the member is followed: `normal` becomes `checked`.
    private func markFollowed(_ state: Observable<FollowState>) {
        inFlight.withLock { _ in
            if state.value == .normal { state.value = .checked }
        }
    }

    /// Follows member `id` when `state` is `normal` and the feed is open; does nothing
    /// otherwise.
    func follow(memberID id: Int, state: Observable<FollowState>) {
        guard let service = service.withLock({ $0 }) else { return }
        let started = inFlight.withLock { inFlight -> Bool in
            guard state.value == .normal, inFlight[id] == nil else { return false }
            inFlight[id] = state
            state.value = .loading
            return true
        }
        guard started else { return }
        Task.detached { [self] in
            let failure: VCTableError?
            do {
                try await service.followMember(id: id)
                failure = nil
            } catch {
                failure = VCTableError(from: error)
            }
            inFlight.withLock { inFlight in
                inFlight[id] = nil
                state.value = failure == nil ? .checked : .normal
            }
            guard let failure else { return }
            // One hop more than the state's notification (which makes the list schedule
            // its redraw), so the list shows the button back before the error is reported.
            let didError = self.didError
            state.scheduler.schedule { didError.emit(FeedViewModel.errorMessage(for: failure)) }
        }
    }
}
