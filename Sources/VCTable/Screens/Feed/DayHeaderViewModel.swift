internal import VCTableGObject

/// The header of one day's section of the wall (kind `"DayHeaderView"`, role header): the
/// day, `yyyy-MM-dd` in the feed's time zone, which is also the section's identity.
public struct DayHeaderViewModel: DeclaredRowViewModel {
    /// The day, `yyyy-MM-dd`.
    public let day: String

    /// The header of `day`.
    public init(day: String) {
        self.day = day
    }

    /// The property names, shared by every day header: its row class's (vct-row-properties.h), in
    /// camelCase and in declaration order.
    public static let propertyNames = RowClassProperties.dayHeader.names

    static var rowClass: RowClassProperties { .dayHeader }

    /// The day: a section has one header, and the day is the section's identity too.
    public var diffIdentifier: Identity { Identity(day) }

    /// The day for `title`.
    func value(for key: VctRowProperty) -> PropertyValue? {
        key == VCT_ROW_DAY_HEADER_TITLE ? .string(day) : nil
    }

    /// Whether `other` is the header of the same day.
    public func isContentEqual(to other: any RowViewModel) -> Bool {
        (other as? DayHeaderViewModel)?.day == day
    }
}
