/// A meditation song the picker offers.
public struct Song: Sendable, Hashable, Identifiable {
    /// The song's identifier (JSON `id`).
    public var id: Int
    /// The song's title (JSON `title`).
    public var title: String
    /// The line under the title: the artist or the kind of session (JSON `subtitle`).
    public var subtitle: String
    /// How long the song plays (JSON `duration`, whole seconds).
    public var duration: Duration

    /// A song with the given fields.
    public init(id: Int, title: String, subtitle: String, duration: Duration) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.duration = duration
    }

    /// The duration as `m:ss` ("5:07", "12:00", "75:30"), whole seconds rounded down.
    public var durationText: String {
        let seconds = max(0, duration.components.seconds)
        let rest = seconds % 60
        return "\(seconds / 60):" + (rest < 10 ? "0" : "") + "\(rest)"
    }
}
