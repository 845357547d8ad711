/// What `SongPickerViewModel.didDismiss` reports when the picking screen is left with
/// `back()`: the songs selected at that moment, in list order.
public struct SongPickerDismissal: Sendable, Hashable {
    /// The selected songs, in list order.
    public var selectedSongs: [Song]

    /// A dismissal with `selectedSongs`.
    public init(selectedSongs: [Song]) {
        self.selectedSongs = selectedSongs
    }
}
