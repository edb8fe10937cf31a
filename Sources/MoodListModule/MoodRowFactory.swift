import Foundation
import MoodKit

/// Turns moods into rows: the only place that decides how a mood reads on screen.
struct MoodRowFactory {
    let formatter: MoodDateFormatter
    let now: () -> Date

    func row(for mood: Mood) -> MoodRowViewModel {
        var row = MoodRowViewModel(
            id: mood.id, level: mood.level, levelName: mood.level.name, dateText: "",
            note: TerminalSafeText.singleLine(mood.note), sync: mood.sync.summary)
        row.date = mood.date
        return refreshed(row)
    }

    /// The row with its relative date ("5 min ago") written for the current time.
    func refreshed(_ row: MoodRowViewModel) -> MoodRowViewModel {
        var row = row
        row.dateText = formatter.string(for: row.date, now: now())
        return row
    }
}
