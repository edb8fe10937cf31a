import Foundation

/// When a mood was felt, as a person writes it: the same forms in the app's form and on the
/// command line (`add --date`, `edit --date`), so what works in one works in the other.
///
/// - `now`; `today`, `yesterday`, either with a time (`yesterday 21:00`); a time alone (`21:00`,
///   today);
/// - a date (`2026-11-20`, at noon), a date and time (`2026-11-20 08:30`, seconds optional);
/// - ISO 8601 (`2026-11-20T08:30:00Z`, `2026-11-20T08:30+01:00`, fractions of a second kept to
///   the millisecond).
///
/// Without a zone a date is in the local time zone (`TZ`). Case and surrounding spaces do not
/// matter.
public struct MoodDateInput: Sendable {
    /// The forms, for messages and help.
    public static let examples = "now, yesterday 21:00, 2026-11-20 08:30 or ISO 8601 (2026-11-20T08:30:00Z)"

    private let calendar: Calendar

    /// - Parameter timeZone: the zone of a date written without one (the person's own by default).
    public init(timeZone: TimeZone = .current) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// The date `text` names, read at `now`.
    /// - Throws: ``MoodValidationError/invalidDate(_:)`` for anything else, or a date outside
    ///   ``MoodDateRange``.
    public func date(from text: String, now: Date) throws(MoodValidationError) -> Date {
        let input = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard let date = relativeDate(input, now: now) ?? absoluteDate(input) else { throw .invalidDate(text) }
        return try MoodDateRange.validated(date, field: .date)
    }

    /// `2026-11-20 08:30`: how the form shows a date to be edited. It reads back as the same
    /// minute; the form keeps a date whose text was not touched exactly as it was.
    public func text(for date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(
            format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0,
            parts.minute ?? 0)
    }

    private func relativeDate(_ input: String, now: Date) -> Date? {
        if input == "now" || input == "today" { return now }
        if input == "yesterday" { return calendar.date(byAdding: .day, value: -1, to: now) }
        guard let match = input.wholeMatch(of: /(?:(today|yesterday)\s+)?(\d{1,2}):(\d{2})/),
              let hour = Int(match.2), let minute = Int(match.3), hour < 24, minute < 60 else { return nil }
        let day = match.1 == "yesterday" ? calendar.date(byAdding: .day, value: -1, to: now) ?? now : now
        return calendar.date(bySettingHour: hour, minute: minute, second: 0, of: day)
    }

    private func absoluteDate(_ input: String) -> Date? {
        let pattern = /(\d{4})-(\d{2})-(\d{2})(?:[ t](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(z|[+-]\d{2}:?\d{2})?)?/
        guard let match = input.wholeMatch(of: pattern) else { return nil }
        var parts = DateComponents(
            year: Int(match.1), month: Int(match.2), day: Int(match.3), hour: match.4.flatMap { Int($0) } ?? 12,
            minute: match.5.flatMap { Int($0) } ?? 0, second: match.6.flatMap { Int($0) } ?? 0)
        var calendar = calendar
        if let zone = match.8 {
            guard let offset = Self.secondsFromGMT(String(zone)), let timeZone = TimeZone(secondsFromGMT: offset) else { return nil }
            calendar.timeZone = timeZone
        }
        parts.timeZone = calendar.timeZone
        guard let whole = calendar.date(from: parts), Self.names(parts, in: calendar, date: whole) else { return nil }
        // The fraction is added as whole milliseconds, never through a Double of seconds.
        let milliseconds = match.7.map { Int64(String($0.prefix(3)).padding(toLength: 3, withPad: "0", startingAt: 0)) ?? 0 } ?? 0
        return Date(millisecondsSince1970: whole.millisecondsSince1970 + milliseconds)
    }

    /// Whether `date` really is the day and time `parts` asked for: the calendar rolls
    /// 2026-02-30 over to March instead of refusing it.
    private static func names(_ parts: DateComponents, in calendar: Calendar, date: Date) -> Bool {
        let back = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return back.year == parts.year && back.month == parts.month && back.day == parts.day
            && back.hour == parts.hour && back.minute == parts.minute && back.second == parts.second
    }

    /// `z`, `+01:00`, `-0530` as seconds east of Greenwich.
    private static func secondsFromGMT(_ zone: String) -> Int? {
        if zone == "z" { return 0 }
        let digits = zone.dropFirst().filter(\.isNumber)
        guard digits.count == 4, let hours = Int(digits.prefix(2)), let minutes = Int(digits.suffix(2)),
              hours <= 14, minutes < 60 else { return nil }
        return (zone.first == "-" ? -1 : 1) * (hours * 3_600 + minutes * 60)
    }
}
