import AppTesting
import Foundation
import LocalProcesses
import Testing

/// `moodtui report`: one private HTML file of a period, notes only when asked for, and periods
/// that cannot be drawn refused in words.
@Suite(.ownThread) struct ReportCommandTests {
    let commands = JournalCommands(named: "report")
    var folder: URL { URL(fileURLWithPath: commands.journal).deletingLastPathComponent() }

    /// Two moods in March 2026 with notes, and one in February.
    func addMarch() throws {
        _ = try commands.succeeded(["add", "--level", "good", "--date", "2026-03-02 20:00", "--note", "walked by the sea", "--activity", "run"])
        _ = try commands.succeeded(["add", "--level", "bad", "--date", "2026-03-04 09:15", "--note", "slept <badly> & late"])
        _ = try commands.succeeded(["add", "--level", "great", "--date", "2026-02-27 12:00", "--note", "a February note"])
    }

    /// `moodtui report --output FOLDER/report.html ARGUMENTS`, and the page it wrote.
    func report(_ arguments: [String]) throws -> (result: ProcessResult, page: String) {
        let output = folder.appendingPathComponent("report.html").path
        let result = try commands.run(["report", "--output", output] + arguments)
        let page = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        return (result, page)
    }

    @Test func aPeriodIsOnePrivateFileWithAPixelADayAndNoNote() throws {
        try addMarch()
        let (result, page) = try report(["--since", "2026-03-01", "--until", "2026-03-31"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("Wrote the report of 2026-03-01 to 2026-03-31 (2 moods) to "))
        let mode = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("report.html").path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let days = page.matches(of: /data-day="([0-9-]+)"/).map { String($0.output.1) }
        #expect(days.count == 31 && days.first == "2026-03-01" && days.last == "2026-03-31")
        #expect(page.contains("2 moods on 2 days"))
        for note in ["walked by the sea", "slept", "February"] { #expect(!page.contains(note), "\(note)") }
    }

    @Test func notesComeWithNotesEscapedAndOnlyThePeriods() throws {
        try addMarch()
        let (result, page) = try report(["--since", "2026-03-01", "--until", "2026-03-31", "--notes"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(page.contains("20:00 · good · run</p><p class=\"note-text\">walked by the sea</p>"))
        #expect(page.contains("slept &lt;badly&gt; &amp; late"))
        #expect(!page.contains("February note"))
    }

    @Test func withoutOutputThePageGoesToStandardOutputWhenThatIsNoTerminal() throws {
        try addMarch()
        let result = try commands.run(["report", "--since", "2026-03-01", "--until", "2026-03-07"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("<!DOCTYPE html>"))
        #expect(result.standardOutput.matches(of: /data-day=/).count == 7)
    }

    @Test func theDefaultPeriodIsNinetyDaysOrFromTheFirstMoodWhenThatIsLater() throws {
        _ = try commands.succeeded(["add", "--level", "good", "--date", "2026-03-20 20:00"])
        let (_, fromFirst) = try report(["--until", "2026-03-31"])
        #expect(fromFirst.firstMatch(of: /data-day="([0-9-]+)"/)?.output.1 == "2026-03-20")
        _ = try commands.succeeded(["add", "--level", "good", "--date", "2025-01-01 20:00"])
        let (_, ninetyDays) = try report(["--until", "2026-03-31"])
        let days = ninetyDays.matches(of: /data-day="([0-9-]+)"/).map { String($0.output.1) }
        #expect(days.count == 90 && days.first == "2026-01-01")
    }

    @Test func periodsThatCannotBeDrawnAreRefusedInWordsAndNothingIsWritten() throws {
        try addMarch()
        let refusals: [([String], String)] = [
            (["--since", "2026-03-10", "--until", "2026-03-01"], "--since 2026-03-10 comes after --until 2026-03-01"),
            (["--since", "1990-01-01", "--until", "2026-03-01"], "a report covers at most 20 years"),
            (["--since", "soon"], "--since soon: "),
        ]
        for (arguments, message) in refusals {
            let (result, page) = try report(arguments)
            #expect(result.status != 0 && result.standardError.contains(message), "\(arguments): \(result.standardError)")
            #expect(page.isEmpty)
        }
        let missing = try ProcessResult.moodtui(["report", "--journal", folder.appendingPathComponent("none.sqlite").path, "--output", "/dev/null"])
        #expect(missing.status != 0 && missing.standardError.contains("there is no journal at"))
    }
}

