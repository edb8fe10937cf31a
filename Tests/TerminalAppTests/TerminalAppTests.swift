import AppTesting
import Foundation
import LocalProcesses
import Testing

/// The real `moodtui` binary in a real terminal (tmux), driven by keys as a person would.
@Suite(.serialized, .ownThread) struct TerminalAppTests {
    let subject = AppInTmux()
    var journal: String { subject.journal }

    private func launch(
        columns: Int = 80, rows: Int = 24, environment: [String: String] = [:], thenRun: String? = nil
    ) throws -> TmuxSession {
        try subject.launch(columns: columns, rows: rows, environment: environment, thenRun: thenRun)
    }

    private func add(_ note: String, level: String = "good", date: String? = nil) throws {
        try subject.add(note, level: level, date: date)
    }

    @Test func addingAMoodWithEmojiAndCJKByKeyboardShowsItInTheList() throws {
        let app = try subject.launchIntoAddForm()
        try app.type("寿司 🍣 東京")
        try app.press("BTab", "5")
        try app.press("Enter")
        #expect(try app.waitForScreen { $0.contains("寿司 🍣 東京") && $0.contains("great") && !$0.contains("New mood") },
                "\(app.lastScreen)")
        #expect(try app.waitForScreen { $0.contains("1 mood") })
        let listed = try ProcessResult.moodtui(["list", "--json", "--journal", journal])
        #expect(listed.standardOutput.contains("寿司 🍣 東京"))
    }

    @Test func aMoodAddedFromAnotherShellAppearsWithoutAKey() throws {
        try add("already here")
        let app = try launch()
        #expect(try app.waitForScreen { $0.contains("already here") })
        try add("from another shell")
        // How fast is moodtui-bench's local-loop; here only that it comes without a key.
        #expect(try app.waitForScreen(upTo: .seconds(20)) { $0.contains("from another shell") }, "\(app.lastScreen)")
    }

    @Test func deletingByKeyboardAsksAndThenRemovesTheMood() throws {
        try add("keep", date: "2026-01-01T00:00:00Z")
        try add("remove me", date: "2026-02-01T00:00:00Z")
        let app = try launch()
        #expect(try app.waitForScreen { $0.contains("remove me") })
        try app.press("d")
        #expect(try app.waitForScreen { $0.contains("Delete this mood? (y/n)") })
        try app.press("y")
        #expect(try app.waitForScreen { !$0.contains("remove me") && $0.contains("keep") }, "\(app.lastScreen)")
        try app.press("u")
        #expect(try app.waitForScreen { $0.contains("remove me") }, "undo should bring it back")
    }

    /// `/` narrows the list under its days; Enter keeps the filter, Esc shows everything again,
    /// and `n` still finds the next match, saying which it is.
    @Test func aKeptFilterNarrowsTheListAndNFindsItsMatchesAfterEsc() throws {
        try add("walk by the sea", date: "2024-01-01T09:00:00Z")
        try add("tea", date: "2024-01-02T09:00:00Z")
        try add("walk in the rain", date: "2024-01-03T09:00:00Z")
        let app = try launch(environment: ["TZ": "UTC"])
        #expect(try app.waitForScreen { $0.contains("Wed 3 Jan 2024") && $0.contains("Mon 1 Jan 2024") }, "day headings: \(app.lastScreen)")
        try app.press("/")
        try app.type("walk")
        #expect(try app.waitForScreen { $0.contains("2 moods matching “walk”") && !$0.contains("tea") }, "\(app.lastScreen)")
        try app.press("Enter", "Escape")
        #expect(try app.waitForScreen { $0.contains("3 moods") && $0.contains("tea") }, "\(app.lastScreen)")
        try app.press("n")
        #expect(try app.waitForScreen { $0.contains("“walk”: 2 of 2") }, "\(app.lastScreen)")
    }

    /// Esc before Enter on the filter line left the last match typed through selected; like
    /// less and vim, it goes back to the mood selected before `/` (here deleted, to tell).
    @Test func escOnTheFilterLineGoesBackToTheMoodSelectedBefore() throws {
        for (day, note) in ["walk by the sea", "run in the rain", "walking home", "tea"].enumerated() {
            try add(note, date: "2024-01-0\(day + 1)T09:00:00Z")
        }
        let app = try launch(environment: ["TZ": "UTC"])
        #expect(try app.waitForScreen { $0.contains("4 moods") }, "\(app.lastScreen)")
        try app.press("Down", "Down")
        try app.press("/")
        try app.type("walk")
        #expect(try app.waitForScreen { $0.contains("2 moods matching “walk”") }, "\(app.lastScreen)")
        try app.press("Down")
        try app.press("Escape")
        #expect(try app.waitForScreen { $0.contains("4 moods") && $0.contains("tea") }, "\(app.lastScreen)")
        try app.press("d")
        #expect(try app.waitForScreen { $0.contains("Delete") }, "\(app.lastScreen)")
        try app.press("y")
        #expect(try app.waitForScreen { $0.contains("3 moods") }, "\(app.lastScreen)")
        #expect(try subject.notes() == ["tea", "walking home", "walk by the sea"])
    }

    /// `moodtui a`, as the nudge of `moodtui prompt` says, opens the app on a new mood's form.
    @Test func moodtuiAOpensTheAppOnTheFormForANewMood() throws {
        let command = "\(TmuxSession.quote(try BuiltProducts.moodtui.path)) a --journal \(TmuxSession.quote(journal))"
        let app = try TmuxSession(command: command, environment: ["XDG_STATE_HOME": subject.folder.path])
        #expect(try app.waitForScreen { $0.contains("New mood") }, "\(app.lastScreen)")
        try app.type("logged from the nudge")
        try app.press("Enter")
        #expect(try app.waitForScreen { $0.contains("1 mood") && !$0.contains("New mood") }, "\(app.lastScreen)")
        #expect(try subject.notes() == ["logged from the nudge"])
    }

    @Test func resizingReLaysOutAndATinyTerminalGetsAMessage() throws {
        try add("resize me")
        let app = try launch()
        #expect(try app.waitForScreen { $0.contains("resize me") })
        try app.resize(columns: 30, rows: 6)
        #expect(try app.waitForScreen { $0.contains("at least") }, "\(app.lastScreen)")
        try app.resize(columns: 120, rows: 40)
        #expect(try app.waitForScreen { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return screen.contains("resize me") && lines.count >= 40 && lines[39].contains("q quit")
        }, "\(app.lastScreen)")
    }

    @Test func quittingRestoresTheTerminalAndExitsWithZero() throws {
        let app = try launch(thenRun: "stty -a")
        #expect(try app.waitForScreen { $0.contains("moodtui") })
        try app.press("q")
        #expect(try Deadline.wait(upTo: .seconds(20)) { try app.exitStatus() != nil }, "\(app.lastScreen)")
        #expect(try app.exitStatus() == 0)
        // The terminal is back in its normal mode: line editing and echo on again.
        let settings = try app.screen()
        #expect(settings.contains(" icanon") && settings.contains(" echo "), "\(settings)")
        #expect(!settings.contains("-icanon") && !settings.contains("-echo "))
    }

    /// Without an alternate screen (vt100) the shell's prompt printed over the footer line.
    @Test func onATerminalWithoutAnAlternateScreenWhatFollowsStartsOnALineOfItsOwn() throws {
        let app = try launch(environment: ["TERM": "vt100"], thenRun: "echo PROMPT")
        #expect(try app.waitForScreen { $0.contains("q quit") }, "\(app.lastScreen)")
        try app.press("q")
        #expect(try Deadline.wait(upTo: .seconds(20)) { try app.exitStatus() != nil }, "\(app.lastScreen)")
        let lines = try app.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let footer = try #require(lines.firstIndex { $0.contains("q quit") }, "the app's last screen stays")
        #expect(lines[footer].hasPrefix("↑↓ move"), "\(lines[footer])")
        #expect(lines[footer + 1] == "PROMPT")
    }

    @Test func ctrlCQuitsCleanlyToo() throws {
        let app = try launch()
        #expect(try app.waitForScreen { $0.contains("moodtui") })
        try app.press("C-c")
        #expect(try Deadline.wait(upTo: .seconds(20)) { try app.exitStatus() != nil }, "\(app.lastScreen)")
        #expect(try app.exitStatus() == 0)
    }

    /// TERM=dumb drew the footer over one line and nothing else, with no word of why.
    @Test func aTerminalThatCannotMoveTheCursorGetsOneClearLineAndAFailingExit() throws {
        try add("kept")
        let app = try launch(environment: ["TERM": "dumb"])
        #expect(try Deadline.wait(upTo: .seconds(20)) { try app.exitStatus() != nil }, "\(app.lastScreen)")
        #expect(try app.exitStatus() == 1)
        let screen = try app.screen().split(separator: "\n").joined()
        #expect(screen.hasPrefix("moodtui: TERM=dumb cannot move the cursor, which the app needs;"), "\(screen)")
        #expect(!screen.contains("q quit"), "nothing of the list was drawn")
        #expect(try subject.notes() == ["kept"])
    }

    @Test func aNonUTF8LocaleFallsBackToUTF8SoWideCharactersStillShow() throws {
        try add("東京 🍣")
        let app = try launch(environment: ["LANG": "C", "LC_ALL": "C"])
        #expect(try app.waitForScreen { $0.contains("東京 🍣") }, "\(app.lastScreen)")
    }

    /// config.toml's theme: "basic" keeps to the terminal's eight colours (its own colour scheme
    /// draws them), "none" draws none, and NO_COLOR wins over any theme.
    @Test func theThemeChoosesTheColoursAndNoColorWinsOverIt() throws {
        try add("calm", level: "great")
        let config = subject.folder.appendingPathComponent("config/moodtui")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data("theme = \"basic\"\n".utf8).write(to: config.appendingPathComponent("config.toml"))
        let environment = ["XDG_CONFIG_HOME": config.deletingLastPathComponent().path]
        let anyColour = "\u{1B}\\[([0-9;]*;)?(3[0-7]|9[0-7]|38;5;[0-9]+)m", indexed = "38;5;[0-9]+"

        // The test runner may set NO_COLOR itself; empty, it means nothing.
        let basic = try launch(environment: environment.merging(["NO_COLOR": ""]) { $1 })
        #expect(try basic.waitForScreen { $0.contains("calm") })
        let basicEscapes = try basic.screenWithEscapes()
        #expect(basicEscapes.range(of: anyColour, options: .regularExpression) != nil, "the eight colours are drawn: \(basicEscapes)")
        #expect(basicEscapes.range(of: indexed, options: .regularExpression) == nil, "no colour of the 256")

        let plain = try launch(environment: environment.merging(["NO_COLOR": "1"]) { $1 })
        #expect(try plain.waitForScreen { $0.contains("calm") && $0.contains("█ ") })
        #expect(try plain.screenWithEscapes().range(of: anyColour, options: .regularExpression) == nil)
    }

    @Test func noColorMeansNoColourButLevelsStillShowAsBars() throws {
        try add("calm", level: "great")
        let app = try launch(environment: ["NO_COLOR": "1"])
        #expect(try app.waitForScreen { $0.contains("calm") && $0.contains("█ ") })
        let escapes = try app.screenWithEscapes()
        // SGR 30–37, 90–97 and 38;5;n set a foreground colour; none may appear.
        #expect(escapes.range(of: "\u{1B}\\[([0-9;]*;)?(3[0-7]|9[0-7]|38;5;[0-9]+)m", options: .regularExpression) == nil)
    }
}
