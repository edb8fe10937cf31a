import AppTesting
import Foundation
import LocalProcesses
import Testing

/// Activities from the command line: given with `add`/`edit`, typed as `#name` in a note, shown
/// by `list`, listed, renamed and merged with `activity`.
@Suite(.ownThread) struct ActivityCommandTests {
    let commands = JournalCommands(named: "activity")
    var journal: String { commands.journal }

    private func moodtui(_ arguments: String...) throws -> ProcessResult { try commands.run(arguments) }

    private func succeeded(_ arguments: String...) throws -> String { try commands.succeeded(arguments) }

    private func listedActivities(_ filter: String...) throws -> [[String]] {
        let output = try ProcessResult.moodtui(["list", "--json"] + filter.flatMap { ["--activity", $0] } + ["--journal", journal])
        let moods = try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [[String: Any]] ?? []
        return moods.map { $0["activities"] as? [String] ?? ["missing"] }
    }

    @Test func activitiesAreGivenTypedInTheNoteAndShownByList() throws {
        _ = try succeeded("add", "--level", "good", "--note", "by the sea #Sea-Swim", "--activity", "Sleep Bad", "--activity", "run,work",
                          "--date", "2026-11-20T08:30:00Z")
        let id = try succeeded("add", "--level", "meh", "--activity", "work", "--date", "2026-11-21T08:30:00Z")
        #expect(try listedActivities() == [["work"], ["run", "sea-swim", "sleep-bad", "work"]])
        #expect(try listedActivities("run") == [["run", "sea-swim", "sleep-bad", "work"]])
        #expect(try succeeded("list").contains("#run #sea-swim #sleep-bad #work"))

        _ = try succeeded("edit", id, "--activity", "tea")
        #expect(try listedActivities().first == ["tea"])
        _ = try succeeded("edit", id, "--activity", "")
        #expect(try listedActivities().first == [])
    }

    @Test func activityListCountsRenamesAndMerges() throws {
        _ = try succeeded("add", "--level", "good", "--activity", "jog,tea")
        _ = try succeeded("add", "--level", "bad", "--activity", "jog")
        _ = try succeeded("add", "--level", "bad", "--activity", "run")
        #expect(try succeeded("activity", "list").split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
                == ["jog 2 moods", "run 1 mood", "tea 1 mood"])

        let refused = try moodtui("activity", "rename", "jog", "run")
        #expect(refused.status == 1)
        #expect(refused.standardError == "moodtui: moods have the activity 'run' already; to make both one, run moodtui activity merge jog --into run\n")
        #expect(try succeeded("activity", "merge", "jog", "--into", "run") == "Merged into run on 2 moods")
        #expect(try succeeded("activity", "rename", "Run", "Running") == "Renamed run to running on 3 moods")
        let usage = try JSONSerialization.jsonObject(with: Data(try succeeded("activity", "list", "--json").utf8)) as? [[String: Any]]
        #expect(usage?.map { "\($0["name"]!) \($0["moods"]!)" } == ["running 3", "tea 1"])
    }

    @Test func badActivitiesAreRefusedInWordsAndNothingIsWritten() throws {
        _ = try succeeded("add", "--level", "good")
        let refused = try moodtui("add", "--level", "good", "--activity", "run!")
        #expect(refused.status == 1)
        #expect(refused.standardError == "moodtui: invalid activity: 'run!' holds '!'; use letters, digits, - and _\n")
        #expect(try moodtui("add", "--level", "good", "--activity", "2024").standardError.contains("has no letter"))
        #expect(try moodtui("activity", "rename", "swim", "run").standardError == "moodtui: no mood has the activity 'swim'\n")
        #expect(try listedActivities() == [[]])
    }
}
