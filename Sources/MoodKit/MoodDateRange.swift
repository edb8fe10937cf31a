import Foundation

/// The dates a mood may carry: from 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z, in
/// whole milliseconds.
///
/// Dates travel and are stored as integer milliseconds since 1970. The range is checked on that
/// integer, before any floating-point value exists, so a hostile number such as 2^63 − 1 is
/// refused in words instead of trapping in a conversion. Within the range a millisecond count
/// survives the trip through `Date` (a `Double` of seconds) exactly: its magnitude stays below
/// 2^48, far inside the 2^53 that a `Double` holds without loss. Four-digit years also keep
/// ISO 8601 text, which `moodtui list --json` prints, in its ordinary form.
public enum MoodDateRange {
    /// The first and last millisecond a mood's `date` or a stamp's wall time may name.
    public static let milliseconds: ClosedRange<Int64> = 0...253_402_300_799_999

    /// The date `milliseconds` after 1970 names.
    /// - Throws: ``MoodValidationError/dateOutOfRange(_:milliseconds:)`` outside the range.
    public static func date(milliseconds value: Int64, field: MoodField) throws(MoodValidationError) -> Date {
        guard milliseconds.contains(value) else { throw .dateOutOfRange(field, milliseconds: value) }
        return Date(millisecondsSince1970: value)
    }

    /// `date` cut to whole milliseconds, once it is known to lie within the range.
    /// - Throws: ``MoodValidationError/dateOutOfRange(_:milliseconds:)`` outside the range.
    public static func validated(_ date: Date, field: MoodField) throws(MoodValidationError) -> Date {
        try self.date(milliseconds: date.millisecondsSince1970, field: field)
    }
}
