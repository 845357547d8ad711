import Testing
import VCTableDiff

/// Duplicate identities: the k-th occurrence in old matches the k-th in new, extra ones
/// are deletes or inserts, and the flag is set.
@Suite("Duplicate identities")
struct DuplicateTests {
    private func diff(_ old: String, _ new: String, fallback: Bool = true) -> ListChanges {
        let (oldRows, newRows) = (items(old), items(new))
        let changes = Diff.changes(from: oldRows, to: newRows)
        let found = problems(old: oldRows, new: newRows, changes: changes)
        #expect(found.isEmpty, "\(old) -> \(new): \(found)")
        #expect(changes.usedDuplicateFallback == fallback)
        return changes
    }

    @Test("duplicates only in old, all deleted, still use the fallback")
    func deletedDuplicates() {
        let changes = diff("a b b", "a")
        #expect(changes.splices == [Splice(position: 1, removed: 2, added: 0)])
    }

    @Test("duplicates in old: the extra occurrence is deleted")
    func inOld() {
        let changes = diff("a a b", "a b")
        #expect(changes.deletes == [1])
        #expect(changes.splices == [Splice(position: 1, removed: 1, added: 0)])
    }

    @Test("duplicates in new: the extra occurrence is inserted")
    func inNew() {
        let changes = diff("a b", "a b a")
        #expect(changes.inserts == [2])
        #expect(changes.splices == [Splice(position: 2, removed: 0, added: 1)])
    }

    @Test("duplicates among inserted rows only: all inserts, no fallback needed")
    func amongInserted() {
        let changes = diff("a", "a x x", fallback: false)
        #expect(changes.inserts == [1, 2])
        #expect(changes.splices == [Splice(position: 1, removed: 0, added: 2)])
    }

    @Test("k-th occurrence matches k-th occurrence, content included")
    func kthMatching() {
        let changes = diff("a1 b a2 a3", "b a1 a2")
        // a1 -> a1, a2 -> a2 (old indices 0 and 2), a3 deleted; b moves or the a's do.
        #expect(changes.deletes == [3])
        #expect(changes.updates.isEmpty)
        #expect(changes.inserts.isEmpty)
    }

    @Test("every row with the same identity")
    func allSame() {
        let changes = diff("a a a", "a1 a")
        #expect(changes.deletes == [2])
        #expect(changes.updated == [0])
        #expect(changes.moves.isEmpty)
    }

    @Test("no duplicates, no flag")
    func noFlag() {
        #expect(!Diff.changes(from: items("a b c"), to: items("c b d")).usedDuplicateFallback)
    }
}
