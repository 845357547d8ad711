import FoundationEssentials

extension VCTableModel {
    /// The environment variable naming the photos URI the factory uses.
    public static let photosURLEnvironmentVariable = "VCTABLE_PHOTOS_URL"

    /// Assembles the screen's model with its default `MyAPI` (the original's `VCTable+Factory`):
    /// the `http://`, `https://` or `file://` URI (or absolute path) in `VCTABLE_PHOTOS_URL`
    /// when it is set and not empty, otherwise the photos fixture bundled with VCTable
    /// (5000 records), so everything works offline.
    ///
    /// An unusable value is not a crash: the model's reloads fail with `.invalidURI`
    /// (or `.fileUnreadable` when the fixture cannot be found), naming the reason.
    public static func factoryInstance(scheduler: MainContextScheduler = .threadDefault()) -> VCTableModel {
        VCTableModel(manager: defaultAPI(), scheduler: scheduler)
    }

    /// The `MyAPI` `factoryInstance()` uses, as the environment says now.
    public static func defaultAPI() -> any MyAPI {
        URIPhotosAPI.service(fromEnvironment: photosURLEnvironmentVariable, orBundled: "photos.json")
    }
}
