/// What `SongPickerViewModel.didDismiss` reports when the screen asks to be closed: after
/// `back()` while picking, or when the session finished (`next()` or `finishSong()` at
/// the last song). It carries the songs selected at that moment, in list order: when the
/// session finished, the session's songs.
///
/// Which of the two happened is the `state` reported just before: `finished` for a
/// finished session; a dismissal while picking changes no state.
public struct SongPickerDismissal: Sendable, Hashable {
    /// The selected songs, in list order.
    public var selectedSongs: [Song]

    /// A dismissal with `selectedSongs`.
    public init(selectedSongs: [Song]) {
        self.selectedSongs = selectedSongs
    }
}
