/// The song picker's screens: picking songs, listening to them, and the end of the session.
public enum SongPickerState: String, Sendable, Hashable, CaseIterable {
    /// Choosing the songs of a session ("Pick meditation song").
    case picking
    /// Playing the chosen songs ("Player").
    case listening
    /// The session ended: `next()` or `finishSong()` at the last song ("Player", nothing
    /// playing). `didDismiss` follows; `back()` returns to picking.
    case finished
}
