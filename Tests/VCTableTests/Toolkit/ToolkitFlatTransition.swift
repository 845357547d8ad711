@testable import VCTable
import VCTableDiff

/// A flat list part way through a batch of splices: `new` up to `newEnd`, then the rest
/// of `old` from `oldResume`. What `VctListModel` reads while it emits each
/// `items-changed`, so that a handler sees the list as the runs so far have left it.
///
/// The reference model of the C half's reads during an emission: vct-list-model.c's
/// `transition_section` and `transition_n_sections` are a port of `section(at:)` and
/// `sectionCount`, and `ToolkitListSectionReadsTests` checks a real `VctListModel`'s
/// answers inside every `items-changed` against it (`ToolkitFlatSectionsTests` checks
/// it against a copy the runs are applied to).
struct FlatTransition: Sendable {
    let old: FlatSections
    let new: FlatSections
    private(set) var newEnd = 0
    private(set) var oldResume = 0

    init(from old: FlatSections, to new: FlatSections) {
        self.old = old
        self.new = new
    }

    /// Past the last splice: the list reads as `new`, sections included (the seam rule of
    /// `section(at:)` cannot see a section that is empty in one list and absent from the
    /// other).
    private(set) var isFinished = false

    /// Moves past `splice`, the next of `FlatSections.splices`; `last`: the batch's last.
    mutating func apply(_ splice: Splice, last: Bool = false) {
        oldResume += (splice.position - newEnd) + splice.removed
        newEnd = splice.position + splice.added
        isFinished = last
    }

    var count: Int { newEnd + (old.count - oldResume) }

    /// What `position` holds now.
    func entry(at position: Int) -> FlatSections.Entry? {
        if position < newEnd { return new.entry(at: position) }
        return old.entry(at: oldResume + position - newEnd)
    }

    /// The view model at `position` now and its role (`FlatSections.model(at:)`).
    func model(at position: Int) -> (model: any RowViewModel, role: RowRole)? {
        if position < newEnd { return new.model(at: position) }
        return old.model(at: oldResume + position - newEnd)
    }

    /// The section that holds `position`, numbered and bounded as the list reads now:
    /// the sections of `new` up to `newEnd`, then those of `old` from `oldResume`, where
    /// the section on both sides of the seam (the same section id) is one section; once
    /// finished, `new`'s sections.
    func section(at position: Int) -> (index: Int, start: Int, end: Int)? {
        guard position >= 0, position < count else { return nil }
        if isFinished, let index = new.sectionIndex(at: position) {
            return (index, new.start(ofSection: index), new.start(ofSection: index + 1))
        }
        let seam = self.seam
        if position < newEnd, let index = new.sectionIndex(at: position) {
            var end = min(new.start(ofSection: index + 1), newEnd)
            if let resumed = seam.resumed, seam.joined, index == seam.last {
                end = newEnd + old.start(ofSection: resumed + 1) - oldResume
            }
            return (index, new.start(ofSection: index), end)
        }
        let oldPosition = oldResume + position - newEnd
        guard let oldIndex = old.sectionIndex(at: oldPosition), let resumed = seam.resumed else { return nil }
        let shift = newEnd - oldResume
        var start = max(old.start(ofSection: oldIndex) + shift, newEnd)
        if seam.joined, oldIndex == resumed, let last = seam.last { start = new.start(ofSection: last) }
        let first = (seam.last ?? -1) + (seam.joined ? 0 : 1)
        return (first + oldIndex - resumed, start, old.start(ofSection: oldIndex + 1) + shift)
    }

    /// How many sections the list has now (see `section(at:)`): the last one's index plus
    /// one, and the empty sections `old` has after its last item.
    var sectionCount: Int {
        if isFinished { return new.sections.count }
        guard oldResume < old.count else { return newEnd == new.count ? new.sections.count : (seam.last ?? -1) + 1 }
        let lastOld = old.sectionIndex(at: old.count - 1)!
        return section(at: count - 1)!.index + 1 + (old.sections.count - 1 - lastOld)
    }

    /// Where the two parts meet: the section of `new`'s last item before `newEnd`, the
    /// section of `old`'s item at `oldResume`, and whether they are the same section.
    private var seam: (last: Int?, resumed: Int?, joined: Bool) {
        let last = newEnd > 0 ? new.sectionIndex(at: newEnd - 1) : nil
        let resumed = old.sectionIndex(at: oldResume)
        var joined = false
        if let last, let resumed { joined = new.sections[last].id == old.sections[resumed].id }
        return (last, resumed, joined)
    }
}
