/// The song picker's screens: picking songs, listening to them, and the end of the session.
public enum SongPickerState: String, Sendable, Hashable, CaseIterable {
    /// Choosing the songs of a session ("Pick meditation song").
    case picking
    /// Playing the chosen songs ("Player").
    case listening
    /// The last song ended ("Player", nothing playing).
    case finished
}
