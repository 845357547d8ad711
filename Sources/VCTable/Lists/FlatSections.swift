import VCTableDiff

/// A sectioned list read as one flat list, the order of `VctListModel` (a `GListModel`):
/// section by section, the header (if any), the rows, the footer (if any).
///
/// Positions are found by a binary search over the sections' start positions, so a
/// lookup costs O(log sections) and building one costs O(sections), whatever the number
/// of rows.
struct FlatSections: Sendable {
    /// What a flat position holds within its section.
    enum Slot: Hashable, Sendable {
        case header
        case row(Int)
        case footer
    }

    /// What a flat position holds.
    struct Entry {
        var sectionIndex: Int
        var section: ListSection
        var slot: Slot

        /// The row, header or footer view model.
        var model: any RowViewModel {
            switch slot {
            case .header: section.header!
            case .row(let index): section.rows[index]
            case .footer: section.footer!
            }
        }

        var role: RowRole {
            switch slot {
            case .header: .header
            case .row: .row
            case .footer: .footer
            }
        }
    }

    let sections: [ListSection]
    /// `starts[i]`: the flat position of section `i`'s first item; one more entry, the count.
    private let starts: [Int]
    /// `rowStarts[i]`: the row number (rows counted across sections, headers and footers
    /// not) of section `i`'s first row; one more entry, the number of rows.
    private let rowStarts: [Int]

    init(_ sections: [ListSection]) {
        self.sections = sections
        var starts: [Int] = []
        var rowStarts: [Int] = []
        starts.reserveCapacity(sections.count + 1)
        rowStarts.reserveCapacity(sections.count + 1)
        var position = 0
        var row = 0
        for section in sections {
            starts.append(position)
            rowStarts.append(row)
            position += Self.size(of: section)
            row += section.rows.count
        }
        starts.append(position)
        rowStarts.append(row)
        self.starts = starts
        self.rowStarts = rowStarts
    }

    /// How many items a section shows.
    static func size(of section: ListSection) -> Int {
        (section.header == nil ? 0 : 1) + section.rows.count + (section.footer == nil ? 0 : 1)
    }

    /// The number of items.
    var count: Int { starts[starts.count - 1] }

    /// The flat position of section `index`'s first item (`count` for `sections.count`).
    func start(ofSection index: Int) -> Int { starts[index] }

    /// The number of rows, headers and footers not counted.
    var rowCount: Int { rowStarts[rowStarts.count - 1] }

    /// Row `row` (counted across sections): its section and flat position, or `nil` past
    /// the last row. O(log sections).
    func row(_ row: Int) -> (section: Int, position: Int)? {
        guard row >= 0, row < rowCount else { return nil }
        // The last section whose first row is at or before `row`: the one holding it (a
        // section without rows shares its first row number with the next one).
        let low = Self.lastIndex(in: rowStarts, upTo: sections.count, atMost: row)
        let header = sections[low].header == nil ? 0 : 1
        return (low, starts[low] + header + row - rowStarts[low])
    }

    /// How many rows come before `position` (headers and footers not counted), and
    /// whether `position` holds a row. O(log sections).
    func rowsBefore(_ position: Int) -> (rows: Int, isRow: Bool) {
        guard let index = sectionIndex(at: position) else { return (rowCount, false) }
        var offset = position - starts[index]
        if sections[index].header != nil {
            if offset == 0 { return (rowStarts[index], false) }
            offset -= 1
        }
        let rows = sections[index].rows.count
        return offset < rows ? (rowStarts[index] + offset, true) : (rowStarts[index] + rows, false)
    }

    /// The section that holds `position`, or `nil` past the end.
    func sectionIndex(at position: Int) -> Int? {
        guard position >= 0, position < count else { return nil }
        // The last section starting at or before `position` that is not empty.
        return Self.lastIndex(in: starts, upTo: sections.count, atMost: position)
    }

    /// The last index below `count` of `ascending` (non-decreasing) whose value is at most
    /// `value`, 0 when there is none. O(log count).
    private static func lastIndex(in ascending: [Int], upTo count: Int, atMost value: Int) -> Int {
        var low = 0
        var high = count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if ascending[middle] <= value { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// What `position` holds, or `nil` past the end.
    func entry(at position: Int) -> Entry? {
        guard let index = sectionIndex(at: position) else { return nil }
        let section = sections[index]
        var offset = position - starts[index]
        if section.header != nil {
            if offset == 0 { return Entry(sectionIndex: index, section: section, slot: .header) }
            offset -= 1
        }
        if offset < section.rows.count { return Entry(sectionIndex: index, section: section, slot: .row(offset)) }
        return Entry(sectionIndex: index, section: section, slot: .footer)
    }

    /// The view model at `position` and its role, or `nil` past the end: `entry(at:)`
    /// without copying the section (a view probing every row of a reload asks this).
    func model(at position: Int) -> (model: any RowViewModel, role: RowRole)? {
        guard let index = sectionIndex(at: position) else { return nil }
        var offset = position - starts[index]
        if let header = sections[index].header {
            if offset == 0 { return (header, .header) }
            offset -= 1
        }
        if offset < sections[index].rows.count { return (sections[index].rows[offset], .row) }
        return sections[index].footer.map { ($0, .footer) }
    }

    /// A batch's section splices, and its row splices by section (the index after the
    /// batch), each in the batch's order.
    static func splitSplices(_ steps: [ListChange]) -> (sections: [Splice], rows: [Int: [Splice]]) {
        var sectionSplices: [Splice] = []
        var rowSplices: [Int: [Splice]] = [:]
        for step in steps {
            switch step {
            case .sections(let splice): sectionSplices.append(splice)
            case .rows(let section, let splice): rowSplices[section, default: []].append(splice)
            case .sectionUpdated, .rowUpdated: break
            }
        }
        return (sectionSplices, rowSplices)
    }

    /// The flat splices that turn `old` into `new`, front to back, from a batch of
    /// `ListModel` steps between them (section splices, then row splices per kept
    /// section, in the new numbering; in-place updates are not splices).
    ///
    /// Applied in order they turn a copy of `old` into `new`: everything before a splice's
    /// position already is `new`, everything at and after it still is the rest of `old`
    /// (the rule `VctListModel` reads positions by while it emits a batch: vct-list-model.c,
    /// `transition_section`). A kept section whose header or footer comes or goes gets a
    /// splice for that slot; one that stays gets none, even with new content (that is an
    /// in-place update).
    static func splices(for steps: [ListChange], from old: FlatSections, to new: FlatSections) -> [Splice] {
        let (sectionSplices, rowSplices) = splitSplices(steps)

        var result: [Splice] = []
        func append(_ position: Int, removed: Int, added: Int) {
            if removed != 0 || added != 0 { result.append(Splice(position: position, removed: removed, added: added)) }
        }
        func kept(_ oldIndex: Int, _ newIndex: Int) {
            let oldSection = old.sections[oldIndex]
            let newSection = new.sections[newIndex]
            let start = new.start(ofSection: newIndex)
            let oldHeader = oldSection.header == nil ? 0 : 1
            let newHeader = newSection.header == nil ? 0 : 1
            // A header or footer present on both sides stays (its content, if changed, is
            // an in-place update); only one that comes or goes is a splice.
            if oldHeader != newHeader { append(start, removed: oldHeader, added: newHeader) }
            let rowsStart = start + newHeader
            for splice in rowSplices[newIndex] ?? [] {
                append(rowsStart + splice.position, removed: splice.removed, added: splice.added)
            }
            let oldFooter = oldSection.footer == nil ? 0 : 1
            let newFooter = newSection.footer == nil ? 0 : 1
            if oldFooter != newFooter { append(rowsStart + newSection.rows.count, removed: oldFooter, added: newFooter) }
        }

        var oldIndex = 0
        var newIndex = 0
        for splice in sectionSplices {
            while newIndex < splice.position {
                kept(oldIndex, newIndex)
                oldIndex += 1
                newIndex += 1
            }
            let removed = old.start(ofSection: oldIndex + splice.removed) - old.start(ofSection: oldIndex)
            let added = new.start(ofSection: splice.position + splice.added) - new.start(ofSection: splice.position)
            append(new.start(ofSection: splice.position), removed: removed, added: added)
            oldIndex += splice.removed
            newIndex = splice.position + splice.added
        }
        while newIndex < new.sections.count && oldIndex < old.sections.count {
            kept(oldIndex, newIndex)
            oldIndex += 1
            newIndex += 1
        }
        return result
    }
}
