import FoundationEssentials

/// The dependency a `VCTableModel` fetches photos through (the original's `MyAPI` manager).
///
/// It returns the raw body, a JSON array of `{albumId, id, title, url, thumbnailUrl}`
/// objects; the model decodes it off the main context, so every implementation gets the
/// same validation and the same errors. Inject your own in tests:
///
/// ```swift
/// struct FixedAPI: MyAPI {
///     func getPhotos() async throws -> Data { Data(#"[{"albumId":1,"id":1,"title":"t","url":"u","thumbnailUrl":"v"}]"#.utf8) }
/// }
/// let model = VCTableModel(manager: FixedAPI())
/// ```
///
/// Implementations should stop early and throw `CancellationError` when the calling task
/// is cancelled (a newer reload supersedes this one, or the model is released). Throw a
/// `VCTableError` to choose the error code; any other error is reported as `.failed`
/// with its description.
public protocol MyAPI: Sendable {
    /// Fetches the photos document.
    func getPhotos() async throws -> Data
}
