import AppTesting
import Foundation
import LocalProcesses
import Testing

/// Scales from the command line: made with `scale add` of each kind, given values with `add` and
/// `edit --scale`, shown by `list` and `list --json`, listed, renamed and removed with their
/// values kept; bad input refused in words with nothing written.
@Suite(.ownThread) struct ScaleCommandTests {
    let commands = JournalCommands(named: "scale")
    var journal: String { commands.journal }

    private func moodtui(_ arguments: String...) throws -> ProcessResult { try commands.run(arguments) }

    private func succeeded(_ arguments: String...) throws -> String { try commands.succeeded(arguments) }

    /// Each mood's `scales` as `list --json` prints it, newest first.
    private func listedScales() throws -> [NSDictionary] {
        let moods = try JSONSerialization.jsonObject(with: Data(try succeeded("list", "--json").utf8)) as? [[String: Any]] ?? []
        return moods.map { $0["scales"] as? NSDictionary ?? ["missing": true] }
    }

    private func defineSleepAnxietyAndMeds() throws {
        #expect(try succeeded("scale", "add", "Sleep", "--number", "--unit", "h", "--min", "0", "--max", "24")
            == "Added the scale sleep: it takes a number with at most one decimal (h) from 0 up to 24. Give it a value with --scale sleep=VALUE")
        _ = try succeeded("scale", "add", "anxiety", "--range", "1-5")
        _ = try succeeded("scale", "add", "meds", "--yes-no")
    }

    @Test func valuesAreGivenWithAddAndEditAndShownByList() throws {
        try defineSleepAnxietyAndMeds()
        let id = try succeeded("add", "--level", "good", "--scale", "sleep=7.5", "--scale", "anxiety=2", "--scale", "meds=yes",
                               "--date", "2026-11-20T08:30:00Z")
        #expect(try listedScales() == [["sleep": 7.5, "anxiety": 2, "meds": true]])
        #expect(try succeeded("list").hasSuffix("anxiety=2 meds=yes sleep=7.5"))

        _ = try succeeded("edit", id, "--scale", "sleep=", "--scale", "meds=no")
        #expect(try listedScales() == [["anxiety": 2, "meds": false]])
        let listed = try succeeded("scale", "list").split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(listed == [
            "anxiety a whole number from 1 to 5, 1 mood", "meds yes or no, 1 mood",
            "sleep a number with at most one decimal (h) from 0 up to 24, 0 moods",
        ])
    }

    @Test func aRenamedScaleKeepsItsValuesAndARemovedOneKeepsThemUntilItComesBack() throws {
        try defineSleepAnxietyAndMeds()
        _ = try succeeded("add", "--level", "good", "--scale", "sleep=6")
        #expect(try succeeded("scale", "rename", "sleep", "rest") == "Renamed the scale sleep to rest")
        #expect(try listedScales() == [["rest": 6]])

        #expect(try succeeded("scale", "remove", "rest")
            == "Removed the scale rest. The 1 mood that has a value of it keeps it: moodtui scale add rest --number --unit 'h' --min 0 --max 24 brings the scale back with it")
        #expect(try listedScales() == [[:]])
        #expect(try moodtui("add", "--level", "good", "--scale", "rest=6").standardError
            == "moodtui: no scale is named 'rest'; add it with moodtui scale add rest --range 1-5 (or --number, --yes-no)\n")
        _ = try succeeded("scale", "add", "rest", "--number", "--unit", "h", "--min", "0", "--max", "24")
        #expect(try listedScales() == [["rest": 6]])
    }

    @Test func badScalesAndValuesAreRefusedInWordsAndNothingIsWritten() throws {
        try defineSleepAnxietyAndMeds()
        let refusals: [([String], String)] = [
            (["scale", "add", "sleep", "--yes-no"], "a scale named 'sleep' exists already"),
            (["scale", "add", "mood", "--range", "5-1"], "the range 5-1 is empty"),
            (["scale", "add", "x1", "--yes-no", "--number"], "give one kind only"),
            (["scale", "add", "x1"], "give the scale's kind"),
            (["scale", "add", "x1", "--yes-no", "--unit", "h"], "--unit, --min and --max go with --number"),
            (["add", "--level", "good", "--scale", "anxiety=7"], "anxiety takes a whole number from 1 to 5, not '7'"),
            (["add", "--level", "good", "--scale", "sleep=25"], "sleep takes a number with at most one decimal (h) from 0 up to 24, not '25'"),
            (["add", "--level", "good", "--scale", "meds"], "--scale 'meds' is not NAME=VALUE"),
            (["add", "--level", "good", "--scale", "meds=yes", "--scale", "Meds=no"], "--scale meds is given twice"),
            (["scale", "rename", "sleep", "meds"], "a scale named 'meds' exists already"),
            (["scale", "remove", "pain"], "no scale is named 'pain'"),
        ]
        for (arguments, words) in refusals {
            let result = try ProcessResult.moodtui(arguments + ["--journal", journal])
            #expect(result.status != 0, "\(arguments)")
            #expect(result.standardError.contains(words), "\(arguments): \(result.standardError)")
        }
        #expect(try listedScales() == [])
        #expect(try succeeded("scale", "list").split(separator: "\n").count == 3)
    }

    @Test func aJournalHoldsUpToThirtyTwoScales() throws {
        for index in 1...32 { _ = try succeeded("scale", "add", "scale-\(index)", "--yes-no") }
        let refused = try moodtui("scale", "add", "one-more", "--yes-no")
        #expect(refused.standardError == "moodtui: a journal holds up to 32 scales; remove one first (moodtui scale remove NAME)\n")
        _ = try succeeded("scale", "remove", "scale-1")
        _ = try succeeded("scale", "add", "one-more", "--yes-no")
    }
}
