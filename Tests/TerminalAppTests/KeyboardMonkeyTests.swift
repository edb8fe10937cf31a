import AppTesting
import Foundation
import LocalProcesses
import Testing

/// A keyboard monkey: the real app in tmux, its journal syncing with a real `moodtui serve` while
/// another device writes, under random keys, pastes (marked and not, with controls, wide
/// characters and right-to-left text), resizes down to a few cells, clicks, double clicks and
/// wheel turns. It never crashes or stops answering, the terminal is itself again once it quits,
/// and every mood saved before is still there: the monkey has every key but the ones that
/// delete, quit or suspend.
///
/// 2,000 actions a run; `MOODTUI_MONKEY_ACTIONS=20000` runs more, `MOODTUI_SEED=N` replays a
/// seed that failed.
@Suite(.serialized, .hangGuard, .ownThread) struct KeyboardMonkeyTests {
    static let actions = ProcessInfo.processInfo.environment["MOODTUI_MONKEY_ACTIONS"].flatMap(Int.init) ?? 2_000
    static let seed = TestSeed.chosen()
    let devices = TwoDevices("monkey")

    /// Keys by tmux name: every key of every screen, but `d` and Delete (delete), `q` and Ctrl-C
    /// (quit) and Ctrl-Z (suspend).
    static let keys = Array("abcefghijklmnoprstuvwxyzABCDEFGHIJKLMNOPRSTUVWXYZ0123456789 /?#<>=.,-:").map(String.init)
        + ["Enter", "Escape", "Tab", "BTab", "BSpace", "Up", "Down", "Left", "Right", "Home", "End", "PPage", "NPage", "F1", "F5", "IC"]
        + ["C-a", "C-b", "C-e", "C-f", "C-k", "C-l", "C-n", "C-p", "C-u", "C-w", "M-b", "M-d", "M-f", "M-BSpace", "C-@"]

    /// Text a person might paste, and text nobody should.
    static let pastes = [
        "walk by the sea", "line one\nline two\r\nline three", "😀 🎉 👩‍👩‍👧 café naïve", "\u{202E}evil\u{202C} \u{200F}שלום", "tab\there",
        "\u{1B}[2J\u{1B}]0;title\u{07}", "\u{7F}\u{8}\u{1}\u{5}", String(repeating: "long ", count: 400), "#family #work sleep<6",
        "2026-02-30 25:61", "-9223372036854775808",
    ]

    @Test(.timeLimit(.minutes(10 + actions / 1_000)))
    func randomInputWithSyncBesideItNeverCrashesOrHangsAndLosesNoMood() async throws {
        let seed = Self.seed
        var random = SeededGenerator(seed: seed)
        let server = try await ServerProcess.start(data: devices.folder.appendingPathComponent("server"))
        try devices.logInBoth(to: server)
        for index in 0..<20 {
            try devices.moodtui("add", "--journal", devices.journalB, "--level", "\(1 + index % 5)", "--note", "saved before \(index)", "--activity", "walk")
        }
        let savedBefore = try ids(in: devices.journalB)
        let app = try devices.launchB(thenRun: "stty -a")
        #expect(try app.waitForScreen(upTo: .seconds(20)) { $0.contains("saved before 19") }, "\(app.lastScreen)")

        var size = (columns: 80, rows: 24)
        for action in 0..<Self.actions {
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<72:
                try app.press(Self.keys.randomElement(using: &random)!)
            case 72..<78:
                try app.paste(Self.pastes.randomElement(using: &random)!)
            case 78..<80:
                try app.pasteUnmarked(Self.pastes.randomElement(using: &random)!)
            case 80..<84:
                size = (Int.random(in: 2...160, using: &random), Int.random(in: 2...50, using: &random))
                try app.resize(columns: size.columns, rows: size.rows)
            case 84..<92:
                try app.click(row: Int.random(in: 0..<size.rows, using: &random), column: Int.random(in: 0..<size.columns, using: &random), times: Int.random(in: 1...2, using: &random))
            case 92..<97:
                try app.wheel(up: Bool.random(using: &random), row: Int.random(in: 0..<size.rows, using: &random), column: Int.random(in: 0..<size.columns, using: &random))
            default:
                // The other device writes, and its sync pushes the mood to the app's.
                try devices.moodtui("add", "--journal", devices.journalA, "--level", "good", "--note", "from device A at \(action)")
                try devices.moodtui("sync", "--once", "--journal", devices.journalA)
            }
            if action % 100 == 99 {
                try #require(try app.exitStatus() == nil, "seed \(seed): the app ended at action \(action):\n\(app.lastScreen)\n\(log())")
            }
        }

        // Back to the list, then quit: the app must still answer. Esc is pressed only while the
        // list's footer is not on screen, and q only once it is: q right after Esc is Alt-q.
        try app.resize(columns: 80, rows: 24)
        let quit = try Deadline.wait(upTo: .seconds(60)) {
            if try app.exitStatus() != nil { return true }
            if app.lastScreen.contains("q quit") {
                try app.press("q")
                return try Deadline.wait(upTo: .seconds(2)) { try app.exitStatus() != nil }
            }
            try app.press("Escape")
            _ = try app.waitForScreen(upTo: .seconds(2)) { $0.contains("q quit") }
            return false
        }
        #expect(quit, "seed \(seed): the app did not quit:\n\(app.lastScreen)\n\(log())")
        #expect(try app.exitStatus() == 0, "seed \(seed): \(app.lastScreen)\n\(log())")
        let settings = try app.screen()
        #expect(settings.contains(" icanon") && settings.contains(" echo "), "seed \(seed): the terminal was left raw:\n\(settings)")
        #expect(try app.paneFormat("#{mouse_standard_flag}#{mouse_sgr_flag}") == "00", "seed \(seed): the mouse was not given back")
        let lost = savedBefore.subtracting(try ids(in: devices.journalB))
        #expect(lost.isEmpty, "seed \(seed): \(lost.count) moods saved before are gone")
        await server.stop()
    }

    private func ids(in journal: String) throws -> Set<String> {
        let listed = try devices.moodtui("list", "--json", "--journal", journal)
        let moods = try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [[String: Any]] ?? []
        return Set(moods.compactMap { $0["id"] as? String })
    }

    private func log() -> String {
        (try? String(contentsOf: devices.folder.appendingPathComponent("b.log"), encoding: .utf8))?.suffix(3_000).description ?? "no log"
    }
}
