internal import VCTableGObject

/// A song in the picker (kind `"SongRowView"`), whose `mode` changes as the screen does.
///
/// Selecting it (`ListModel.selectRow(at:)`) goes to the picker: while picking it toggles
/// the song; while listening a playable song starts playing. A mode change is reported to
/// `observeProperties` as `"mode"`, only when the mode actually changed, so the list
/// redraws that row in place.
///
/// Properties: `title`, `subtitle`, `duration` (`m:ss`), `mode` (`"selected"`,
/// `"unselected"`, `"playable"`, `"playing"`).
public struct SongRowViewModel: DeclaredRowViewModel {
    /// The song.
    public let song: Song
    /// How the row shows now.
    public let mode: Observable<SongMode>
    private let owner: WeakBox<SongPickerViewModel>

    init(song: Song, mode: SongMode, scheduler: any Scheduler, owner: WeakBox<SongPickerViewModel>) {
        self.song = song
        self.mode = Observable(mode, scheduler: scheduler)
        self.owner = owner
    }

    /// The property names, shared by every song row: its row class's (vct-row-properties.h), in
    /// camelCase and in declaration order.
    public static let propertyNames = RowClassProperties.song.names

    static var rowClass: RowClassProperties { .song }
    static var changesInPlace: Bool { true }

    /// The song's id.
    public var diffIdentifier: Identity { Identity(song.id) }

    /// The value of property `key` now.
    func value(for key: VctRowProperty) -> PropertyValue? {
        value(for: key, mode: mode.value)
    }

    /// A property as it is in `mode`.
    private func value(for key: VctRowProperty, mode: SongMode) -> PropertyValue? {
        switch key {
        case VCT_ROW_SONG_TITLE: .string(song.title)
        case VCT_ROW_SONG_SUBTITLE: .string(song.subtitle)
        case VCT_ROW_SONG_DURATION: .string(song.durationText)
        case VCT_ROW_SONG_MODE: .string(mode.name)
        default: nil
        }
    }

    /// The property named `name` as it is in `mode`.
    private func property(_ name: String, mode: SongMode) -> PropertyValue? {
        Self.rowClass.key(named: name).flatMap { value(for: $0, mode: mode) }
    }

    /// Whether `other` is a song row showing the same song in the same mode.
    public func isContentEqual(to other: any RowViewModel) -> Bool {
        guard let other = other as? SongRowViewModel else { return false }
        return other.song == song && other.mode.value == mode.value
    }

    /// Reports `"mode"` each time the mode changes.
    public func observeProperties(_ observer: @escaping @Sendable (String) -> Void) -> (any Disposable)? {
        mode.observe { _ in observer("mode") }
    }

    /// Each mode change, with the row's values in that mode.
    public func observePropertyChanges(_ observer: @escaping @Sendable (RowPropertyChange) -> Void) -> (any Disposable)? {
        mode.observe { [self] mode in observer(RowPropertyChange(name: "mode") { property($0, mode: mode) }) }
    }

    /// Tells the picker the song was selected.
    public func userSelected() {
        owner.value?.select(songID: song.id)
    }
}
