/// How a song row shows: while picking, selected or not; while listening, playing,
/// playable (in the session, not playing) or hidden (not in the session: not in the list).
public enum SongMode: Sendable, Hashable, CustomStringConvertible {
    /// The picking screen: `selected` or not.
    case picking(selected: Bool)
    /// The player screen.
    case listening(ListeningMode)

    /// The mode as the row's `mode` property: `"selected"`, `"unselected"`, `"playable"`,
    /// `"playing"` or `"hidden"`.
    public var name: String {
        switch self {
        case .picking(let selected): selected ? "selected" : "unselected"
        case .listening(let mode): mode.rawValue
        }
    }

    /// The mode's `name`.
    public var description: String { name }
}

/// A song row's mode on the player screen.
public enum ListeningMode: String, Sendable, Hashable, CaseIterable {
    /// In the session, not playing: selecting it plays it.
    case playable
    /// Playing now (one song at a time).
    case playing
    /// Not in the session: the row is not in the list.
    case hidden
}
