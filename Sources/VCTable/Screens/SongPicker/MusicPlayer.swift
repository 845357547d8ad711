/// The song picker's player rules, after the original's `MusicPlayer` ("aggregate methods
/// for altering modes of song ViewModels - stateless entity").
///
/// Each rule takes every row's mode, in list order, and returns the new modes: value in,
/// value out. Nothing is stored and nothing is locked; `SongPickerViewModel` calls these
/// under its own lock and shows the result. Where the original changed its view models'
/// `songMode` in place, these return the changed array; where it called
/// `didFinishPlaying`, `playNext(modes:)` returns `.didFinishPlaying`.
///
/// Which screen may call which rule is the view model's business (the original's
/// `MeditationScreenStateOperator`): `select` while picking or listening,
/// `updateToSongListening` to start, `playNext` and `playPrevious` while listening,
/// `updateToSongPicking` to go back.
///
/// ```swift
/// var modes: [SongMode] = [.picking(.unselected), .picking(.selected), .picking(.selected)]
/// modes = MusicPlayer.updateToSongListening(modes: modes)
/// // [.listening(.hidden), .listening(.playing), .listening(.playable)]
/// if case .playing(let next) = MusicPlayer.playNext(modes: modes) { modes = next }
/// // [.listening(.hidden), .listening(.playable), .listening(.playing)]
/// MusicPlayer.playNext(modes: modes)  // .didFinishPlaying
/// ```
public enum MusicPlayer {
    /// What `playNext(modes:)` did.
    public enum Next: Sendable, Hashable {
        /// The session's next song plays: the new modes.
        case playing([SongMode])
        /// There is no next song (the last one was playing, or none was): the session
        /// finished. The original's `didFinishPlaying`. The modes are unchanged.
        case didFinishPlaying
    }

    /// A tap on row `index`. While picking, it toggles `selected` / `unselected`. While
    /// listening, a playable song plays and the one playing becomes playable; the song
    /// playing and a hidden song stay as they are. An `index` outside `modes` changes
    /// nothing.
    public static func select(index: Int, modes: [SongMode]) -> [SongMode] {
        guard modes.indices.contains(index) else { return modes }
        var modes = modes
        switch modes[index] {
        case .picking(.selected):
            modes[index] = .picking(.unselected)
        case .picking(.unselected):
            modes[index] = .picking(.selected)
        case .listening(.playable):
            modes = modes.map { $0 == .listening(.playing) ? .listening(.playable) : $0 }
            modes[index] = .listening(.playing)
        case .listening(.playing), .listening(.hidden):
            break
        }
        return modes
    }

    /// Back to picking: playing and playable songs become selected, hidden songs
    /// unselected. Picking modes stay as they are.
    public static func updateToSongPicking(modes: [SongMode]) -> [SongMode] {
        modes.map { mode in
            switch mode {
            case .listening(.playing), .listening(.playable): .picking(.selected)
            case .listening(.hidden): .picking(.unselected)
            case .picking: mode
            }
        }
    }

    /// Starts listening: of the selected songs, in list order, the first plays and the
    /// others are playable; the unselected songs are hidden. Listening modes stay as they
    /// are.
    public static func updateToSongListening(modes: [SongMode]) -> [SongMode] {
        var first = true
        return modes.map { mode in
            switch mode {
            case .picking(.selected):
                defer { first = false }
                return first ? .listening(.playing) : .listening(.playable)
            case .picking(.unselected):
                return .listening(.hidden)
            case .listening:
                return mode
            }
        }
    }

    /// The next song of the session (the playing and playable songs, in list order)
    /// plays and the one playing becomes playable. When the last song is playing (or
    /// none is), nothing changes and the result is `.didFinishPlaying`.
    public static func playNext(modes: [SongMode]) -> Next {
        let session = sessionIndices(modes)
        guard let playing = session.firstIndex(where: { modes[$0] == .listening(.playing) }),
              playing + 1 < session.count
        else { return .didFinishPlaying }
        var modes = modes
        modes[session[playing]] = .listening(.playable)
        modes[session[playing + 1]] = .listening(.playing)
        return .playing(modes)
    }

    /// The previous song of the session plays and the one playing becomes playable. When
    /// the first song is playing (or none is), nothing changes.
    public static func playPrevious(modes: [SongMode]) -> [SongMode] {
        let session = sessionIndices(modes)
        guard let playing = session.firstIndex(where: { modes[$0] == .listening(.playing) }), playing > 0
        else { return modes }
        var modes = modes
        modes[session[playing]] = .listening(.playable)
        modes[session[playing - 1]] = .listening(.playing)
        return modes
    }

    /// The session finished (after `.didFinishPlaying`): the song playing becomes
    /// playable, so nothing plays. Not in the original, whose screen closes at once; here
    /// the model stays, showing the finished session until `updateToSongPicking`.
    public static func updateToFinished(modes: [SongMode]) -> [SongMode] {
        modes.map { $0 == .listening(.playing) ? .listening(.playable) : $0 }
    }

    /// The positions in `modes` of the session's songs (playing or playable), in order.
    private static func sessionIndices(_ modes: [SongMode]) -> [Int] {
        modes.indices.filter { modes[$0] == .listening(.playing) || modes[$0] == .listening(.playable) }
    }
}
