import Foundation

/// Writes a mood's date the way people read a journal: relative while it is recent
/// ("just now", "25 min ago", "3 h ago", "yesterday 21:04"), then a plain date; or, under a day's
/// heading in the list, only the time. A person who prefers clock times has them throughout.
public struct MoodDateFormatter: Sendable {
    /// Whether recent moods say how long ago they were.
    public enum Style: Sendable {
        /// "just now", "25 min ago", "3 h ago", then clock times.
        case relative
        /// Clock times only ("21:04", "today 21:04").
        case absolute
    }

    private let calendar: Calendar
    private let style: Style

    /// - Parameters:
    ///   - timeZone: the zone dates are shown in (the person's own by default).
    ///   - style: relative times for recent moods, or clock times only.
    public init(timeZone: TimeZone = .current, style: Style = .relative) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
        self.style = style
    }

    /// The text for `date` as seen at `now`.
    public func string(for date: Date, now: Date) -> String {
        if let recent = recent(date, now: now) { return recent }
        let time = time(of: date)
        if calendar.isDate(date, inSameDayAs: now) { return "today \(time)" }
        if let yesterday = calendar.date(byAdding: .day, value: -1, to: now), calendar.isDate(date, inSameDayAs: yesterday) {
            return "yesterday \(time)"
        }
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d %@", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, time)
    }

    /// The text for `date` under its day's heading, as seen at `now`: relative while it is recent,
    /// the time of day otherwise ("21:04").
    public func timeOfDay(for date: Date, now: Date) -> String {
        recent(date, now: now) ?? time(of: date)
    }

    /// "just now", "25 min ago", "3 h ago"; `nil` for six hours ago or more, or a date ahead.
    private func recent(_ date: Date, now: Date) -> String? {
        guard style == .relative else { return nil }
        let seconds = now.timeIntervalSince(date)
        if seconds >= 0 && seconds < 60 { return "just now" }
        if seconds >= 60 && seconds < 3_600 { return "\(Int(seconds / 60)) min ago" }
        if seconds >= 3_600 && seconds < 6 * 3_600 { return "\(Int(seconds / 3_600)) h ago" }
        return nil
    }

    /// "08:30".
    private func time(of date: Date) -> String {
        String(format: "%02d:%02d", calendar.component(.hour, from: date), calendar.component(.minute, from: date))
    }
}
