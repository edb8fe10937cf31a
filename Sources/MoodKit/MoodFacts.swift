import Foundation

/// What a mood counts for in insights: when it was felt, how good it was, what was done, and
/// the values of its scales.
///
/// The journal's change log keeps these as they were before each update and delete, so that
/// insights can take a changed mood's old share back out without reading the journal again.
public struct MoodFacts: Hashable, Sendable {
    /// When the mood was felt, in milliseconds since 1970.
    public var milliseconds: Int64
    public var level: MoodLevel
    public var activities: [ActivityName]
    /// Each scale's value in tenths (``ScaleValue/inTenths``), so that sums stay exact.
    public var scaleTenths: [Scale.ID: Int]

    public init(milliseconds: Int64, level: MoodLevel, activities: [ActivityName], scaleTenths: [Scale.ID: Int] = [:]) {
        self.milliseconds = milliseconds
        self.level = level
        self.activities = activities
        self.scaleTenths = scaleTenths
    }

    public init(_ mood: Mood) {
        self.init(
            milliseconds: mood.date.millisecondsSince1970, level: mood.level, activities: mood.activities.names,
            scaleTenths: mood.scales.values.mapValues(\.inTenths))
    }
}
