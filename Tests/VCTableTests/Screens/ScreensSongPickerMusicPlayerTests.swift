import Testing
@testable import VCTable

/// Modes written short: "s"/"u" picking selected/unselected, "P" playing, "p" playable,
/// "h" hidden, one letter per row in list order.
private func modes(_ text: String) -> [SongMode] {
    text.map { letter in
        switch letter {
        case "s": .picking(.selected)
        case "u": .picking(.unselected)
        case "P": .listening(.playing)
        case "p": .listening(.playable)
        case "h": .listening(.hidden)
        default: fatalError("no mode \(letter)")
        }
    }
}

@Suite("Screens: the song picker's rules (MusicPlayer, value in, value out)")
struct ScreensSongPickerMusicPlayerTests {
    @Test("The modes: the original's cases, named as the row's mode property")
    func modeNames() {
        #expect(SongMode.picking(.selected).name == "selected")
        #expect(SongMode.picking(.unselected).name == "unselected")
        #expect(SongMode.listening(.playable).name == "playable")
        #expect(SongMode.listening(.playing).name == "playing")
        #expect(SongMode.listening(.hidden).description == "hidden")
        #expect(Picking.allCases == [.selected, .unselected])
        #expect(Listening.allCases == [.playable, .playing, .hidden])
    }

    @Test("select while picking toggles that row only")
    func selectWhilePicking() {
        #expect(MusicPlayer.select(index: 1, modes: modes("uuu")) == modes("usu"))
        #expect(MusicPlayer.select(index: 1, modes: modes("usu")) == modes("uuu"))
        #expect(MusicPlayer.select(index: 0, modes: modes("usu")) == modes("ssu"))
    }

    @Test("select while listening: a playable song plays, the one playing becomes playable")
    func selectPlayable() {
        #expect(MusicPlayer.select(index: 3, modes: modes("Phpp")) == modes("phpP"))
        #expect(MusicPlayer.select(index: 0, modes: modes("phpP")) == modes("Phpp"))
    }

    @Test("select the song playing, a hidden song, or a row that is not there: nothing changes")
    func selectNothing() {
        let listening = modes("pPhp")
        #expect(MusicPlayer.select(index: 1, modes: listening) == listening, "the song playing")
        #expect(MusicPlayer.select(index: 2, modes: listening) == listening, "a hidden song")
        #expect(MusicPlayer.select(index: 4, modes: listening) == listening, "past the end")
        #expect(MusicPlayer.select(index: -1, modes: listening) == listening, "before the start")
        #expect(MusicPlayer.select(index: 0, modes: []) == [])
    }

    @Test("updateToSongListening: the first selected in list order plays, the other selected are playable, the rest hidden")
    func updateToSongListening() {
        #expect(MusicPlayer.updateToSongListening(modes: modes("usuus")) == modes("hPhhp"))
        #expect(MusicPlayer.updateToSongListening(modes: modes("sss")) == modes("Ppp"))
        #expect(MusicPlayer.updateToSongListening(modes: modes("uu")) == modes("hh"), "nothing selected: nothing plays")
        #expect(MusicPlayer.updateToSongListening(modes: []) == [])
    }

    @Test("updateToSongListening picks by list order: row 3 picked before row 1, row 1 plays")
    func updateToSongListeningListOrder() {
        var picked = modes("uuuu")
        picked = MusicPlayer.select(index: 3, modes: picked)
        picked = MusicPlayer.select(index: 1, modes: picked)
        #expect(picked == modes("usus"))
        #expect(MusicPlayer.updateToSongListening(modes: picked) == modes("hPhp"))
    }

    @Test("updateToSongPicking: playing and playable become selected, hidden unselected")
    func updateToSongPicking() {
        #expect(MusicPlayer.updateToSongPicking(modes: modes("hPhp")) == modes("usus"))
        #expect(MusicPlayer.updateToSongPicking(modes: modes("pph")) == modes("ssu"), "from finished, nothing playing")
        #expect(MusicPlayer.updateToSongPicking(modes: modes("su")) == modes("su"), "picking modes stay")
    }

    @Test("Listening then picking gives the selection back")
    func roundTrip() {
        let picked = modes("susus")
        #expect(MusicPlayer.updateToSongPicking(modes: MusicPlayer.updateToSongListening(modes: picked)) == picked)
    }

    @Test("playNext: the session's next song plays, hidden songs skipped")
    func playNext() {
        #expect(MusicPlayer.playNext(modes: modes("Phhp")) == .playing(modes("phhP")))
        #expect(MusicPlayer.playNext(modes: modes("pPpp")) == .playing(modes("ppPp")))
    }

    @Test("playNext at the last song, or with nothing playing: didFinishPlaying, nothing changed")
    func playNextFinishes() {
        #expect(MusicPlayer.playNext(modes: modes("phPh")) == .didFinishPlaying, "the last song of the session")
        #expect(MusicPlayer.playNext(modes: modes("P")) == .didFinishPlaying, "a session of one song")
        #expect(MusicPlayer.playNext(modes: modes("pp")) == .didFinishPlaying, "nothing playing")
        #expect(MusicPlayer.playNext(modes: modes("su")) == .didFinishPlaying, "picking: nothing playing")
    }

    @Test("playPrevious: the previous song plays; at the first song, or with nothing playing, nothing changes")
    func playPrevious() {
        #expect(MusicPlayer.playPrevious(modes: modes("phPh")) == modes("Phph"))
        #expect(MusicPlayer.playPrevious(modes: modes("ppP")) == modes("pPp"))
        #expect(MusicPlayer.playPrevious(modes: modes("hPp")) == modes("hPp"), "the first song of the session")
        #expect(MusicPlayer.playPrevious(modes: modes("pp")) == modes("pp"), "nothing playing")
    }

    @Test("updateToFinished: nothing plays; the session's songs stay playable, the others hidden")
    func updateToFinished() {
        #expect(MusicPlayer.updateToFinished(modes: modes("phP")) == modes("php"))
        #expect(MusicPlayer.updateToFinished(modes: modes("pp")) == modes("pp"))
    }
}
