import MoodInsights
import MoodKit

/// One line of the list area, as drawn.
public enum MoodListLine: Hashable, Sendable {
    /// The heading over a day's moods.
    case day(DayHeadingViewModel)
    /// A mood's row; `nil` for one deleted by a commit the list has not caught up with yet.
    case mood(MoodRowViewModel?)
}

/// The heading over a day's moods: which day, and how all of its moods went (whatever the filter
/// shows), so that the list reads as days and not as a log.
public struct DayHeadingViewModel: Hashable, Sendable {
    /// "Today", "Yesterday", "Mon 16 Nov", or "Mon 16 Nov 2025" for another year.
    public var title: String
    /// The day's average level to a tenth ("3.6"); `nil` when the journal holds none of its
    /// moods any more (the last was just deleted) or could not be read.
    public var average: String?
    /// The level nearest the average, for its colour or glyph.
    public var level: MoodLevel?
    /// "1 mood", "4 moods"; empty when the journal could not be read.
    public var countText: String

    /// A heading as drawn; the presenter makes it from a day and its figures.
    public init(title: String, average: String? = nil, level: MoodLevel? = nil, countText: String = "") {
        self.title = title
        self.average = average
        self.level = level
        self.countText = countText
    }
}

extension DayHeadingViewModel {
    /// The heading of `day`, with `totals` of its moods (`nil`: unknown), as read on `today`.
    init(_ day: LocalDay, totals: DayTotals?, today: LocalDay) {
        let title = switch today.distance(to: day) {
        case 0: "Today"
        case -1: "Yesterday"
        default: InsightsWords.date(day, withYear: day.year != today.year)
        }
        let average = totals?.average
        self.init(
            title: title, average: average.map(InsightsWords.oneDecimal), level: average.map(MoodLevel.nearest(to:)),
            countText: totals.map { InsightsWords.count($0.count, "mood") } ?? "")
    }
}
