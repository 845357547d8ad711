internal import CGLib
import FoundationEssentials

/// How the feed shows dates, in the time zone the view model was given: the day a post
/// belongs to (`yyyy-MM-dd`, the section it goes in) and its time (`yyyy-MM-dd HH:mm`).
///
/// Gregorian calendar and fixed digits, never the user's locale, so a day string is also
/// a stable section identity and sorts like the days it names.
///
/// The library links FoundationEssentials, not Foundation (ARCHITECTURE.md, "Imports"): in a
/// process that has not loaded Foundation's time zone data (ICU) — a C program — Foundation's
/// `TimeZone.current` is GMT and named zones do not exist. There the current zone is GLib's
/// local zone (`TZ`, else `/etc/localtime`: the rules ICU reads), so a C program's feed shows
/// its local days as it did; any other zone is Foundation's own.
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

    private struct Parts {
        var year: Int
        var month: Int
        var day: Int
        var hour: Int
        var minute: Int
    }

    /// Whether Foundation knows the world's time zones in this process (ICU is loaded).
    static let hasTimeZoneData = TimeZone(identifier: "America/New_York") != nil

    /// Whether `timeZone` stands for the local zone that Foundation cannot resolve here.
    static func isUnresolvedCurrent(_ timeZone: TimeZone) -> Bool {
        !hasTimeZoneData && timeZone == TimeZone.current
    }

    private static func components(of date: Date, in timeZone: TimeZone) -> Parts {
        if isUnresolvedCurrent(timeZone), let parts = localComponents(of: date) {
            return parts
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return Parts(
            year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0,
            hour: parts.hour ?? 0, minute: parts.minute ?? 0)
    }

    /// `date` in GLib's local zone; nil outside the years GLib represents (1 to 9999).
    private static func localComponents(of date: Date) -> Parts? {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds > -62_135_596_800, seconds < 253_402_300_800,
              let time = g_date_time_new_from_unix_local(gint64(seconds))
        else { return nil }
        defer { g_date_time_unref(time) }
        return Parts(
            year: Int(g_date_time_get_year(time)), month: Int(g_date_time_get_month(time)),
            day: Int(g_date_time_get_day_of_month(time)), hour: Int(g_date_time_get_hour(time)),
            minute: Int(g_date_time_get_minute(time)))
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
