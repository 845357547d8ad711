/// How a song row shows: while picking, selected or not; while listening, playing,
/// playable (in the session, not playing) or hidden (not in the session: not in the list).
///
/// The original's four cell modes, with the same spelling: `.picking(.selected)`,
/// `.picking(.unselected)`, `.listening(.playable)`, `.listening(.playing)`, and
/// `.listening(.hidden)` for the rows a session leaves out.
public enum SongMode: Sendable, Hashable, CustomStringConvertible {
    /// The picking screen: selected or not.
    case picking(Picking)
    /// The player screen.
    case listening(Listening)

    /// The mode as the row's `mode` property: `"selected"`, `"unselected"`, `"playable"`,
    /// `"playing"` or `"hidden"`.
    public var name: String {
        switch self {
        case .picking(let picking): picking.rawValue
        case .listening(let listening): listening.rawValue
        }
    }

    /// The mode's `name`.
    public var description: String { name }

    /// Whether the song is in the selection: selected while picking, and in the session
    /// (playing or playable) while listening.
    var isSelected: Bool {
        switch self {
        case .picking(.selected), .listening(.playing), .listening(.playable): true
        case .picking(.unselected), .listening(.hidden): false
        }
    }
}

/// A song row's mode on the picking screen.
public enum Picking: String, Sendable, Hashable, CaseIterable {
    /// Picked for the session.
    case selected
    /// Not picked.
    case unselected
}

/// A song row's mode on the player screen.
public enum Listening: String, Sendable, Hashable, CaseIterable {
    /// In the session, not playing: selecting it plays it.
    case playable
    /// Playing now (one song at a time).
    case playing
    /// Not in the session: the row is not in the list.
    case hidden
}
