import AppTesting
import Foundation
import LocalProcesses
import Testing

/// `moodtui prompt` and `moodtui remind` on a real journal, with stand-ins for `systemctl`,
/// `crontab` and `notify-send` on PATH that record what they are asked. PATH holds nothing else:
/// a test must never reach the machine's own crontab or desktop.
@Suite(.ownThread) struct ReminderCommandTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-remind-\(UUID().uuidString)")
    var journal: String { folder.appendingPathComponent("journal.sqlite").path }
    var programs: URL { folder.appendingPathComponent("bin") }
    var configHome: URL { folder.appendingPathComponent("config") }
    var units: URL { configHome.appendingPathComponent("systemd/user") }

    /// A program on PATH that appends its arguments to `NAME.calls` and runs `body`.
    private func fakeProgram(_ name: String, _ body: String = "") throws {
        try FileManager.default.createDirectory(at: programs, withIntermediateDirectories: true)
        let script = programs.appendingPathComponent(name)
        try ExecutableFile.write(Data("#!/bin/sh\necho \"$@\" >> '\(folder.path)/\(name).calls'\n\(body)\n".utf8), to: script)  // echo is the shell's own
    }

    private func calls(_ name: String) -> [String] {
        ((try? String(contentsOf: folder.appendingPathComponent("\(name).calls"), encoding: .utf8)) ?? "")
            .split(separator: "\n").map(String.init)
    }

    private func moodtui(_ arguments: [String]) throws -> ProcessResult {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = programs.path
        environment["XDG_CONFIG_HOME"] = configHome.path
        return try ProcessResult.moodtui(arguments, environment: environment)
    }

    private func moodtui(_ arguments: String...) throws -> ProcessResult { try moodtui(arguments) }

    private func succeeded(_ arguments: String...) throws -> String {
        let result = try moodtui(arguments)
        try #require(result.status == 0, "\(arguments): \(result.standardError)")
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    // MARK: - prompt

    @Test func promptIsSilentWithoutAJournalAndMakesNothing() throws {
        let result = try moodtui("prompt", "--journal", journal)
        #expect(result.status == 0 && result.standardOutput.isEmpty && result.standardError.isEmpty, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test func promptNudgesUntilTodayHasAMood() async throws {
        _ = try succeeded("add", "--journal", journal, "--level", "good", "--date", "yesterday 12:00")
        let dayAfterTomorrow = ISO8601DateFormatter().string(from: Date().addingTimeInterval(2 * 86_400))
        _ = try succeeded("add", "--journal", journal, "--level", "good", "--date", dayAfterTomorrow)
        #expect(try succeeded("prompt", "--journal", journal) == "no mood today · moodtui a")

        await waitForAMinuteOfTheSameDay()
        let id = try succeeded("add", "--journal", journal, "--level", "meh")
        #expect(try succeeded("prompt", "--journal", journal) == "")
        _ = try succeeded("delete", id, "--journal", journal)
        #expect(try succeeded("prompt", "--journal", journal) == "no mood today · moodtui a", "a deleted mood does not count")
    }

    /// The launcher counts the day with the C library's clock, the rest of moodtui with
    /// Foundation's: in every zone, a mood just after today's midnight is today's, and one just
    /// before it is not.
    @Test(arguments: ["UTC", "America/New_York", "Asia/Kolkata", "Pacific/Chatham", "Australia/Lord_Howe"])
    func todayIsTheSameDayForThePromptAsForAdd(zone: String) async throws {
        await waitForAMinuteOfTheSameDay()
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = zone
        func run(_ arguments: [String]) throws -> String {
            let result = try ProcessResult.moodtui(arguments + ["--journal", journal], environment: environment)
            try #require(result.status == 0, "\(zone) \(arguments): \(result.standardError)")
            return result.standardOutput
        }
        _ = try run(["add", "--level", "good", "--date", "yesterday 23:59"])
        #expect(try run(["prompt"]) == "no mood today · moodtui a\n", "\(zone)")
        _ = try run(["add", "--level", "good", "--date", "today 00:01"])
        #expect(try run(["prompt"]) == "", "\(zone)")
    }

    @Test func promptNeverWritesTheJournal() throws {
        _ = try succeeded("add", "--journal", journal, "--level", "good", "--date", "yesterday 12:00")
        let before = try Data(contentsOf: URL(fileURLWithPath: journal))
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: journal)
        #expect(try succeeded("prompt", "--journal", journal) == "no mood today · moodtui a")
        #expect(try Data(contentsOf: URL(fileURLWithPath: journal)) == before)
    }

    @Test func promptOnAFileThatIsNotAJournalSaysSo() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("a note, not a journal".utf8).write(to: URL(fileURLWithPath: journal))
        let result = try moodtui("prompt", "--journal", journal)
        #expect(result.status == 1 && result.standardError.contains("is not a SQLite database"), "\(result.standardError)")
    }

    // MARK: - remind

    @Test func remindAtWritesASystemdTimerAndOffRemovesIt() throws {
        try fakeProgram("systemctl")
        #expect(try succeeded("remind") == "No reminder is set; `moodtui remind --at 21:00` sets one.")

        let set = try succeeded("remind", "--at", "21:00", "--journal", journal)
        #expect(set.contains("A reminder at 21:00 every day, from a systemd user timer"), "\(set)")
        #expect(set.contains("notify-send is not installed"), "\(set)")
        let timer = try String(contentsOf: units.appendingPathComponent("moodtui-remind.timer"), encoding: .utf8)
        #expect(timer.contains("OnCalendar=*-*-* 21:00:00") && timer.contains("WantedBy=timers.target"), "\(timer)")
        let service = try String(contentsOf: units.appendingPathComponent("moodtui-remind.service"), encoding: .utf8)
        #expect(service.contains(#""remind" "--run" "--journal" "\#(journal)""#), "\(service)")
        let mode = try FileManager.default.attributesOfItem(atPath: units.appendingPathComponent("moodtui-remind.service").path)[.posixPermissions]
        #expect(mode as? Int == 0o600)
        #expect(calls("systemctl").contains("--user daemon-reload"))
        #expect(calls("systemctl").contains("--user enable --now moodtui-remind.timer"))
        #expect(try succeeded("remind").hasPrefix("A reminder at 21:00 every day, from a systemd user timer"))

        _ = try succeeded("remind", "--at", "7:30", "--journal", journal)
        #expect(try succeeded("remind").hasPrefix("A reminder at 07:30 every day"))

        #expect(try succeeded("remind", "--off") == "The reminder is off.")
        #expect(calls("systemctl").contains("--user disable --now moodtui-remind.timer"))
        #expect(!FileManager.default.fileExists(atPath: units.appendingPathComponent("moodtui-remind.timer").path))
        #expect(!FileManager.default.fileExists(atPath: units.appendingPathComponent("moodtui-remind.service").path))
        #expect(try succeeded("remind", "--off") == "No reminder was set.")
    }

    @Test func aPathSystemdWouldReadAsSpecifiersIsQuoted() throws {
        try fakeProgram("systemctl")
        let odd = folder.appendingPathComponent("100% \"mine\" $HOME.sqlite").path
        _ = try succeeded("remind", "--at", "21:00", "--journal", odd)
        let service = try String(contentsOf: units.appendingPathComponent("moodtui-remind.service"), encoding: .utf8)
        #expect(service.contains(#"/100%% \"mine\" $$HOME.sqlite""#), "\(service)")
    }

    @Test func withoutASystemdUserManagerTheReminderIsACrontabLineBesideThePersonsOwn() throws {
        try fakeProgram("systemctl", "exit 1")
        let table = folder.appendingPathComponent("crontab.txt").path
        try fakeProgram("crontab", """
            if [ "$1" = "-l" ]; then [ -f '\(table)' ] && exec /bin/cat '\(table)'; echo "no crontab for you" >&2; exit 1; fi
            /bin/cp "$1" '\(table)'
            """)
        _ = try succeeded("remind", "--at", "21:15", "--journal", journal)
        _ = try succeeded("remind", "--at", "6:05", "--journal", journal)
        try Data((try String(contentsOfFile: table, encoding: .utf8) + "0 3 * * * backup\n").utf8).write(to: URL(fileURLWithPath: table))
        let lines = try String(contentsOfFile: table, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2, "\(lines)")
        #expect(lines[0].hasPrefix("5 6 * * * ") && lines[0].hasSuffix("'remind' '--run' '--journal' '\(journal)' # moodtui remind"), "\(lines)")
        #expect(try succeeded("remind") == "A reminder at 06:05 every day, from a line of your crontab (crontab -l).")

        #expect(try succeeded("remind", "--off") == "The reminder is off.")
        #expect(try String(contentsOfFile: table, encoding: .utf8) == "0 3 * * * backup\n")
    }

    @Test func badTimesAndMixedRequestsAreRefusedInWords() throws {
        for (time, words) in [("25:00", "'25:00' is not a time of day"), ("21:60", "is not a time"), ("nine", "is not a time"), ("", "is not a time")] {
            let result = try moodtui("remind", "--at", time)
            #expect(result.status != 0 && result.standardError.contains(words), "\(time): \(result.standardError)")
        }
        let mixed = try moodtui("remind", "--at", "21:00", "--off")
        #expect(mixed.status != 0 && mixed.standardError.contains("give one of --at, --off and --run"))
    }

    @Test func withoutAnySchedulerRemindSaysWhatToRun() throws {
        try fakeProgram("systemctl", "exit 1")
        let result = try moodtui("remind", "--at", "21:00")
        #expect(result.status == 1 && result.standardError.contains("neither a systemd user manager nor crontab"), "\(result.standardError)")
    }

    @Test func theTimersRunNotifiesOnlyWhenTodayHasNoMood() async throws {
        try fakeProgram("notify-send")
        _ = try succeeded("remind", "--run", "--journal", journal)
        #expect(calls("notify-send") == ["--app-name=moodtui moodtui no mood today · moodtui a"], "a journal not made yet has no mood today")
        #expect(!FileManager.default.fileExists(atPath: journal), "the reminder makes no journal")

        _ = try succeeded("add", "--journal", journal, "--level", "good", "--date", "yesterday 12:00")
        _ = try succeeded("remind", "--run", "--journal", journal)
        #expect(calls("notify-send").count == 2)

        await waitForAMinuteOfTheSameDay()
        _ = try succeeded("add", "--journal", journal, "--level", "good")
        _ = try succeeded("remind", "--run", "--journal", journal)
        #expect(calls("notify-send").count == 2)
    }

    @Test func withoutNotifySendTheRunIsSilent() throws {
        try FileManager.default.createDirectory(at: programs, withIntermediateDirectories: true)
        let result = try moodtui("remind", "--run", "--journal", journal)
        #expect(result.status == 0 && result.standardOutput.isEmpty && result.standardError.isEmpty, "\(result)")
    }
}
