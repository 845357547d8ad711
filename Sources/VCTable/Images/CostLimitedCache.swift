/// A least-recently-used cache bounded by the summed cost of its entries (bytes), as
/// `NSCache` with a `totalCostLimit` and Nuke's `ImageCache` bound theirs: inserting past
/// the limit evicts the least recently used entries until the total fits.
///
/// Every operation is O(1) and allocates nothing once the cache has held its largest
/// number of entries: the entries live in one array, linked by index into a
/// recency list, and a removed entry's slot is reused. Not thread-safe: its owner keeps it
/// under a lock.
struct CostLimitedCache<Key: Hashable, Value> {
    private struct Entry {
        var key: Key
        var value: Value?
        var cost: Int
        var newer = -1
        var older = -1
    }

    private var entries: [Entry] = []
    private var index: [Key: Int] = [:]
    private var free: [Int] = []
    private var newest = -1
    private var oldest = -1

    /// The summed cost of the entries.
    private(set) var totalCost = 0
    /// The bound on `totalCost`; lowering it evicts at once.
    var costLimit: Int {
        didSet { trim() }
    }

    /// An empty cache holding at most `costLimit` in summed cost.
    init(costLimit: Int) {
        self.costLimit = max(0, costLimit)
    }

    /// The number of entries.
    var count: Int { index.count }

    /// The value for `key`, made the most recently used; `nil` when absent.
    mutating func value(for key: Key) -> Value? {
        guard let slot = index[key] else { return nil }
        unlink(slot)
        pushNewest(slot)
        return entries[slot].value
    }

    /// Whether `key` is cached, without touching its recency.
    func contains(_ key: Key) -> Bool { index[key] != nil }

    /// Stores `value` for `key` at `cost` as the most recently used entry, replacing any
    /// previous one, then evicts the least recently used entries until the total fits. An
    /// entry costing more than the whole limit is not stored.
    mutating func insert(_ value: Value, for key: Key, cost: Int) {
        removeValue(for: key)
        guard cost <= costLimit else { return }
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            entries[slot] = Entry(key: key, value: value, cost: cost)
        } else {
            slot = entries.count
            entries.append(Entry(key: key, value: value, cost: cost))
        }
        index[key] = slot
        totalCost += cost
        pushNewest(slot)
        trim()
    }

    /// Removes the entry for `key`, if any.
    mutating func removeValue(for key: Key) {
        guard let slot = index.removeValue(forKey: key) else { return }
        unlink(slot)
        totalCost -= entries[slot].cost
        entries[slot].value = nil
        free.append(slot)
    }

    /// Removes every entry.
    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        index.removeAll(keepingCapacity: true)
        free.removeAll(keepingCapacity: true)
        newest = -1
        oldest = -1
        totalCost = 0
    }

    private mutating func trim() {
        while totalCost > costLimit, oldest >= 0 {
            removeValue(for: entries[oldest].key)
        }
    }

    private mutating func unlink(_ slot: Int) {
        let (newer, older) = (entries[slot].newer, entries[slot].older)
        if newer >= 0 { entries[newer].older = older } else { newest = older }
        if older >= 0 { entries[older].newer = newer } else { oldest = newer }
        entries[slot].newer = -1
        entries[slot].older = -1
    }

    private mutating func pushNewest(_ slot: Int) {
        entries[slot].older = newest
        entries[slot].newer = -1
        if newest >= 0 { entries[newest].newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }
}
