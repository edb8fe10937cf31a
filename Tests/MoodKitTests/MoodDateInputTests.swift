import Foundation
import MoodKit
import Testing

/// The forms a person writes a mood's date in, the same in the form and on the command line.
@Suite struct MoodDateInputTests {
    /// 2026-11-22 10:00 UTC, a Sunday; 11:00 in Berlin.
    let now = Date(timeIntervalSince1970: 1_795_341_600)
    let utc = MoodDateInput(timeZone: TimeZone(identifier: "UTC")!)
    let berlin = MoodDateInput(timeZone: TimeZone(identifier: "Europe/Berlin")!)

    private func iso(_ text: String) -> Date {
        try! Date.ISO8601FormatStyle().parse(text)
    }

    @Test(arguments: [
        ("now", "2026-11-22T10:00:00Z"),
        (" Now ", "2026-11-22T10:00:00Z"),
        ("today", "2026-11-22T10:00:00Z"),
        ("yesterday", "2026-11-21T10:00:00Z"),
        ("yesterday 21:00", "2026-11-21T21:00:00Z"),
        ("today 8:30", "2026-11-22T08:30:00Z"),
        ("21:05", "2026-11-22T21:05:00Z"),
        ("2026-11-20", "2026-11-20T12:00:00Z"),
        ("2026-11-20 08:30", "2026-11-20T08:30:00Z"),
        ("2026-11-20 08:30:15", "2026-11-20T08:30:15Z"),
        ("2026-11-20T08:30", "2026-11-20T08:30:00Z"),
        ("2026-11-20T08:30:00Z", "2026-11-20T08:30:00Z"),
        ("2026-11-20T08:30:00+01:00", "2026-11-20T07:30:00Z"),
        ("2026-11-20T08:30-0530", "2026-11-20T14:00:00Z"),
    ])
    func everyFormReadsAsThePersonMeantIt(_ text: String, _ expected: String) throws {
        #expect(try utc.date(from: text, now: now) == iso(expected))
    }

    @Test func aDateWithoutAZoneIsLocal() throws {
        #expect(try berlin.date(from: "2026-11-20 08:30", now: now) == iso("2026-11-20T07:30:00Z"))
        #expect(try berlin.date(from: "yesterday 21:00", now: now) == iso("2026-11-21T20:00:00Z"))
        #expect(try berlin.date(from: "2026-11-20T08:30:00Z", now: now) == iso("2026-11-20T08:30:00Z"), "a zone given wins")
    }

    @Test func fractionsOfASecondAreKeptToTheMillisecond() throws {
        #expect(try utc.date(from: "2026-11-20T08:30:00.123Z", now: now).millisecondsSince1970 == 1_795_163_400_123)
        #expect(try utc.date(from: "2026-11-20T08:30:00.1Z", now: now).millisecondsSince1970 == 1_795_163_400_100)
    }

    @Test(arguments: ["", "tomorrow", "2026-02-30", "2026-13-01", "25:00", "yesterday 9", "2026-11-20 08:61", "2026-11-20T08:30+15:00", "0000-01-01", "20261120"])
    func anythingElseIsRefusedInWordsThatShowTheForms(_ text: String) {
        #expect(throws: MoodValidationError.invalidDate(text)) { try utc.date(from: text, now: now) }
        #expect(MoodValidationError.invalidDate(text).description.contains("yesterday 21:00"))
    }

    @Test func theEditingTextReadsBackAsTheSameMinute() throws {
        let date = iso("2026-03-05T08:30:00Z").addingTimeInterval(42.5)
        let text = berlin.text(for: date)
        #expect(text == "2026-03-05 09:30")
        #expect(try berlin.date(from: text, now: now) == iso("2026-03-05T08:30:00Z"))
    }

    /// 2026-03-29 02:30 does not exist in Berlin (the clocks go from 02:00 to 03:00): every form
    /// says so, none moves it silently to 03:30.
    @Test func aTimeTheClocksJumpOverIsRefusedInEveryForm() throws {
        let morning = Date(timeIntervalSince1970: 1_774_771_200)  // 2026-03-29 08:00 UTC
        for text in ["2026-03-29 02:30", "today 02:30", "02:30"] {
            #expect(throws: MoodValidationError.skippedLocalTime(text, timeZone: "Europe/Berlin"), "\(text)") {
                try berlin.date(from: text, now: morning)
            }
        }
        #expect(MoodValidationError.skippedLocalTime("02:30", timeZone: "Europe/Berlin").description.contains("the clocks jump over it"))
        #expect(try berlin.date(from: "2026-03-29 03:30", now: morning) == iso("2026-03-29T01:30:00Z"))
    }
}
