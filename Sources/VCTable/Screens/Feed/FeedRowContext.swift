import FoundationEssentials

/// What a feed row factory gets besides its entry: where the row's notifications run, the
/// feed's time zone, and the rows the list showed before this reload (to carry a row's
/// state over to its replacement).
public struct FeedRowContext: Sendable {
    /// Where the feed's notifications run; give a row's `Observable`s this scheduler.
    public let scheduler: any Scheduler
    /// The time zone the feed shows days and times in.
    public let timeZone: TimeZone
    private let previousRows: [Identity: any RowViewModel]
    let follower: FeedFollower
    /// The feed's `FeedViewModel.openDetail`: what a photo row's `cellPressed` reports.
    public let openDetail: EventEmitter<FeedPhoto>
    /// Work to run on the scheduler once this reload's rows are shown (state carried over
    /// must not change before then, nor at all for a reload that is superseded).
    let afterCommit = FeedCommitActions()

    init(
        scheduler: any Scheduler, timeZone: TimeZone, previousSections: [ListSection],
        follower: FeedFollower, openDetail: EventEmitter<FeedPhoto>
    ) {
        self.scheduler = scheduler
        self.timeZone = timeZone
        var rows: [Identity: any RowViewModel] = [:]
        for section in previousSections {
            for row in section.rows where rows[row.diffIdentifier] == nil { rows[row.diffIdentifier] = row }
        }
        previousRows = rows
        self.follower = follower
        self.openDetail = openDetail
    }

    /// The row with `identity` that the list showed when this reload started, if any.
    public func previousRow(withIdentity identity: Identity) -> (any RowViewModel)? {
        previousRows[identity]
    }
}
