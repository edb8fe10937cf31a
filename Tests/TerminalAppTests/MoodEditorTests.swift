import AppTesting
import Foundation
import LocalProcesses
import Testing

/// The add and edit form as a person writes in it, in the real app in tmux.
@Suite(.serialized, .ownThread) struct MoodEditorTests {
    let subject = AppInTmux()

    /// "2nd day of vacation" was saved as "nd day of vacation": `1`–`5` chose the level while
    /// the note was empty. The level is a field of its own now.
    @Test func aNoteStartingWithADigitIsSavedWhole() throws {
        let app = try subject.launchIntoAddForm()
        try app.type("2nd day of vacation")
        try app.press("BTab")
        try app.type("5")
        try app.press("Enter")
        #expect(try app.waitForScreen { $0.contains("1 mood") && !$0.contains("New mood") }, "\(app.lastScreen)")
        let mood = try #require(try subject.moods().first)
        #expect(mood["note"] as? String == "2nd day of vacation")
        #expect(mood["level"] as? Int == 5)
    }

    /// A mood's date could not be set in the app.
    @Test func aBackdatedMoodLandsAtItsDate() throws {
        try subject.add("newest")
        try subject.add("oldest", date: "2026-01-01T00:00:00Z")
        let app = try subject.launch(environment: ["TZ": "UTC"])
        #expect(try app.waitForScreen { $0.contains("2 moods") }, "\(app.lastScreen)")
        try app.press("a")
        #expect(try app.waitForScreen { $0.contains("New mood") }, "\(app.lastScreen)")
        try app.type("backdated")
        try app.press("Tab", "Tab", "C-u")
        try app.type("2026-03-05 08:30")
        try app.press("Enter")
        #expect(try app.waitForScreen { $0.contains("3 moods") && !$0.contains("New mood") }, "\(app.lastScreen)")
        let moods = try subject.moods()
        #expect(moods.compactMap { $0["note"] as? String } == ["newest", "backdated", "oldest"])
        #expect(moods.dropFirst().first?["date"] as? String == "2026-03-05T08:30:00.000Z")
        let screen = app.lastScreen.split(separator: "\n").map(String.init)
        let rows = ["newest", "backdated", "oldest"].map { note in screen.firstIndex { $0.contains(note) } }
        #expect(rows.compactMap { $0 } == rows.compactMap { $0 }.sorted() && !rows.contains(nil), "\(app.lastScreen)")
    }

    /// Activities typed in the form, one completed from those the journal has, are saved with
    /// the mood and shown on its row.
    @Test func activitiesAreTypedWithCompletionAndShownOnTheRow() throws {
        let added = try ProcessResult.moodtui(["add", "--journal", subject.journal, "--level", "good", "--activity", "reading,run"])
        try #require(added.status == 0, "\(added.standardError)")
        let app = try subject.launch()
        #expect(try app.waitForScreen { $0.contains("1 mood") }, "\(app.lastScreen)")
        try app.press("a")
        #expect(try app.waitForScreen { $0.contains("New mood") }, "\(app.lastScreen)")
        try app.type("quiet evening")
        try app.press("Tab")
        try app.type("tea rea")
        // The offer, on the form's line under the field: the list's row behind the form says
        // "#reading" from the start, so the whole screen containing the word proves nothing.
        let offered = { (screen: String) in screen.split(separator: "\n").contains { $0.contains("│") && $0.contains("reading") && !$0.contains("Activities") } }
        #expect(try app.waitForScreen { $0.contains("Activities tea rea") && offered($0) }, "\(app.lastScreen)")
        try app.press("Tab")
        #expect(try app.waitForScreen { $0.contains("Activities tea reading") }, "\(app.lastScreen)")
        try app.press("Enter")
        #expect(try app.waitForScreen { $0.contains("2 moods") && $0.contains("#reading #tea") }, "\(app.lastScreen)")
        #expect(try subject.moods().first?["activities"] as? [String] == ["reading", "tea"])
    }

    /// A new line goes into the note with Alt-Enter, and the form shows it as a line break.
    @Test func altEnterBreaksTheLineAndTheFormShowsIt() throws {
        let app = try subject.launchIntoAddForm()
        try app.type("first line")
        try app.press("M-Enter")
        try app.type("second line")
        #expect(try app.waitForScreen { screen in
            let lines = screen.split(separator: "\n")
            guard let first = lines.firstIndex(where: { $0.contains("first line") }) else { return false }
            return lines.indices.contains(first + 1) && lines[first + 1].contains("second line")
        }, "\(app.lastScreen)")
        try app.press("Enter")
        #expect(try app.waitForScreen { $0.contains("1 mood") && !$0.contains("New mood") }, "\(app.lastScreen)")
        #expect(try subject.notes() == ["first line\nsecond line"])
        #expect(try app.waitForScreen { $0.contains("first line↵second line") }, "the row marks the line break: \(app.lastScreen)")
    }
}
