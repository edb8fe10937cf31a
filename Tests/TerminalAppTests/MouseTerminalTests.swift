import AppTesting
import Foundation
import Testing

/// The mouse in the real app in tmux, with the mouse reports xterm sends: clicks select, a
/// double click opens, the wheel scrolls, the form and insights take clicks, and the config can
/// leave the mouse to the terminal.
@Suite(.serialized, .ownThread) struct MouseTerminalTests {
    let subject = AppInTmux()

    /// Six moods a day apart, "mood 1" the oldest; the list shows "mood 6" on top. The form and
    /// the detail view tell them apart by their dates, which the rows behind them do not show.
    func addSixMoods() throws {
        for day in 1...6 { try subject.add("mood \(day)", date: "2026-03-0\(day) 12:00") }
    }

    /// The screen row holding `text`.
    func row(of text: String, in screen: String) -> Int? {
        screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) }
    }

    @Test func aClickSelectsAMoodTheWheelMovesTheSelectionAndADoubleClickOpensIt() throws {
        try addSixMoods()
        let app = try subject.launch()
        #expect(try app.waitForScreen { $0.contains("mood 1") }, "\(app.lastScreen)")
        let moodFour = try #require(row(of: "mood 4", in: app.lastScreen), "\(app.lastScreen)")
        try app.click(row: moodFour, column: 30)
        try app.press("e")
        #expect(try app.waitForScreen { $0.contains("Edit mood") && $0.contains("2026-03-04 12:00") }, "the click selected mood 4: \(app.lastScreen)")
        try app.press("Escape")
        #expect(try app.waitForScreen { !$0.contains("Edit mood") }, "\(app.lastScreen)")

        try app.wheel(up: false, row: moodFour, column: 30)
        try app.press("e")
        #expect(try app.waitForScreen { $0.contains("Edit mood") && $0.contains("2026-03-01 12:00") }, "three down from mood 4: \(app.lastScreen)")
        try app.press("Escape")
        #expect(try app.waitForScreen { !$0.contains("Edit mood") }, "\(app.lastScreen)")

        let moodTwo = try #require(row(of: "mood 2", in: try app.screen()))
        try app.click(row: moodTwo, column: 30, times: 2)
        #expect(try app.waitForScreen { $0.contains("Device") && $0.contains("2026-03-02 12:00") }, "a double click opened mood 2: \(app.lastScreen)")
    }

    @Test func inTheFormAClickPicksALevelAndAField() throws {
        let app = try subject.launchIntoAddForm()
        let screen = try app.screen()
        let levels = try #require(row(of: "Level ", in: screen), "\(screen)")
        let line = screen.split(separator: "\n", omittingEmptySubsequences: false)[levels]
        let great = try #require(line.range(of: "5 great"), "\(line)")
        try app.click(row: levels, column: line.distance(from: line.startIndex, to: great.lowerBound) + 2)
        let dateRow = try #require(row(of: "Date ", in: screen))
        try app.click(row: dateRow, column: 20)
        try app.press("C-u")
        try app.type("2026-03-09 10:00")
        let noteRow = levels + 2
        try app.click(row: noteRow, column: 20)
        try app.type("clicked into place")
        try app.press("Enter")
        #expect(try app.waitForScreen { $0.contains("clicked into place") && !$0.contains("New mood") }, "\(app.lastScreen)")
        let mood = try #require(try subject.moods().first)
        #expect(mood["level"] as? Int == 5, "\(mood)")
        #expect((mood["date"] as? String)?.hasPrefix("2026-03-09") == true, "\(mood)")
    }

    @Test func inInsightsAClickPicksADayAndADoubleClickShowsItInTheList() throws {
        let year = Calendar(identifier: .gregorian).component(.year, from: Date())
        try subject.add("the fifth", level: "great", date: "\(year)-01-05 12:00")
        try subject.add("the tenth", level: "bad", date: "\(year)-01-10 12:00")
        let app = try subject.launch(columns: 100, rows: 30)
        #expect(try app.waitForScreen { $0.contains("the tenth") }, "\(app.lastScreen)")
        try app.press("i")
        #expect(try app.waitForScreen { $0.contains("Insights \(year)") }, "\(app.lastScreen)")
        // January is the grid's first row (row 2); the 10th is the tenth cell, two columns each after 5.
        try app.click(row: 2, column: 5 + 2 * 9)
        #expect(try app.waitForScreen { $0.contains("10 Jan \(year): 2.0 from 1 mood") }, "\(app.lastScreen)")
        try app.click(row: 2, column: 5 + 2 * 4, times: 2)
        #expect(try app.waitForScreen { !$0.contains("Insights \(year)") && $0.contains("the fifth") }, "\(app.lastScreen)")
    }

    @Test func theAppAsksTheTerminalForTheMouseOnlyWhenTheConfigLetsIt() throws {
        let on = try subject.launch()
        #expect(try on.waitForScreen { $0.contains("No moods yet") }, "\(on.lastScreen)")
        #expect(try on.paneFormat("#{mouse_standard_flag}#{mouse_sgr_flag}") == "11")
        try on.press("q")
        #expect(try on.waitForScreen { $0.contains("exited with status 0") }, "\(on.lastScreen)")
        #expect(try on.paneFormat("#{mouse_standard_flag}#{mouse_sgr_flag}") == "00", "given back to the shell")
    }

    @Test func withTheMouseOffInTheConfigAClickChangesNothing() throws {
        try addSixMoods()
        let config = subject.folder.appendingPathComponent("config/moodtui")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "mouse = false\n".write(to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        let app = try subject.launch(environment: ["XDG_CONFIG_HOME": subject.folder.appendingPathComponent("config").path])
        #expect(try app.waitForScreen { $0.contains("mood 1") }, "\(app.lastScreen)")
        #expect(try app.paneFormat("#{mouse_standard_flag}#{mouse_sgr_flag}") == "00", "the terminal keeps the mouse")
        // A report the terminal sends anyway (left on by another program) changes nothing either.
        let moodOne = try #require(row(of: "mood 1", in: app.lastScreen))
        try app.click(row: moodOne, column: 30)
        try app.press("e")
        #expect(try app.waitForScreen { $0.contains("Edit mood") && $0.contains("2026-03-06 12:00") }, "the newest stays selected: \(app.lastScreen)")
    }
}
