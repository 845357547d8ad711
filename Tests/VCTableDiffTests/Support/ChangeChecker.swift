import VCTableDiff

/// An independent check of a diff result against the two lists it came from. Returns the
/// problems found, empty when the changes are right.
///
/// It replays the splices on a copy of `old` with plain `replaceSubrange` and checks, in the
/// numbering of the brief:
/// 1. splices, then updates, turn `old` into exactly `new` (identities and content), and
///    `Array.apply` agrees;
/// 2. rows outside every splice keep their old identity in order (a common subsequence),
///    and `updated` lists exactly those of them whose content differs;
/// 3. each splice is in bounds when applied, not empty, and after the previous one;
/// 4. removed + added over all splices = 2 × moves + deletes + inserts;
/// 5. deletes, moves and the kept rows partition the old indices, inserts, moves and the
///    kept rows the new ones; moves and updates pair equal identities; the matching is
///    maximal and the kept rows a longest common subsequence of it; `updates` are exactly
///    the matched pairs whose content differs; the duplicate flag is set exactly when an
///    identity of `old` occurs more than once in `old` or in `new`.
func problems<Element: Diffable & Equatable>(
    old: [Element],
    new: [Element],
    changes: ListChanges
) -> [String] {
    var found: [String] = []

    // 3 and 1: replay. Each row of the mirror remembers its old index, or nil once added.
    var mirror: [(row: Element, origin: Int?)] = old.enumerated().map { ($0.element, $0.offset) }
    var frontier = 0
    var removedTotal = 0
    var addedTotal = 0
    for (step, splice) in changes.splices.enumerated() {
        let (position, removed, added) = (splice.position, splice.removed, splice.added)
        guard removed >= 0, added >= 0, position >= 0,
            position + removed <= mirror.count, position + added <= new.count
        else {
            found.append("splice \(step) \(splice) out of bounds (list has \(mirror.count), new \(new.count))")
            return found
        }
        if removed == 0 && added == 0 { found.append("splice \(step) is empty") }
        if position < frontier { found.append("splice \(step) \(splice) is before the previous one's end \(frontier)") }
        frontier = position + added
        removedTotal += removed
        addedTotal += added
        mirror.replaceSubrange(
            position ..< position + removed,
            with: new[position ..< position + added].map { ($0, nil) })
    }
    guard mirror.count == new.count else {
        found.append("after the splices the list has \(mirror.count) rows, new has \(new.count)")
        return found
    }
    for index in new.indices where mirror[index].row.diffIdentifier != new[index].diffIdentifier {
        found.append("after the splices row \(index) is \(mirror[index].row), new has \(new[index])")
        return found
    }

    // 2: kept rows.
    var kept: [(old: Int, new: Int)] = []
    for (index, entry) in mirror.enumerated() {
        if let origin = entry.origin { kept.append((origin, index)) }
    }
    for pair in zip(kept, kept.dropFirst()) where pair.0.old >= pair.1.old {
        found.append("kept rows out of order: old \(pair.0.old) then \(pair.1.old)")
    }
    let expectedUpdated = kept.filter { !old[$0.old].isContentEqual(to: new[$0.new]) }.map(\.new)
    if changes.updated != expectedUpdated {
        found.append("updated is \(changes.updated), expected \(expectedUpdated)")
    }

    // 1: updates, then the whole list.
    for index in changes.updated {
        guard new.indices.contains(index) else {
            found.append("updated index \(index) out of bounds")
            return found
        }
        mirror[index].row = new[index]
    }
    if mirror.map(\.row) != new { found.append("splices + updates do not give new") }
    if found.isEmpty {
        // Only valid changes: Array.apply traps on splices out of bounds.
        var applied = old
        applied.apply(changes, from: new)
        if applied != new { found.append("Array.apply does not give new: \(applied)") }
    }

    // 4.
    let classicTotal = 2 * changes.moves.count + changes.deletes.count + changes.inserts.count
    if removedTotal + addedTotal != classicTotal {
        found.append("splices remove \(removedTotal) and add \(addedTotal), classic counts \(classicTotal)")
    }

    // 5: the classic description.
    func isIncreasing(_ values: [Int]) -> Bool { zip(values, values.dropFirst()).allSatisfy { $0 < $1 } }
    if !isIncreasing(changes.deletes) { found.append("deletes not increasing: \(changes.deletes)") }
    if !isIncreasing(changes.inserts) { found.append("inserts not increasing: \(changes.inserts)") }
    if !isIncreasing(changes.moves.map(\.to)) { found.append("moves not in new order: \(changes.moves)") }
    if !isIncreasing(changes.updates.map(\.to)) { found.append("updates not in new order: \(changes.updates)") }

    let oldSides = changes.deletes + changes.moves.map(\.from) + kept.map(\.old)
    if oldSides.sorted() != Array(old.indices) {
        found.append("deletes, moves and kept rows do not partition the old indices")
    }
    let newSides = changes.inserts + changes.moves.map(\.to) + kept.map(\.new)
    if newSides.sorted() != Array(new.indices) {
        found.append("inserts, moves and kept rows do not partition the new indices")
        return found
    }
    let matched = (changes.moves.map { ($0.from, $0.to) } + kept.map { ($0.old, $0.new) }).sorted { $0.1 < $1.1 }
    for (from, to) in matched where old[from].diffIdentifier != new[to].diffIdentifier {
        found.append("old \(from) \(old[from]) matched with new \(to) \(new[to])")
        return found
    }
    let deletedIdentities = Set(changes.deletes.map { old[$0].diffIdentifier })
    let insertedIdentities = Set(changes.inserts.map { new[$0].diffIdentifier })
    if !deletedIdentities.isDisjoint(with: insertedIdentities) {
        found.append("an identity is both deleted and inserted: the matching is not maximal")
    }
    let expectedUpdates = matched.filter { !old[$0.0].isContentEqual(to: new[$0.1]) }.map { Move(from: $0.0, to: $0.1) }
    if changes.updates != expectedUpdates {
        found.append("updates is \(changes.updates), expected \(expectedUpdates)")
    }
    // The kept rows are as many as a longest increasing subsequence of the matching
    // (its length only, by the textbook bisection over the smallest tails).
    var smallestTails: [Int] = []
    for value in matched.map(\.0) {
        var low = 0
        var high = smallestTails.count
        while low < high {
            let middle = (low + high) / 2
            if smallestTails[middle] < value { low = middle + 1 } else { high = middle }
        }
        if low == smallestTails.count { smallestTails.append(value) } else { smallestTails[low] = value }
    }
    if kept.count != smallestTails.count {
        found.append("\(kept.count) rows kept, but \(smallestTails.count) could be")
    }

    // The fallback is needed when an identity of `old` occurs twice in `old` or in `new`.
    var oldCounts: [Element.DiffIdentifier: Int] = [:]
    for row in old { oldCounts[row.diffIdentifier, default: 0] += 1 }
    var newCounts: [Element.DiffIdentifier: Int] = [:]
    for row in new where oldCounts[row.diffIdentifier] != nil { newCounts[row.diffIdentifier, default: 0] += 1 }
    let hasDuplicates = oldCounts.values.contains { $0 > 1 } || newCounts.values.contains { $0 > 1 }
    if changes.usedDuplicateFallback != hasDuplicates {
        found.append("usedDuplicateFallback is \(changes.usedDuplicateFallback), duplicates: \(hasDuplicates)")
    }
    let same = old.count == new.count
        && zip(old, new).allSatisfy { $0.diffIdentifier == $1.diffIdentifier && $0.isContentEqual(to: $1) }
    if changes.isEmpty != same { found.append("isEmpty is \(changes.isEmpty), lists equal: \(same)") }
    return found
}

/// The same checks for sectioned changes: the section level as a flat list, then a replay of
/// section splices, header updates and row changes on a copy of `old`, which must give `new`.
func problems(old: [Group], new: [Group], changes: SectionedChanges) -> [String] {
    // The section level is a flat list of (identity, header).
    var found = problems(
        old: old.map { Item($0.id, $0.header) },
        new: new.map { Item($0.id, $0.header) },
        changes: changes.sectionChanges
    ).map { "sections: " + $0 }
    if !found.isEmpty { return found }

    // Replay the section splices; each section remembers its old index, or nil once added.
    var mirror: [(group: Group, origin: Int?)] = old.enumerated().map { ($0.element, $0.offset) }
    for splice in changes.sectionSplices {
        mirror.replaceSubrange(
            splice.position ..< splice.position + splice.removed,
            with: new[splice.position ..< splice.position + splice.added].map { ($0, nil) })
    }
    for index in changes.updatedSections {
        mirror[index].group.header = new[index].header
    }

    var previous = -1
    var hasDuplicates = changes.sectionChanges.usedDuplicateFallback
    var listed = Set<Int>()
    for entry in changes.rowChanges {
        let section = entry.section
        guard section > previous, new.indices.contains(section) else {
            found.append("row changes for section \(section) out of order or bounds")
            return found
        }
        previous = section
        listed.insert(section)
        guard let origin = mirror[section].origin else {
            found.append("row changes for section \(section), which was spliced in")
            continue
        }
        if entry.changes.isEmpty { found.append("empty row changes listed for section \(section)") }
        let expected: ListChanges = Diff.changes(from: old[origin].rows, to: new[section].rows)
        if entry.changes != expected { found.append("row changes of section \(section) differ from the flat diff") }
        found += problems(old: old[origin].rows, new: new[section].rows, changes: entry.changes)
            .map { "rows of section \(section): " + $0 }
        mirror[section].group.rows.apply(entry.changes, from: new[section].rows)
    }
    for (index, entry) in mirror.enumerated() {
        guard let origin = entry.origin else { continue }
        let rowsEqual = old[origin].rows == new[index].rows
        if !rowsEqual && !listed.contains(index) {
            found.append("section \(index) kept with changed rows but no row changes")
        }
        let rowChanges: ListChanges = Diff.changes(from: old[origin].rows, to: new[index].rows)
        if rowChanges.usedDuplicateFallback { hasDuplicates = true }
    }
    if mirror.map(\.group) != new { found.append("replay gives \(mirror.map(\.group))") }
    if changes.usedDuplicateFallback != hasDuplicates {
        found.append("usedDuplicateFallback is \(changes.usedDuplicateFallback), expected \(hasDuplicates)")
    }
    if changes.isEmpty != (old == new) { found.append("isEmpty is \(changes.isEmpty)") }
    return found
}
