import Foundation

/// A mood as a person enters it — in the app's form, with `moodtui add` — checked against the
/// rules once, where it comes in. The journal turns it into a ``Mood`` with a new id, stamped
/// by the device's clock (`JournalWriter.add(_:)`).
public struct MoodEntry: Hashable, Sendable {
    public let level: MoodLevel
    /// Normalized by ``MoodNote/normalized(_:)``.
    public let note: String
    /// Within ``MoodDateRange``, in whole milliseconds.
    public let date: Date
    /// The activities chosen and those the note names as `#hashtags`
    /// (``ActivityName/hashtags(in:)``), at most ``ActivitySet/maximumActivities``.
    public let activities: Set<ActivityName>
    /// The values given for the journal's scales, each checked against its scale's kind where it
    /// was typed (``ScaleKind/value(parsing:for:)``).
    public let scales: [Scale.ID: ScaleValue]

    /// - Throws: `MoodValidationError` when the note breaks ``MoodNote``'s rules, the date
    ///   lies outside ``MoodDateRange``, or there are too many activities.
    public init(
        level: MoodLevel, note: String = "", date: Date = Date(), activities: Set<ActivityName> = [],
        scales: [Scale.ID: ScaleValue] = [:]
    ) throws(MoodValidationError) {
        self.level = level
        self.note = try MoodNote.normalized(note)
        self.date = try MoodDateRange.validated(date, field: .date)
        self.activities = try ActivitySet.checkedChoice(activities.union(ActivityName.hashtags(in: self.note)))
        self.scales = scales
    }
}
