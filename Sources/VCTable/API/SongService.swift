import FoundationEssentials

/// The dependency a `SongPickerViewModel` loads its songs through, injected the way
/// `MyAPI` is.
///
/// It returns the raw body, a JSON array of `{id, title, subtitle, duration}` objects
/// (`duration` in whole seconds); the view model decodes it off its loop.
///
/// Implementations should stop early and throw `CancellationError` when the calling task
/// is cancelled. Throw a `VCTableError` to choose the error code; any other error is
/// reported as `.failed` with its description.
public protocol SongService: Sendable {
    /// Fetches the songs document.
    func getSongs() async throws -> Data
}
