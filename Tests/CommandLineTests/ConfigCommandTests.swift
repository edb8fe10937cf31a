import AppTesting
import Foundation
import LocalProcesses
import Testing

/// config.toml as a person writes it, read by both programs: the journal for every command and
/// the prompt, the server for login, the date style; a bad line named with its line number
/// while moodtui goes on; `moodtui config` printing what is in effect.
@Suite(.ownThread) struct ConfigCommandTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-config-\(UUID().uuidString)")
    var configFile: URL { folder.appendingPathComponent("config/moodtui/config.toml") }

    private func write(_ text: String) throws {
        try FileManager.default.createDirectory(at: configFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: configFile)
    }

    private func moodtui(_ arguments: String..., environment extra: [String: String] = [:]) throws -> ProcessResult {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
        environment["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
        environment["HOME"] = folder.path
        environment.removeValue(forKey: "NO_COLOR")
        return try ProcessResult.moodtui(arguments, environment: environment.merging(extra) { $1 })
    }

    @Test func withoutAFileEveryKeyHasItsDefault() throws {
        let printed = try moodtui("config")
        #expect(printed.status == 0 && printed.standardError.isEmpty, "\(printed.standardError)")
        #expect(printed.standardOutput.hasPrefix("# \(configFile.path) (not there: every key has its default)\n"))
        #expect(printed.standardOutput.contains("journal = \"\(folder.path)/data/moodtui/journal.sqlite\"  # the default"))
        #expect(printed.standardOutput.contains("server = \"\"  # none: moodtui login takes a URL"))
        #expect(printed.standardOutput.contains("theme = \"default\"  # the default"))
        #expect(printed.standardOutput.contains("date_style = \"relative\"  # the default"))
        #expect(printed.standardOutput.contains("week_start = \"monday\"  # the default"))
        #expect(printed.standardOutput.contains("mouse = true  # the default"))
    }

    @Test func theWeeksFirstDayOrdersTheWeekdaysOfStatsAndTheReport() throws {
        try write("week_start = \"sunday\"\nmouse = false\n")
        let journal = folder.appendingPathComponent("journal.sqlite").path
        #expect(try moodtui("add", "--journal", journal, "--level", "great", "--date", "2026-03-02 20:00").status == 0)
        let stats = try moodtui("stats", "--journal", journal, "--year", "2026")
        #expect(stats.standardOutput.contains("Weekdays   Sun –  Mon 5.0  Tue –"), "\(stats.standardOutput)")
        let report = try moodtui("report", "--journal", journal, "--since", "2026-03-01", "--until", "2026-03-07")
        let rows = report.standardOutput.matches(of: /<tr><th scope="row">(Mon|Tue|Wed|Thu|Fri|Sat|Sun)<\/th>/).map { String($0.output.1) }
        #expect(rows == ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"])
        let printed = try moodtui("config")
        #expect(printed.standardOutput.contains("week_start = \"sunday\"\n") && printed.standardOutput.contains("mouse = false\n"))
    }

    @Test func theJournalNamedIsTheOneEveryCommandAndThePromptUse() throws {
        try write("journal = \"~/moods/mine.sqlite\"\ndate_style = \"absolute\"\n")
        let added = try moodtui("add", "--level", "good", "--note", "where the config says")
        #expect(added.status == 0, "\(added.standardError)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("moods/mine.sqlite").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("data").path), "no folder made for the default journal")
        let listed = try moodtui("list")
        #expect(listed.standardOutput.contains("where the config says"), "\(listed.standardOutput)")
        #expect(listed.standardOutput.hasPrefix("today "), "clock times, not 'just now': \(listed.standardOutput)")
        let prompt = try moodtui("prompt")
        #expect(prompt.status == 0 && prompt.standardOutput.isEmpty, "the prompt reads the same journal: \(prompt)")
        let printed = try moodtui("config")
        #expect(printed.standardOutput.contains("journal = \"\(folder.path)/moods/mine.sqlite\"\n"), "\(printed.standardOutput)")
        #expect(printed.standardOutput.contains("date_style = \"absolute\"\n"))
    }

    @Test func aBadLineIsNamedAndMoodtuiGoesOnWithTheDefault() throws {
        try write("theme = \"basic\"\ncolour = \"red\"\ndate_style = \"soon\"\n")
        for arguments in [["config"], ["prompt"], ["list"]] {
            let result = try ProcessResult.moodtui(arguments, environment: [
                "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path, "HOME": folder.path, "PATH": "/usr/bin:/bin",
            ])
            #expect(result.standardError.contains(
                "moodtui: \(configFile.path) line 2: unknown key 'colour' (the keys are journal, server, theme, date_style, week_start, mouse) (moodtui goes on with the default)"),
                "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains("line 3: date_style takes one of \"relative\", \"absolute\""), "\(arguments)")
        }
        let printed = try moodtui("config")
        #expect(printed.status == 0)
        #expect(printed.standardOutput.contains("theme = \"basic\"\n") && printed.standardOutput.contains("date_style = \"relative\"  # the default"))
    }

    @Test func noColorWinsOverTheTheme() throws {
        try write("theme = \"basic\"\n")
        let printed = try moodtui("config", environment: ["NO_COLOR": "1"])
        #expect(printed.standardOutput.contains("theme = \"none\"  # NO_COLOR is set"), "\(printed.standardOutput)")
    }

    @Test func loginTakesTheServerFromTheFile() async throws {
        let server = try await ServerProcess.start(data: folder.appendingPathComponent("server"))
        try write("server = \"\(server.url.absoluteString)\"\n")
        let journal = folder.appendingPathComponent("login.sqlite").path
        let refused = try moodtui("login", "mt_wrong", "--journal", journal)
        #expect(refused.status == 1 && refused.standardError.contains("refused the token"), "\(refused.standardError)")
        let loggedIn = try moodtui("login", try server.addDevice("alice"), "--journal", journal)
        #expect(loggedIn.status == 0, "\(loggedIn.standardError)")
        #expect(loggedIn.standardOutput.contains("Logged in to alice at \(server.url.absoluteString)"), "\(loggedIn.standardOutput)")
        await server.stop()
    }

    @Test func withoutAServerInTheFileLoginAsksForTheURL() throws {
        let result = try moodtui("login")
        #expect(result.status == 64 && result.standardError.contains("give the server's URL (or set server in config.toml)"), "\(result.standardError)")
    }
}
