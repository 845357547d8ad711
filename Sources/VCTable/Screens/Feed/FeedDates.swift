import Foundation

/// How the feed shows dates, in the time zone the view model was given: the day a post
/// belongs to (`yyyy-MM-dd`, the section it goes in) and its time (`yyyy-MM-dd HH:mm`).
///
/// Gregorian calendar and fixed digits, never the user's locale, so a day string is also
/// a stable section identity and sorts like the days it names.
enum FeedDates {
    /// `yyyy-MM-dd` of `date` in `timeZone`.
    static func day(of date: Date, in timeZone: TimeZone) -> String {
        let parts = components(of: date, in: timeZone)
        return pad(parts.year, 4) + "-" + pad(parts.month, 2) + "-" + pad(parts.day, 2)
    }

    /// `yyyy-MM-dd HH:mm` of `date` in `timeZone`.
    static func dayAndTime(of date: Date, in timeZone: TimeZone) -> String {
        let parts = components(of: date, in: timeZone)
        return pad(parts.year, 4) + "-" + pad(parts.month, 2) + "-" + pad(parts.day, 2)
            + " " + pad(parts.hour, 2) + ":" + pad(parts.minute, 2)
    }

    private static func components(of date: Date, in timeZone: TimeZone) -> DateComponents {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    }

    private static func pad(_ value: Int?, _ width: Int) -> String {
        let text = String(value ?? 0)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
