import AppTesting
import Foundation
import LocalProcesses
import Testing

/// `moodtui stats`: a year's insights as text (plain when piped) and as JSON.
@Suite struct StatsCommandTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-stats-\(UUID().uuidString)")
    var journal: String { folder.appendingPathComponent("journal.sqlite").path }

    /// Mon 3 Nov 2025: great (run); Tue 4 Nov: bad (work) and meh; Wed 5 Nov: good (run, work).
    init() throws {
        for (level, activity, date) in [
            ("great", "run", "2025-11-03T12:00:00Z"), ("bad", "work", "2025-11-04T11:00:00Z"), ("meh", "", "2025-11-04T13:00:00Z"),
            ("good", "run,work", "2025-11-05T12:00:00Z"),
        ] {
            let result = try ProcessResult.moodtui(["add", "--journal", journal, "--level", level, "--activity", activity, "--date", date])
            try #require(result.status == 0, "\(result.standardError)")
        }
    }

    @Test func piped_itPrintsTheYearInPixelsAsDigitsAndWhatHelps() throws {
        let result = try ProcessResult.moodtui(["stats", "--journal", journal, "--year", "2025"], environment: ["TZ": "UTC"])
        try #require(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "2025: 4 moods on 3 days")
        #expect(!result.standardOutput.contains("\u{1B}"), "no escape codes when piped")
        #expect(lines.contains("Nov  · · 5 3 4 · · · · · · · · · · · · · · · · · · · · · · · · ·   "))
        #expect(lines.contains("Feb  · · · · · · · · · · · · · · · · · · · · · · · · · · · ·       "), "28 days")
        #expect(lines.contains("Streak     current none, longest 3 days (2025-11-03 to 2025-11-05)"))
        #expect(lines.contains("Weekdays   Mon 5.0  Tue 2.5  Wed 4.0  Thu –  Fri –  Sat –  Sun –"))
        #expect(lines.contains("  run   +2.0  4.5 (2 days) / 2.5 (1 day)"))
        #expect(lines.contains("  work  −1.8  3.3 (2 days) / 5.0 (1 day)"))
    }

    @Test func json_itGivesTheSameFiguresWithNullWhereThereIsNothing() throws {
        let result = try ProcessResult.moodtui(["stats", "--journal", journal, "--year", "2025", "--json"], environment: ["TZ": "UTC"])
        try #require(result.status == 0, "\(result.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(object["moods"] as? Int == 4)
        #expect(object["dayAverages"] as? [String: Double] == ["2025-11-03": 5, "2025-11-04": 2.5, "2025-11-05": 4])
        #expect(object["currentStreak"] is NSNull)
        let weekdays = try #require(object["weekdays"] as? [[String: Any]])
        #expect(weekdays[3]["average"] is NSNull && weekdays[3]["count"] as? Int == 0)
        let activities = try #require(object["activities"] as? [[String: Any]])
        #expect(activities.map { $0["name"] as? String } == ["run", "work"])
        #expect(activities.first?["effect"] as? Double == 2)
    }

    @Test func aYearOutOfRangeIsRefusedInWords() throws {
        let result = try ProcessResult.moodtui(["stats", "--journal", journal, "--year", "99999"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("the year must be from 1970 to 9999, not 99999"))
    }
}
