import Foundation
import JournalTesting
import MoodInsights
import MoodKit
import MoodListModule
import MoodStore
import Testing

/// The list reads as days: a heading over each day's moods says which day, in words near today,
/// with the figures of all its moods; the rows under it say only the time.
@Suite struct DayHeadingsTests {
    let journal: TemporaryJournal
    let interactor: MoodListInteractor
    let presenter: MoodListPresenter
    let view = RecordingMoodListView()
    let clock = TestClock()
    static let utc = LocalDays(timeZone: TimeZone(identifier: "UTC")!)
    /// 2026-11-23 12:00 UTC, a Monday.
    static let noon: Int64 = 1_795_435_200_000
    static let hour: Int64 = 3_600_000

    init() throws {
        journal = try TemporaryJournal()
        interactor = try MoodListInteractor(store: journal.store, localDays: Self.utc)
        clock.now = Date(millisecondsSince1970: Self.noon)
        presenter = MoodListPresenter(
            interactor: interactor, router: MoodListAppRouter(onQuit: {}),
            now: { [clock] in clock.now })
        interactor.output = presenter
        presenter.view = view
    }

    private var headings: [DayHeadingViewModel] {
        view.model.lines.compactMap { if case .day(let heading) = $0 { heading } else { nil } }
    }

    /// Each line as a short word: the heading's title, or the mood's note.
    private var lineWords: [String] {
        view.model.lines.map { line in
            switch line {
            case .day(let heading): "# " + heading.title
            case .mood(let row): row?.note ?? "…"
            }
        }
    }

    @Test func daysNearTodayAreNamedAndOthersDatedWithTheYearOnlyWhenItDiffers() throws {
        try journal.add(.great, note: "now", at: Self.noon - 60_000)
        try journal.add(.good, note: "this morning", at: Self.noon - 4 * Self.hour)
        try journal.add(.awful, note: "last night", at: Self.noon - 14 * Self.hour)
        try journal.add(.meh, note: "a week ago", at: Self.noon - 7 * 24 * Self.hour)
        try journal.add(.bad, note: "new year's eve", at: 1_767_182_400_000)  // 2025-12-31 12:00 UTC
        presenter.viewDidLoad(visibleRows: 20)
        #expect(lineWords == [
            "# Today", "now", "this morning", "# Yesterday", "last night", "# Mon 16 Nov", "a week ago", "# Wed 31 Dec 2025",
            "new year's eve",
        ])
        #expect(headings.first == DayHeadingViewModel(title: "Today", average: "4.5", level: .great, countText: "2 moods"))
        #expect(headings.last?.countText == "1 mood")
        #expect(view.model.rows.map { $0?.dateText } == ["1 min ago", "4 h ago", "22:00", "12:00", "12:00"])

        clock.now = Date(millisecondsSince1970: Self.noon + 13 * Self.hour)
        presenter.timeDidPass()
        #expect(headings.prefix(2).map(\.title) == ["Yesterday", "Sun 22 Nov"], "past midnight the days move on")
    }

    @Test func aDayKeepsItsHeadingAndFiguresWhenTheFilterHidesSomeOfItsMoods() throws {
        try journal.add(.great, note: "walk", at: Self.noon - 60_000)
        try journal.add(.awful, note: "rain", at: Self.noon - 2 * Self.hour)
        presenter.viewDidLoad(visibleRows: 10)
        presenter.handle(.startFilter)
        for character in "walk" { presenter.handle(.edit(.insert(character))) }
        presenter.handle(.submit)
        #expect(lineWords == ["# Today", "walk"])
        #expect(headings.first?.average == "3.0" && headings.first?.countText == "2 moods", "the figures are the whole day's")

        // A mood the filter hides changes the day: no row changes, the heading does.
        try journal.store.write(origin: .sync) { _ = try $0.add(MoodEntry(level: .great, note: "tea", date: Date(millisecondsSince1970: Self.noon))) }
        interactor.refresh()
        #expect(headings.first?.average == "3.7" && headings.first?.countText == "3 moods")
        #expect(view.lastChanges.lines == [0], "only the heading is drawn again")
    }

    @Test func theLastMoodOfADayTakesItsHeadingWithIt() throws {
        try journal.add(.good, note: "today", at: Self.noon)
        let yesterday = try journal.add(.bad, note: "yesterday", at: Self.noon - 24 * Self.hour)
        presenter.viewDidLoad(visibleRows: 10)
        #expect(lineWords == ["# Today", "today", "# Yesterday", "yesterday"])
        try journal.store.write(origin: .sync) { try $0.markForDeletion(yesterday.id) }
        interactor.refresh()
        #expect(lineWords == ["# Today", "today"])
    }

    /// Scrolling keeps the heading of the top mood's day on the first line, so the day is always
    /// in sight; a window of one line shows the mood alone.
    @Test func theTopLineNamesTheDayOfTheMoodBelowIt() throws {
        for minute in 0..<8 { try journal.add(note: "m\(minute)", at: Self.noon - Int64(minute) * 60_000) }
        presenter.viewDidLoad(visibleRows: 4)
        presenter.handle(.moveSelection(by: 5))
        #expect(lineWords == ["# Today", "m3", "m4", "m5"])
        #expect(view.selectedRow?.note == "m5")
        presenter.handle(.resize(visibleRows: 1))
        #expect(lineWords == ["m5"])
    }
}
