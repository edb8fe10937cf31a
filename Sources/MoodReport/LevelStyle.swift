import MoodKit

/// The class that colours a level in the report (its pixel, its dot, its bar): `l1` awful to `l5`
/// great, and `none` for a day without a mood. The colours themselves are in ``ReportStyle``.
enum LevelStyle {
    static func className(_ level: MoodLevel) -> String { "l\(level.rawValue)" }

    /// The class of a day whose moods average `average`: its nearest level's.
    static func className(average: Double?) -> String {
        average.map { className(level(average: $0)) } ?? "none"
    }

    /// The level nearest an average.
    static func level(average: Double) -> MoodLevel {
        MoodLevel(rawValue: min(max(Int(average.rounded()), 1), 5))!
    }
}
