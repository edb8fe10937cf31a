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
    /// - Throws: ``MoodValidationError/invalidDate(_:)`` for anything else,
    ///   ``MoodValidationError/skippedLocalTime(_:timeZone:)`` for a time the clocks jump over,
    ///   or a date outside ``MoodDateRange``.
    public func date(from text: String, now: Date) throws(MoodValidationError) -> Date {
        let input = text.trimmingCharacters(in: .whitespaces).lowercased()
        let reading: Reading = relativeDate(input, now: now) ?? absoluteDate(input) ?? .unreadable
        switch reading {
        case .date(let date): return try MoodDateRange.validated(date, field: .date)
        case .skipped: throw .skippedLocalTime(text, timeZone: calendar.timeZone.identifier)
        case .unreadable: throw .invalidDate(text)
        }
    }

    /// What a text reads as: a date, a local time the clocks jump over (a daylight-saving gap),
    /// or nothing.
    private enum Reading {
        case date(Date)
        case skipped
        case unreadable
    }

    /// `2026-11-20 08:30`: how the form shows a date to be edited. It reads back as the same
    /// minute; the form keeps a date whose text was not touched exactly as it was.
    public func text(for date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(
            format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0,
            parts.minute ?? 0)
    }

    private func relativeDate(_ input: String, now: Date) -> Reading? {
        if input == "now" || input == "today" { return .date(now) }
        if input == "yesterday" { return calendar.date(byAdding: .day, value: -1, to: now).map(Reading.date) }
        guard let match = input.wholeMatch(of: /(?:(today|yesterday)\s+)?(\d{1,2}):(\d{2})/) else { return nil }
        guard let hour = Int(match.2), let minute = Int(match.3), hour < 24, minute < 60,
              let day = match.1 == "yesterday" ? calendar.date(byAdding: .day, value: -1, to: now) : now else { return .unreadable }
        var parts = calendar.dateComponents([.year, .month, .day], from: day)
        (parts.hour, parts.minute, parts.second) = (hour, minute, 0)
        return Self.reading(parts, in: calendar)
    }

    private func absoluteDate(_ input: String) -> Reading? {
        let pattern = /(\d{4})-(\d{2})-(\d{2})(?:[ t](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(z|[+-]\d{2}:?\d{2})?)?/
        guard let match = input.wholeMatch(of: pattern) else { return nil }
        let (hour, minute, second) = (match.4.flatMap { Int($0) } ?? 12, match.5.flatMap { Int($0) } ?? 0, match.6.flatMap { Int($0) } ?? 0)
        guard hour < 24, minute < 60, second < 60 else { return .unreadable }
        let parts = DateComponents(year: Int(match.1), month: Int(match.2), day: Int(match.3), hour: hour, minute: minute, second: second)
        var calendar = calendar
        if let zone = match.8 {
            guard let offset = Self.secondsFromGMT(String(zone)), let timeZone = TimeZone(secondsFromGMT: offset) else { return .unreadable }
            calendar.timeZone = timeZone
        }
        let read = Self.reading(parts, in: calendar)
        guard case .date(let whole) = read else { return read }
        // The fraction is added as whole milliseconds, never through a Double of seconds.
        let milliseconds = match.7.map { Int64(String($0.prefix(3)).padding(toLength: 3, withPad: "0", startingAt: 0)) ?? 0 } ?? 0
        return .date(Date(millisecondsSince1970: whole.millisecondsSince1970 + milliseconds))
    }

    /// The date `parts` name in `calendar`'s zone. The calendar rolls 2026-02-30 over to March
    /// and a time in a daylight-saving gap to the next hour instead of refusing them: the day is
    /// checked at noon (no gap there), then the time.
    private static func reading(_ parts: DateComponents, in calendar: Calendar) -> Reading {
        var parts = parts
        parts.timeZone = calendar.timeZone
        var noon = parts
        (noon.hour, noon.minute, noon.second) = (12, 0, 0)
        guard let day = calendar.date(from: noon), Self.names(noon, in: calendar, date: day) else { return .unreadable }
        guard let date = calendar.date(from: parts) else { return .unreadable }
        return Self.names(parts, in: calendar, date: date) ? .date(date) : .skipped
    }

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
