import MoodInsights
import MoodKit
import MoodListModule
import Testing
import TerminalUI
@testable import MoodListScreen

/// Clicks and the wheel mapped by where they land on what was drawn: each test draws the model
/// and clicks where the text is.
@Suite struct MoodListMouseMapTests {
    static let lines: [MoodListLine] = [
        .day(DayHeadingViewModel(title: "Today", average: "3.0", level: .meh, countText: "2 moods")),
        .mood(MoodListFixtures.rows[0]),
        .mood(MoodListFixtures.rows[1]),
        .day(DayHeadingViewModel(title: "Mon 16 Nov", average: "1.0", level: .awful, countText: "1 mood")),
        .mood(MoodListFixtures.rows[2]),
    ]

    /// `model` drawn at 80×24, and the screen it was drawn on.
    func drawn(_ model: MoodListViewModel) -> BufferScreen {
        let screen = MoodListFixtures.screen()
        MoodListScreenView(screen: screen, colorSupport: .none).display(model, changes: MoodListViewChanges(everything: true))
        return screen
    }

    func intents(_ action: MouseEvent.Action, row: Int, column: Int, on model: MoodListViewModel) -> [MoodListIntent] {
        MoodListMouseMap.intents(for: MouseEvent(action, row: row, column: column), on: model, size: MoodListFixtures.size)
    }

    func row(of text: String, in screen: BufferScreen) throws -> Int {
        try #require(screen.lines.firstIndex { $0.contains(text) }, "\(text) in \(screen.lines)")
    }

    @Test func inTheListAClickSelectsTheMoodOnItsLineAndADoubleClickOpensIt() throws {
        var model = MoodListFixtures.model(lines: Self.lines, selected: 0)
        model.firstIndex = 10
        let screen = drawn(model)
        let train = try row(of: "missed the train", in: screen)
        #expect(intents(.click, row: train, column: 40, on: model) == [.select(index: 12)])
        #expect(intents(.doubleClick, row: try row(of: "寿司", in: screen), column: 5, on: model) == [.select(index: 11), .showDetail])
        #expect(intents(.click, row: try row(of: "Mon 16 Nov", in: screen), column: 5, on: model).isEmpty, "a day heading")
        #expect(intents(.click, row: 0, column: 5, on: model).isEmpty, "the header")
        #expect(intents(.click, row: 20, column: 5, on: model).isEmpty, "below the last line")
        #expect(intents(.wheelDown, row: 5, column: 5, on: model) == [.moveSelection(by: 3)])
        #expect(intents(.wheelUp, row: 5, column: 5, on: model) == [.moveSelection(by: -3)])
    }

    @Test func inTheFormAClickPicksALevelOrAField() throws {
        let model = MoodListFixtures.model(overlay: MoodListFixtures.form(note: "a note", date: "yesterday 21:00"))
        let screen = drawn(model)
        let levels = try row(of: "Level ", in: screen)
        let meh = try #require(screen.column(of: "3 meh", row: levels))
        #expect(intents(.click, row: levels, column: meh + 2, on: model) == [.focus(.level), .setLevel(.meh)])
        #expect(intents(.click, row: levels, column: try #require(screen.column(of: "Level", row: levels)), on: model) == [.focus(.level)])
        #expect(intents(.click, row: try row(of: "a note", in: screen), column: 10, on: model) == [.focus(.note)])
        #expect(intents(.click, row: try row(of: "Activities", in: screen), column: 10, on: model) == [.focus(.activities)])
        #expect(intents(.click, row: try row(of: "yesterday 21:00", in: screen), column: 10, on: model) == [.focus(.date)])
        #expect(intents(.click, row: 0, column: 0, on: model).isEmpty, "outside the box")
        let bottom = try #require(screen.lines.lastIndex { $0.contains("└") })
        #expect(intents(.click, row: bottom, column: 10, on: model).isEmpty, "the box's border")
        #expect(intents(.wheelDown, row: levels, column: meh, on: model).isEmpty)
    }

    @Test func inInsightsAClickPicksADayAndADoubleClickShowsItInTheList() {
        let today = LocalDay(year: 2026, month: 11, day: 23)
        let insights = InsightsViewModel(InsightsAggregates(), year: 2026, selected: today, today: today)
        let model = MoodListFixtures.model(overlay: .insights(insights))
        // January is the grid's first row, the 10th its tenth cell (two columns each after five).
        let tenth = LocalDay(year: 2026, month: 1, day: 10)
        #expect(intents(.click, row: 2, column: 5 + 2 * 9, on: model) == [.moveDay(by: today.distance(to: tenth))])
        #expect(intents(.doubleClick, row: 2, column: 5 + 2 * 9 + 1, on: model) == [.moveDay(by: today.distance(to: tenth)), .submit])
        #expect(intents(.click, row: 3, column: 5 + 2 * 30, on: model).isEmpty, "February has no 31st")
        #expect(intents(.click, row: 2, column: 2, on: model).isEmpty, "the month's name")
        #expect(intents(.wheelDown, row: 2, column: 9, on: model) == [.moveMonth(by: 1)])
    }

    @Test func theDetailAndTheHelpScrollWithTheWheelAndAQuestionTakesNoClick() {
        let help = MoodListFixtures.model(overlay: .help(lines: ["a", "b"], scroll: 0))
        #expect(intents(.wheelDown, row: 5, column: 5, on: help) == [.moveSelection(by: 3)])
        #expect(intents(.click, row: 5, column: 5, on: help).isEmpty)
        let question = MoodListFixtures.model(overlay: .confirmDelete(MoodListFixtures.rows[0]))
        #expect(intents(.click, row: 5, column: 5, on: question).isEmpty)
    }

    @Test func aWindowTooSmallToDrawTakesNothing() {
        let model = MoodListFixtures.model(lines: Self.lines)
        #expect(MoodListMouseMap.intents(for: MouseEvent(.click, row: 2, column: 5), on: model, size: TerminalSize(rows: 6, columns: 30)).isEmpty)
    }
}
