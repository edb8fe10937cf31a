import AppTesting
import Foundation
import LocalProcesses
import Testing

/// Scales in the real app in tmux: filled in from the form (typed and stepped with an arrow), a
/// row with values marked, the detail view naming every value, and `/sleep<6` showing the moods
/// whose sleep was under six hours.
@Suite(.serialized, .ownThread) struct ScaleTerminalTests {
    let subject = AppInTmux()

    private func moodtui(_ arguments: String...) throws {
        let result = try ProcessResult.moodtui(arguments + ["--journal", subject.journal])
        try #require(result.status == 0, "\(arguments): \(result.standardError)")
    }

    /// `/sleep<6` in `app`: only the mood `shown` is left, not `hidden`; Enter twice opens its
    /// detail view, which must say `detail`.
    private func filterBySleepUnderSix(_ app: TmuxSession, shows shown: String, hides hidden: String, detail: String) throws {
        try app.press("/")
        try app.type("sleep<6")
        #expect(try app.waitForScreen { $0.contains("1 mood matching") && $0.contains(shown) && !$0.contains(hidden) },
                "\(app.lastScreen)")
        try app.press("Enter", "Enter")
        #expect(try app.waitForScreen { $0.contains(detail) }, "the detail view: \(app.lastScreen)")
    }

    @Test func valuesAreMarkedShownInTheDetailViewAndFilteredBy() throws {
        try moodtui("scale", "add", "sleep", "--number", "--unit", "h")
        try moodtui("scale", "add", "anxiety", "--range", "1-5")
        try moodtui("add", "--level", "good", "--note", "rested", "--scale", "sleep=8", "--date", "2024-01-01T09:00:00Z")
        try moodtui("add", "--level", "bad", "--note", "short night", "--scale", "sleep=4.5", "--scale", "anxiety=4",
                    "--date", "2024-01-02T09:00:00Z")
        try subject.add("no values", date: "2024-01-03T09:00:00Z")
        let app = try subject.launch(environment: ["TZ": "UTC"])
        #expect(try app.waitForScreen { $0.contains("3 moods") }, "\(app.lastScreen)")
        let rows = app.lastScreen.split(separator: "\n")
        #expect(rows.first { $0.contains("short night") }?.contains("≡") == true, "\(app.lastScreen)")
        #expect(rows.first { $0.contains("no values") }?.contains("≡") == false, "\(app.lastScreen)")

        try filterBySleepUnderSix(app, shows: "short night", hides: "rested", detail: "anxiety 4 · sleep 4.5 h")
    }

    @Test func aScaleFilledInFromTheFormIsShownAndFilteredBy() throws {
        try moodtui("scale", "add", "sleep", "--number", "--unit", "h")
        try subject.add("rested", date: "2024-01-01T09:00:00Z")
        let app = try subject.launch(environment: ["TZ": "UTC"])
        #expect(try app.waitForScreen { $0.contains("1 mood") }, "\(app.lastScreen)")
        try app.press("a")
        #expect(try app.waitForScreen { $0.contains("New mood") && $0.contains("Scales") }, "\(app.lastScreen)")
        try app.type("rough night")
        try app.press("Tab", "Tab")
        #expect(try app.waitForScreen { $0.contains("sleep=7.5 anxiety=4") }, "the hint of the empty field: \(app.lastScreen)")
        try app.type("sleep=5")
        try app.press("Up")
        #expect(try app.waitForScreen { $0.contains("sleep=5.5") }, "\(app.lastScreen)")
        try app.press("Enter")
        #expect(try app.waitForScreen { $0.contains("2 moods") && $0.contains("rough night") }, "\(app.lastScreen)")
        #expect(try subject.moods().first?["scales"] as? [String: Double] == ["sleep": 5.5])

        try filterBySleepUnderSix(app, shows: "rough night", hides: "rested", detail: "Scales      sleep 5.5 h")
    }
}
