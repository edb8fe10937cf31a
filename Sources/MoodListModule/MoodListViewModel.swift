import MoodInsights
import MoodKit

/// Everything the mood list screen shows, as plain values. The presenter makes it; the view
/// draws it and never decides anything itself.
public struct MoodListViewModel: Hashable, Sendable {
    /// The header's text: the title and how many moods the list holds.
    public var header: MoodListHeader
    /// The list area's lines, top to bottom: day headings and the moods under them.
    public var lines: [MoodListLine]
    /// The list index of the first mood among the lines.
    public var firstIndex: Int
    /// The list index of the selected mood, if any.
    public var selectedIndex: Int?
    /// The key hints in the footer, which depend on what is open.
    public var footer: String
    /// A form, question or help shown over the list.
    public var overlay: MoodListOverlay?
    /// A short message under the list (an error in words, or "Deleted. u to undo").
    public var message: MoodListMessage?
    /// What to show when the list is empty.
    public var emptyText: String
    /// What the levels are called: the rows' level column is as wide as the longest word.
    public var levelWords: LevelWords

    public init(
        header: MoodListHeader = MoodListHeader(), lines: [MoodListLine] = [], firstIndex: Int = 0,
        selectedIndex: Int? = nil, footer: String = "", overlay: MoodListOverlay? = nil,
        message: MoodListMessage? = nil, emptyText: String = "", levelWords: LevelWords = .builtIn
    ) {
        self.header = header
        self.lines = lines
        self.firstIndex = firstIndex
        self.selectedIndex = selectedIndex
        self.footer = footer
        self.overlay = overlay
        self.message = message
        self.emptyText = emptyText
        self.levelWords = levelWords
    }

    /// The moods among the lines, top to bottom: the list from ``firstIndex`` on.
    public var rows: [MoodRowViewModel?] {
        lines.compactMap { line in if case .mood(let row) = line { .some(row) } else { nil } }
    }

    /// The line the selected mood is on, if it is on screen: the line drawn in reverse video.
    /// - Complexity: O(lines).
    public var selectedLine: Int? {
        guard let selectedIndex else { return nil }
        var index = firstIndex
        for (line, item) in lines.enumerated() {
            guard case .mood = item else { continue }
            if index == selectedIndex { return line }
            index += 1
        }
        return nil
    }
}

/// The header line.
public struct MoodListHeader: Hashable, Sendable {
    public var title: String
    /// "12 moods", "3 of 12 moods match “sun”".
    public var countText: String
    /// Sync status in words ("local only", later "synced", "offline").
    public var status: String

    public init(title: String = "moodtui", countText: String = "", status: String = "") {
        self.title = title
        self.countText = countText
        self.status = status
    }
}

/// A message under the list.
public struct MoodListMessage: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case info, error }
    public var kind: Kind
    public var text: String

    public init(_ kind: Kind, _ text: String) {
        self.kind = kind
        self.text = text
    }

    /// Said after a deletion, for as long as it can be undone.
    public static let undoOffer = MoodListMessage(.info, "Deleted. Press u to undo.")
}

/// What can be open over the list.
public enum MoodListOverlay: Hashable, Sendable {
    /// The add or edit form.
    case form(MoodFormViewModel)
    /// "Delete this mood? (y/n)" about the row shown.
    case confirmDelete(MoodRowViewModel)
    /// The whole of one mood.
    case detail(MoodDetailViewModel)
    /// The key help, one line per entry, from line `scroll` on.
    case help(lines: [String], scroll: Int)
    /// The filter line being typed.
    case filter(TextFieldViewModel)
    /// The insights screen, over the whole screen.
    case insights(InsightsViewModel)
}

/// The insights screen as drawn: a year's figures, its Year in Pixels with a day selected, the
/// weekly averages up to today, each scale's, and what helps.
public struct InsightsViewModel: Hashable, Sendable {
    public var report: InsightsReport
    public var grid: YearGrid
    public var selected: LocalDay
    /// The selected day's moods, if it has any.
    public var selectedDay: DayTotals?
    /// The same day a year and a month before the selected one, those that had moods.
    public var daysBefore: [OnThisDay.PastDay<DayTotals>]
    /// The average of each of the last weeks up to today's, oldest first (the view shows as many
    /// as fit).
    public var weeks: [WeekAverage]
    /// Each scale in use with a value in the year, with its weekly averages.
    public var scales: [ScaleChart]
    /// Activities and scales, the most helpful first.
    public var helps: [HelpingFactor]
    /// What the levels are called.
    public var levelWords = LevelWords.builtIn
    /// The week's first day, Monday 0 … Sunday 6: the weekdays' order, and where the chart's
    /// weeks begin.
    public var firstWeekday: Int

    /// The most weeks the mood-over-time chart shows (a wide window shows them all).
    public static let chartWeeks = 104

    /// `year` of `counts`, with `selected` as the selected day; `scales` are the journal's in use.
    public init(_ counts: InsightsAggregates, scales: [Scale] = [], year: Int, selected: LocalDay, today: LocalDay, firstWeekday: Int = 0) {
        self.firstWeekday = firstWeekday
        report = InsightsReport(counts, year: year, today: today)
        grid = YearGrid(report)
        self.selected = selected
        selectedDay = counts.days[selected]
        daysBefore = OnThisDay.days(before: selected) { counts.days[$0] }
        weeks = counts.weeklyAverages(through: today, count: Self.chartWeeks, firstWeekday: firstWeekday)
        let insights = ScaleInsight.year(year, scales: scales, aggregates: counts).filter { $0.values.count > 0 }
        self.scales = insights.map {
            ScaleChart(insight: $0, weeks: counts.weeklyAverages(of: $0.scale.id, through: today, count: Self.chartWeeks, firstWeekday: firstWeekday))
        }
        helps = HelpingFactor.ranked(activities: report.activityEffects, scales: insights)
    }
}

/// A scale's figures on the insights screen: its year and its average in each of the weeks
/// the mood chart shows.
public struct ScaleChart: Hashable, Sendable {
    public var insight: ScaleInsight
    public var weeks: [WeekAverage]
}

/// The add/edit form as drawn.
public struct MoodFormViewModel: Hashable, Sendable {
    public var title: String
    /// The field keys go to, which the view marks.
    public var focus: MoodFormField
    public var level: MoodLevel
    public var note: TextFieldViewModel
    /// The most characters the note takes, shown beside its count.
    public var noteLimit: Int
    /// The activities as typed.
    public var activities: TextFieldViewModel
    /// What completion offers for the activity being typed (only while the field has focus).
    public var activityCandidates: [String]
    /// The candidate chosen with ↑ ↓, an index into ``activityCandidates``; `nil` before any.
    public var highlightedCandidate: Int?
    /// The scales' values as typed; `nil` in a journal without scales (no such field).
    public var scales: TextFieldViewModel?
    public var date: TextFieldViewModel
    /// Why the last save was refused, if it was.
    public var error: String?
    /// What the levels are called.
    public var levelWords = LevelWords.builtIn

    public init(
        title: String, focus: MoodFormField = .note, level: MoodLevel, note: TextFieldViewModel, noteLimit: Int,
        activities: TextFieldViewModel = TextFieldViewModel(text: "", cursor: 0), activityCandidates: [String] = [],
        highlightedCandidate: Int? = nil, scales: TextFieldViewModel? = nil, date: TextFieldViewModel, error: String? = nil
    ) {
        self.title = title
        self.focus = focus
        self.level = level
        self.note = note
        self.noteLimit = noteLimit
        self.activities = activities
        self.activityCandidates = activityCandidates
        self.highlightedCandidate = highlightedCandidate
        self.scales = scales
        self.date = date
        self.error = error
    }
}

/// A text field: its text and where the cursor is (in characters).
public struct TextFieldViewModel: Hashable, Sendable {
    public var text: String
    public var cursor: Int

    public init(text: String, cursor: Int) {
        self.text = text
        self.cursor = cursor
    }
}
