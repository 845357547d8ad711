import Testing
import VCTableDiff

/// Hand-written flat cases with their exact expected changes; each is also run through
/// the independent checker.
@Suite("Flat lists")
struct ListDiffTests {
    /// The changes from `old` to `new`, after checking them with the independent checker.
    private func diff(_ old: String, _ new: String) -> ListChanges {
        let (oldRows, newRows) = (items(old), items(new))
        let changes = Diff.changes(from: oldRows, to: newRows)
        let found = problems(old: oldRows, new: newRows, changes: changes)
        #expect(found.isEmpty, "\(old) -> \(new): \(found)")
        return changes
    }

    @Test("empty to empty: nothing")
    func emptyToEmpty() {
        let changes = diff("", "")
        #expect(changes.isEmpty)
        #expect(changes == ListChanges())
    }

    @Test("empty to n: one splice inserting everything at 0")
    func emptyToMany() {
        let changes = diff("", "a b c")
        #expect(changes.splices == [Splice(position: 0, removed: 0, added: 3)])
        #expect(changes.inserts == [0, 1, 2])
        #expect(changes.deletes.isEmpty && changes.moves.isEmpty && changes.updated.isEmpty)
        #expect(!changes.isEmpty)
    }

    @Test("n to empty: one splice removing everything")
    func manyToEmpty() {
        let changes = diff("a b c", "")
        #expect(changes.splices == [Splice(position: 0, removed: 3, added: 0)])
        #expect(changes.deletes == [0, 1, 2])
        #expect(changes.inserts.isEmpty)
    }

    @Test("identical lists: no changes")
    func identical() {
        let changes = diff("a b2 c", "a b2 c")
        #expect(changes.isEmpty)
        #expect(changes == ListChanges())
    }

    @Test("pure update: the index in updated, no splices")
    func pureUpdate() {
        let changes = diff("a b c", "a b1 c")
        #expect(changes.splices.isEmpty)
        #expect(changes.updated == [1])
        #expect(changes.updates == [Move(from: 1, to: 1)])
        #expect(changes.deletes.isEmpty && changes.inserts.isEmpty && changes.moves.isEmpty)
    }

    @Test("single insert")
    func singleInsert() {
        let changes = diff("a b c", "a x b c")
        #expect(changes.splices == [Splice(position: 1, removed: 0, added: 1)])
        #expect(changes.inserts == [1])
        #expect(changes.deletes.isEmpty && changes.moves.isEmpty)
    }

    @Test("single delete")
    func singleDelete() {
        let changes = diff("a b c", "a c")
        #expect(changes.splices == [Splice(position: 1, removed: 1, added: 0)])
        #expect(changes.deletes == [1])
    }

    @Test("a delete next to an insert is one splice")
    func replacement() {
        let changes = diff("a b c", "a x c")
        #expect(changes.splices == [Splice(position: 1, removed: 1, added: 1)])
        #expect(changes.deletes == [1])
        #expect(changes.inserts == [1])
    }

    @Test("single move: out at its old place, in at its new one")
    func singleMove() {
        let changes = diff("a b c d", "a c d b")
        #expect(changes.moves == [Move(from: 1, to: 3)])
        #expect(changes.splices == [
            Splice(position: 1, removed: 1, added: 0),
            Splice(position: 3, removed: 0, added: 1),
        ])
        #expect(changes.deletes.isEmpty && changes.inserts.isEmpty)
    }

    @Test("a moved row with new content is an update, not an in-place one")
    func moveWithUpdate() {
        let changes = diff("a b c", "c1 a b")
        #expect(changes.moves == [Move(from: 2, to: 0)])
        #expect(changes.updates == [Move(from: 2, to: 0)])
        #expect(changes.updated.isEmpty)
        #expect(changes.splices == [
            Splice(position: 0, removed: 0, added: 1),
            Splice(position: 3, removed: 1, added: 0),
        ])
    }

    @Test("swap of two")
    func swap() {
        let changes = diff("a b", "b a")
        #expect(changes.moves.count == 1)
        #expect(changes.splices.count == 2)
        #expect(changes.splices.map(\.removed).reduce(0, +) == 1)
        #expect(changes.splices.map(\.added).reduce(0, +) == 1)
    }

    @Test("swap of two rows far apart keeps everything between them")
    func distantSwap() {
        let changes = diff("a b c d e", "e b c d a")
        #expect(changes.moves.count == 2)
        #expect(changes.splices == [
            Splice(position: 0, removed: 1, added: 1),
            Splice(position: 4, removed: 1, added: 1),
        ])
    }

    @Test("reverse: all but one row move")
    func reverse() {
        let changes = diff("a b c d", "d c b a")
        #expect(changes.moves.count == 3)
        #expect(changes.splices == [
            Splice(position: 0, removed: 0, added: 3),
            Splice(position: 4, removed: 3, added: 0),
        ])
    }

    @Test("updates in place and moves together")
    func mixed() {
        let changes = diff("a b c d e f", "a1 x c e2 d f")
        // a stays (updated), b deleted, x inserted, c stays, d or e moves, f stays.
        #expect(changes.deletes == [1])
        #expect(changes.inserts == [1])
        #expect(changes.moves.count == 1)
        #expect(changes.updated.first == 0)
        #expect(changes.updates.contains(Move(from: 4, to: 3)))
    }

    @Test("Array.apply replays splices and updates")
    func applyMirror() {
        let old = items("a b c d e")
        let new = items("e2 a c x d")
        var mirror = old
        mirror.apply(Diff.changes(from: old, to: new), from: new)
        #expect(mirror == new)
    }

    @Test("Array.apply also takes splices that are not front to back")
    func applyOutOfOrderSplices() {
        // Back to front: first replace at 2, then remove at 0; `new` supplies added items.
        var mirror = ["a", "b", "c"]
        let changes = ListChanges(splices: [
            Splice(position: 2, removed: 1, added: 1),
            Splice(position: 0, removed: 1, added: 0),
        ])
        mirror.apply(changes, from: ["x", "y", "z"])
        #expect(mirror == ["b", "z"])
    }

    @Test("descriptions")
    func descriptions() {
        #expect(Splice(position: 1, removed: 2, added: 3).description == "items-changed(1, -2, +3)")
        #expect(Move(from: 4, to: 5).description == "4->5")
        #expect(diff("a", "b").description
            == "splices [items-changed(0, -1, +1)] updated [] deletes [0] inserts [0] moves [] updates []")
    }
}

/// Conveniences: `Identifiable` gives the identity, `Equatable` the content equality.
@Suite("Diffable conveniences")
struct ConvenienceTests {
    struct Photo: Identifiable, Equatable, Diffable {
        var id: Int
        var title: String
    }

    @Test("Identifiable and Equatable types need no code")
    func identifiableEquatable() {
        let old = [Photo(id: 1, title: "one"), Photo(id: 2, title: "two")]
        let new = [Photo(id: 2, title: "TWO"), Photo(id: 3, title: "three")]
        #expect(old[0].diffIdentifier == 1)
        #expect(!old[1].isContentEqual(to: new[0]))
        let changes = Diff.changes(from: old, to: new)
        #expect(changes.deletes == [0])
        #expect(changes.inserts == [1])
        #expect(changes.updated == [0])
        #expect(changes.splices == [
            Splice(position: 0, removed: 1, added: 0),
            Splice(position: 1, removed: 0, added: 1),
        ])
    }
}
