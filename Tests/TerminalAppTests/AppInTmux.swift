import AppTesting
import Foundation
import LocalProcesses
import Testing

/// A journal of its own, and the real app on it in tmux: what the terminal tests share.
struct AppInTmux {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-tmux-\(UUID().uuidString)")
    var journal: String { folder.appendingPathComponent("journal.sqlite").path }

    /// The command line that runs the app on this journal, quoted for the shell.
    func command() throws -> String {
        let binary = try BuiltProducts.moodtui.path
        let log = folder.appendingPathComponent("moodtui.log").path
        return "\(TmuxSession.quote(binary)) --journal \(TmuxSession.quote(journal)) --log-file \(TmuxSession.quote(log))"
    }

    /// Starts the app; `thenRun` is a shell command run in the same terminal after it exits.
    func launch(columns: Int = 80, rows: Int = 24, environment: [String: String] = [:], thenRun: String? = nil) throws -> TmuxSession {
        var command = try command()
        if let thenRun { command = "sh -c \(TmuxSession.quote("\(command); status=$?; \(thenRun); exit $status"))" }
        return try TmuxSession(command: command, columns: columns, rows: rows, environment: environment)
    }

    /// Starts the app on an empty journal and opens the add form.
    func launchIntoAddForm() throws -> TmuxSession {
        let app = try launch()
        #expect(try app.waitForScreen { $0.contains("No moods yet") }, "\(app.lastScreen)")
        try app.press("a")
        #expect(try app.waitForScreen { $0.contains("New mood") }, "\(app.lastScreen)")
        return app
    }

    /// Adds a mood from another process, as `moodtui add` in another shell.
    func add(_ note: String, level: String = "good", date: String? = nil) throws {
        let result = try ProcessResult.moodtui(
            ["add", "--journal", journal, "--level", level, "--note", note] + (date.map { ["--date", $0] } ?? []))
        try #require(result.status == 0, "\(result.standardError)")
    }

    /// The journal's moods, newest first, as `moodtui list --json` prints them.
    func moods() throws -> [[String: Any]] {
        let listed = try ProcessResult.moodtui(["list", "--json", "--journal", journal])
        try #require(listed.status == 0, "\(listed.standardError)")
        return try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [[String: Any]] ?? []
    }

    /// The journal's notes, newest first.
    func notes() throws -> [String] {
        try moods().compactMap { $0["note"] as? String }
    }
}
