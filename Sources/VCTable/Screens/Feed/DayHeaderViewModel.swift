/// The header of one day's section of the wall (kind `"DayHeaderView"`, role header): the
/// day, `yyyy-MM-dd` in the feed's time zone, which is also the section's identity.
public struct DayHeaderViewModel: RowViewModel {
    /// The day, `yyyy-MM-dd`.
    public let day: String

    /// The header of `day`.
    public init(day: String) {
        self.day = day
    }

    /// The property names: `title` (the day).
    public static let propertyNames = ["title"]

    /// The day: a section has one header, and the day is the section's identity too.
    public var diffIdentifier: Identity { Identity(day) }

    /// `["title"]`.
    public var propertyNames: [String] { Self.propertyNames }

    /// The day for `title`; `nil` for any other name.
    public func property(_ name: String) -> PropertyValue? {
        name == "title" ? .string(day) : nil
    }

    /// Whether `other` is the header of the same day.
    public func isContentEqual(to other: any RowViewModel) -> Bool {
        (other as? DayHeaderViewModel)?.day == day
    }
}
