import Foundation

/// ISO 8601 dates as moodtui writes them (reading them is ``MoodDateInput``'s).
public enum ISO8601 {
    private static let withoutFraction = Date.ISO8601FormatStyle()

    /// `2026-11-22T08:30:00.123Z`: exactly the journal's milliseconds. Whole seconds are
    /// formatted and the milliseconds written from the integer, since Foundation's fraction
    /// truncates a `Double` and printed about half of all dates a millisecond early.
    public static func string(from date: Date) -> String {
        let milliseconds = date.millisecondsSince1970
        let (seconds, fraction) = milliseconds.quotientAndRemainder(dividingBy: 1_000)
        let (wholeSeconds, millisecond) = fraction < 0 ? (seconds - 1, fraction + 1_000) : (seconds, fraction)
        let text = Date(timeIntervalSince1970: TimeInterval(wholeSeconds)).formatted(withoutFraction)
        let digits = String(millisecond)
        return text.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }
}
