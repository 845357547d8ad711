/// The observers of one source (`Observable`, `EventEmitter`, `ListModel`), kept inside the
/// source's lock. A disposed subscriber is dropped at the next delivery, and also when
/// subscribers are added: a source that never delivers again (a row whose value stays
/// put while views bind and unbind it all afternoon) would otherwise keep every disposed
/// subscriber forever. The sweep on `append` runs when the list has doubled since the
/// last sweep, so adding stays amortized O(1) and at most half the entries are dead.
struct SubscriberList<Input> {
    private var subscribers: [Subscriber<Input>] = []
    /// The count at which `append` sweeps next.
    private var sweepAt = 8

    init() {}

    /// Adds `subscriber`, first dropping the disposed ones when the list has doubled.
    mutating func append(_ subscriber: Subscriber<Input>) {
        if subscribers.count >= sweepAt {
            subscribers.removeAll { $0.isDisposed }
            sweepAt = max(8, subscribers.count * 2)
        }
        subscribers.append(subscriber)
    }

    /// Drops the disposed subscribers and returns the live ones, to call outside the lock.
    mutating func live() -> [Subscriber<Input>] {
        subscribers.removeAll { $0.isDisposed }
        sweepAt = max(8, subscribers.count * 2)
        return subscribers
    }

    /// How many subscribers are not disposed.
    var liveCount: Int { subscribers.count { !$0.isDisposed } }

    /// How many entries are held, disposed ones included (for tests of the sweep).
    var storedCount: Int { subscribers.count }
}
