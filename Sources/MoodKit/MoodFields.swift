import Foundation

/// What a person can change about a mood, each field with the stamp of its last change: what
/// two devices merge, field by field, when both changed a mood without seeing each other.
///
/// The merge keeps, for each of level, note and date, the change with the higher stamp, so a
/// level changed on the laptop and a note fixed on the phone both survive, and an edit made after
/// seeing another always wins over it. Activities merge as a set (``ActivitySet``), scale values
/// each by its own stamp (``ScaleValues``). Deletion is not a field: it wins over any edit,
/// outside this merge.
public struct MoodFields: Hashable, Sendable {
    public var level: Stamped<MoodLevel>
    public var note: Stamped<String>
    public var date: Stamped<Date>
    public var activities: ActivitySet
    public var scales: ScaleValues

    public init(
        level: Stamped<MoodLevel>, note: Stamped<String>, date: Stamped<Date>, activities: ActivitySet = ActivitySet(),
        scales: ScaleValues = ScaleValues()
    ) {
        self.level = level
        self.note = note
        self.date = date
        self.activities = activities
        self.scales = scales
    }

    /// The fields of these values, each with its stamp in `stamps`.
    public init(level: MoodLevel, note: String, date: Date, stamps: MoodStamps, activities: ActivitySet, scales: ScaleValues) {
        self.init(
            level: Stamped(level, at: stamps.level), note: Stamped(note, at: stamps.note), date: Stamped(date, at: stamps.date),
            activities: activities, scales: scales)
    }

    /// Every field and scale value at its later change; the activities of both.
    public func merged(with other: MoodFields) -> MoodFields {
        MoodFields(
            level: level.merged(with: other.level), note: note.merged(with: other.note), date: date.merged(with: other.date),
            activities: activities.merged(with: other.activities), scales: scales.merged(with: other.scales))
    }

    /// The latest stamp of any field: how far a device that holds these fields has seen.
    public var latestStamp: HybridTimestamp {
        [activities.latestStamp, scales.latestStamp].compactMap(\.self).reduce(stamps.latest, max)
    }

    /// Each field's stamp.
    public var stamps: MoodStamps { MoodStamps(level: level.stamp, note: note.stamp, date: date.stamp) }
}
