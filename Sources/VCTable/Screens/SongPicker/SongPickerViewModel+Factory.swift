import FoundationEssentials

extension SongPickerViewModel {
    /// The environment variable naming the songs URI the factory uses.
    public static let songsURLEnvironmentVariable = "VCTABLE_SONGS_URL"

    /// Assembles the picker with its default `SongService`: the `http://`, `https://` or
    /// `file://` URI (or absolute path) in `VCTABLE_SONGS_URL` when it is set and not
    /// empty, otherwise the songs fixture bundled with VCTable (`songs.json`), so the
    /// screen works offline.
    ///
    /// An unusable value is not a crash: reloads fail with `.invalidURI` (or
    /// `.fileUnreadable` when the fixture cannot be found), naming the reason.
    public static func factoryInstance(scheduler: MainContextScheduler = .threadDefault()) -> SongPickerViewModel {
        SongPickerViewModel(service: defaultService(), scheduler: scheduler)
    }

    /// The `SongService` `factoryInstance()` uses, as the environment says now.
    public static func defaultService() -> any SongService {
        URISongService.service(fromEnvironment: songsURLEnvironmentVariable, orBundled: "songs.json")
    }
}
