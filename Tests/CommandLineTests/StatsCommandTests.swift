import AppTesting
import Foundation
import LocalProcesses
import Testing

/// `moodtui stats`: a year's insights as text (plain when piped) and as JSON.
@Suite(.ownThread) struct StatsCommandTests {
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

    /// Sleep on the three days: 8 h on the great day, 5 and 6 on the bad-and-meh day, 7 on the
    /// good one: the day values are 8, 5.5 and 7, their median 7; days at or above it average
    /// 4.5 (great, good), the day below 2.5.
    @Test func eachScaleGoesWithMoodInTextAndJSON() throws {
        func moodtui(_ arguments: String...) throws -> String {
            let result = try ProcessResult.moodtui(arguments + ["--journal", journal], environment: ["TZ": "UTC"])
            try #require(result.status == 0, "\(arguments): \(result.standardError)")
            return result.standardOutput
        }
        _ = try moodtui("scale", "add", "sleep", "--number", "--unit", "h")
        _ = try moodtui("scale", "add", "unused", "--yes-no")
        let listed = try JSONSerialization.jsonObject(with: Data(try moodtui("list", "--json").utf8)) as? [[String: Any]] ?? []
        let byDate = Dictionary(uniqueKeysWithValues: listed.compactMap { mood in (mood["date"] as? String).map { ($0, mood["id"] as! String) } })
        for (date, hours) in [("2025-11-03T12:00:00.000Z", "8"), ("2025-11-04T11:00:00.000Z", "5"), ("2025-11-04T13:00:00.000Z", "6"),
                              ("2025-11-05T12:00:00.000Z", "7")] {
            _ = try moodtui("edit", try #require(byDate[date], "\(byDate.keys)"), "--scale", "sleep=\(hours)")
        }

        let text = try moodtui("stats", "--year", "2025").split(separator: "\n").map(String.init)
        #expect(text.contains("  sleep   6.5 h (4 values)  median 7.0  4.5 / 2.5  r +1.00"), "\(text.joined(separator: "\n"))")
        #expect(text.contains { $0.hasPrefix("  unused  – (0 values)  median –  – / –  r –") })
        #expect(text.contains("  sleep ≥ 7.0  +2.0  4.5 (2 days) / 2.5 (1 day)"), "what helps ranks the scale among the activities")

        let object = try #require(try JSONSerialization.jsonObject(with: Data(try moodtui("stats", "--year", "2025", "--json").utf8)) as? [String: Any])
        let scales = try #require(object["scales"] as? [[String: Any]])
        #expect(scales.map { $0["name"] as? String } == ["sleep", "unused"])
        let sleep = scales[0]
        #expect((sleep["values"] as? [String: Any])?["average"] as? Double == 6.5)
        #expect(sleep["median"] as? Double == 7)
        #expect((sleep["daysAtOrAboveMedian"] as? [String: Any])?["average"] as? Double == 4.5)
        #expect((sleep["daysBelowMedian"] as? [String: Any])?["count"] as? Int == 1)
        #expect(((sleep["months"] as? [[String: Any]])?[10])?["average"] as? Double == 6.5)
        #expect((sleep["weeks"] as? [[String: Any]])?.count == 53)
        #expect(scales[1]["correlation"] is NSNull)
    }
}
