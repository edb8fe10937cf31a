import Foundation
import MoodKit

/// A mood in moodtui's own JSON: everything that makes it the same mood in another journal —
/// its id, the exact moment (and the wall clock time it was where it was exported), level,
/// note, activities, the values of the journal's scales and the device that made it.
struct ExchangedMood: Codable, Equatable {
    var id: String
    /// `2026-11-22T08:30:00.123Z`, to the millisecond.
    var date: String
    /// The same moment on the exporting device's clock, `2026-11-22T09:30:00+01:00`: for
    /// reading; the import goes by `date`.
    var localDate: String?
    var level: Int
    var levelName: String?
    var note: String
    var activities: [String]
    var creatorID: String
    /// The values of the scales in use, by name (`{"sleep": 7.5, "meds": true}`); left out when
    /// there are none.
    var scales: [String: ScaleValueJSON]?

    /// - Parameter vocabulary: the journal's scales in use (values of others are left out) and
    ///   level words (`levelName`).
    init(_ mood: Mood, clock: LocalDateTime, vocabulary: JournalVocabulary) {
        id = mood.id.uuidString
        date = ISO8601.string(from: mood.date)
        localDate = clock.isoString(mood.date)
        level = mood.level.rawValue
        levelName = vocabulary.levels.word(for: mood.level)
        note = mood.note
        activities = mood.activities.names.map(\.text)
        creatorID = mood.creatorID
        let values = ScaleValueJSON.values(of: mood, scales: vocabulary.scales)
        self.scales = values.isEmpty ? nil : values
    }
}
