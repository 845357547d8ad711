import Testing
import VCTableDiff

/// Hand-written sectioned cases; each is also run through the independent checker.
@Suite("Sections")
struct SectionedDiffTests {
    private func diff(_ old: [Group], _ new: [Group]) -> SectionedChanges {
        let changes = Diff.changes(from: old, to: new)
        let found = problems(old: old, new: new, changes: changes)
        #expect(found.isEmpty, "\(old) -> \(new): \(found)")
        return changes
    }

    @Test("no sections, then identical sections: no changes")
    func unchanged() {
        #expect(diff([], []).isEmpty)
        let sections = [Group("A", "a b"), Group("B", "c")]
        let changes = diff(sections, sections)
        #expect(changes.isEmpty)
        #expect(changes == SectionedChanges())
    }

    @Test("an inserted section arrives with its rows")
    func insertedSection() {
        let changes = diff([Group("A", "a b")], [Group("A", "a b"), Group("B", "c d")])
        #expect(changes.sectionSplices == [Splice(position: 1, removed: 0, added: 1)])
        #expect(changes.rowChanges.isEmpty)
        #expect(changes.sectionChanges.inserts == [1])
    }

    @Test("a removed section goes with its rows")
    func removedSection() {
        let changes = diff([Group("A", "a"), Group("B", "b c")], [Group("A", "a")])
        #expect(changes.sectionSplices == [Splice(position: 1, removed: 1, added: 0)])
        #expect(changes.rowChanges.isEmpty)
    }

    @Test("a moved section takes its rows; the others keep theirs")
    func movedSection() {
        let old = [Group("A", "a"), Group("B", "b"), Group("C", "c d")]
        let new = [Group("C", "d c x"), Group("A", "a"), Group("B", "b")]
        let changes = diff(old, new)
        #expect(changes.sectionChanges.moves == [Move(from: 2, to: 0)])
        #expect(changes.sectionSplices == [
            Splice(position: 0, removed: 0, added: 1),
            Splice(position: 3, removed: 1, added: 0),
        ])
        // C moved, so its new rows came with it: no row changes anywhere.
        #expect(changes.rowChanges.isEmpty)
    }

    @Test("kept sections: header updates and row changes")
    func keptSections() throws {
        let old = [Group("A", header: 0, "a b"), Group("B", header: 0, "c d"), Group("C", header: 0, "e")]
        let new = [Group("A", header: 1, "a b"), Group("B", header: 0, "d c1 x"), Group("C", header: 2, "e")]
        let changes = diff(old, new)
        #expect(changes.sectionSplices.isEmpty)
        #expect(changes.updatedSections == [0, 2])
        try #require(changes.rowChanges.map(\.section) == [1])
        let rows = changes.rowChanges[0].changes
        #expect(rows.inserts == [2])
        #expect(rows.moves.count == 1)
        #expect(rows.updates == [Move(from: 0, to: 1)])
    }

    @Test("row changes use new section indices, after the section splices")
    func rowChangesAfterSplices() {
        let old = [Group("A", "a"), Group("B", "b c")]
        let new = [Group("X", "x"), Group("B", "c")]
        let changes = diff(old, new)
        #expect(changes.sectionSplices == [Splice(position: 0, removed: 1, added: 1)])
        #expect(changes.rowChanges == [
            SectionRowChanges(
                section: 1,
                changes: ListChanges(
                    splices: [Splice(position: 0, removed: 1, added: 0)], deletes: [0]))
        ])
    }

    @Test("a row moving to another section is deleted there and inserted here")
    func rowAcrossSections() throws {
        let changes = diff([Group("A", "a b"), Group("B", "c")], [Group("A", "a"), Group("B", "b c")])
        try #require(changes.rowChanges.map(\.section) == [0, 1])
        #expect(changes.rowChanges[0].changes.deletes == [1])
        #expect(changes.rowChanges[1].changes.inserts == [0])
    }

    @Test("duplicate sections and duplicate rows set the flag")
    func duplicates() {
        let sectionDuplicates = diff([Group("A", "a"), Group("A", "b")], [Group("A", "a")])
        #expect(sectionDuplicates.usedDuplicateFallback)
        #expect(sectionDuplicates.sectionChanges.deletes == [1])
        let rowDuplicates = diff([Group("A", "a a")], [Group("A", "a")])
        #expect(rowDuplicates.usedDuplicateFallback)
        #expect(!rowDuplicates.sectionChanges.usedDuplicateFallback)
    }
}
