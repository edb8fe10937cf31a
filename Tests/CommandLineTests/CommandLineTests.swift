import AppTesting
import Foundation
import LocalProcesses
import Testing

/// The `moodtui` subcommands, run as a person runs them: the real binary on a temporary journal.
@Suite(.ownThread) struct CommandLineTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-cli-\(UUID().uuidString)")
    var journal: String { folder.appendingPathComponent("journal.sqlite").path }

    private func moodtui(_ arguments: String...) throws -> ProcessResult {
        try ProcessResult.moodtui(arguments + (arguments.contains("--journal") ? [] : ["--journal", journal]))
    }

    private func listed() throws -> [[String: Any]] {
        let result = try moodtui("list", "--json")
        try #require(result.status == 0, "\(result.standardError)")
        return try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]] ?? []
    }

    @Test func addPrintsTheNewIDAndListShowsTheMoodWithItsValues() throws {
        let added = try moodtui("add", "--level", "great", "--note", "  晴れ 🌞 in 東京  ", "--date", "2026-11-20T08:30:00Z")
        #expect(added.status == 0)
        let id = added.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(UUID(uuidString: id) != nil)
        let moods = try listed()
        #expect(moods.count == 1)
        #expect(moods.first?["id"] as? String == id)
        #expect(moods.first?["level"] as? Int == 5)
        #expect(moods.first?["note"] as? String == "晴れ 🌞 in 東京")
        #expect(moods.first?["date"] as? String == "2026-11-20T08:30:00.000Z")
    }

    @Test func listIsNewestFirstAndHonoursTheLimit() throws {
        _ = try moodtui("add", "--level", "1", "--date", "2026-01-01T00:00:00Z", "--note", "old")
        _ = try moodtui("add", "--level", "meh", "--date", "2026-06-01T00:00:00Z", "--note", "new")
        #expect(try listed().map { $0["note"] as? String } == ["new", "old"])
        let limited = try moodtui("list", "--limit", "1")
        #expect(limited.standardOutput.split(separator: "\n").count == 1)
        #expect(limited.standardOutput.contains("new"))
    }

    @Test(arguments: [
        (["add", "--level", "9"], "invalid level '9'"),
        (["add", "--level", "good", "--note", String(repeating: "x", count: 1_001)], "note is too long"),
        (["add", "--level", "good", "--date", "tomorow"], "invalid date 'tomorow': use now, yesterday 21:00"),
        (["delete", "not-a-uuid"], "invalid mood id"),
        (["delete", "3F2504E0-4F89-11D3-9A0C-0305E82C3301"], "no mood with id"),
    ])
    func badInputGetsAOneLineErrorAndWritesNothing(arguments: [String], message: String) throws {
        _ = try moodtui("add", "--level", "good", "--note", "keep me")
        let result = try ProcessResult.moodtui(arguments + ["--journal", journal])
        #expect(result.status != 0)
        #expect(result.standardError.contains(message))
        #expect(result.standardError.trimmingCharacters(in: .newlines).split(separator: "\n").count == 1)
        #expect(try listed().map { $0["note"] as? String } == ["keep me"])
    }

    @Test func aJournalPathThatCannotBeOpenedIsNamedInTheError() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let notAFolder = folder.appendingPathComponent("file")
        try Data("x".utf8).write(to: notAFolder)
        let result = try moodtui("add", "--level", "good", "--journal", notAFolder.appendingPathComponent("journal.sqlite").path)
        #expect(result.status != 0)
        #expect(result.standardError.contains("cannot open journal at \(notAFolder.path)"))
        #expect(result.standardError.contains("\(notAFolder.path) is not a folder"))
    }

    @Test func deleteRemovesTheMood() throws {
        let id = try moodtui("add", "--level", "bad").standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let result = try moodtui("delete", id)
        #expect(result.status == 0)
        #expect(try listed().isEmpty)
    }

    @Test func versionAndHelpAnswer() throws {
        #expect(try ProcessResult.moodtui(["--version"]).standardOutput.contains("0.1.0"))
        for command in ["add", "list", "delete", "watch"] {
            let help = try ProcessResult.moodtui([command, "--help"])
            #expect(help.status == 0)
            #expect(help.standardOutput.contains("--journal"))
        }
    }

    @Test func watchPrintsTheListThenABatchForAMoodAddedByAnotherProcess() throws {
        _ = try moodtui("add", "--level", "meh", "--date", "2026-01-01T00:00:00Z", "--note", "first")
        let watch = try RunningProcess(moodtui: ["watch", "--json", "--journal", journal])
        defer { watch.terminate() }
        try #require(Deadline.wait(upTo: .seconds(10)) { !watch.outputLines.isEmpty })
        let initial = try JSONSerialization.jsonObject(with: Data(watch.outputLines[0].utf8)) as? [String: Any]
        #expect(initial?["type"] as? String == "initial")
        #expect(initial?["count"] as? Int == 1)

        _ = try moodtui("scale", "add", "meds", "--yes-no")
        _ = try moodtui("add", "--level", "great", "--date", "2026-02-01T00:00:00Z", "--note", "second", "--scale", "meds=yes")
        #expect(Deadline.wait(upTo: .seconds(20)) { watch.outputLines.count >= 2 }, "no batch for the other process's mood")
        let batch = try #require(watch.outputLines.dropFirst().first.flatMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        })
        #expect(batch["type"] as? String == "batch")
        #expect(batch["count"] as? Int == 2)
        let inserts = batch["inserts"] as? [[String: Any]]
        #expect(inserts?.first?["index"] as? Int == 0)
        #expect((inserts?.first?["mood"] as? [String: Any])?["note"] as? String == "second")
        #expect((inserts?.first?["mood"] as? [String: Any])?["scales"] as? [String: Bool] == ["meds": true], "named by the scale made since")
    }
}
