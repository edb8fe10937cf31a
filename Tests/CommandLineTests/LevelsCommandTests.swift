import AppTesting
import Foundation
import LocalProcesses
import Testing

/// `moodtui levels` from the command line: the words given are what `add` takes and `list`,
/// `list --json`, `stats` and the exports write; words that break the rules are refused in words
/// with nothing written; `--reset` brings the built-in names back.
@Suite struct LevelsCommandTests {
    let commands = JournalCommands(named: "levels")

    private func moodtui(_ arguments: String...) throws -> ProcessResult { try commands.run(arguments) }

    private func succeeded(_ arguments: String...) throws -> String { try commands.succeeded(arguments) }

    @Test func wordsNameTheLevelsEverywhereAndTheBuiltInNamesStillWork() throws {
        _ = try succeeded("add", "--level", "great", "--note", "before")
        #expect(try succeeded("levels") == "great 5 · good 4 · meh 3 · bad 2 · awful 1 (the built-in names)")
        #expect(try succeeded("levels", "rad", "fine", "so-so", "low", "grim") == "The levels are now rad 5 · fine 4 · so-so 3 · low 2 · grim 1")
        _ = try succeeded("add", "--level", "SO-SO", "--note", "typed in its word")

        let listed = try succeeded("list")
        #expect(listed.contains("  so-so  ") && listed.contains("  rad    "), "\(listed)")
        let json = try succeeded("list", "--json")
        #expect(json.contains(#""level":3,"levelName":"so-so""#) && json.contains(#""level":5,"levelName":"rad""#), "\(json)")
        #expect(try succeeded("stats").contains("Levels     grim 0  low 0  so-so 1  fine 0  rad 1"))
        let csv = try succeeded("export", "--format", "csv")
        #expect(csv.contains(",so-so,") && csv.contains(",rad,"), "\(csv)")
        #expect(try succeeded("export").contains(#""levelName":"so-so""#))
        #expect(try succeeded("export", "--format", "markdown").contains(" · so-so · typed in its word"))

        let refused = try moodtui("levels", "rad", "fine", "meh", "bad")
        #expect(refused.status != 0 && refused.standardError.contains("give five words, top level first"))
        let unknown = try moodtui("add", "--level", "super")
        #expect(unknown.standardError.contains("invalid level 'super': use 1–5 or one of grim, low, so-so, fine, rad"))

        #expect(try succeeded("levels", "--reset") == "The levels are now great 5 · good 4 · meh 3 · bad 2 · awful 1 (the built-in names)")
        #expect(try succeeded("list").contains("  meh    "))
    }

    @Test func aDaylioExportWhoseMoodsWereRenamedAsTheLevelsImportsWithoutAQuestion() throws {
        _ = try succeeded("levels", "super", "gut", "ok", "schlecht", "lausig")
        let file = URL(fileURLWithPath: commands.journal).deletingLastPathComponent().appendingPathComponent("daylio.csv")
        try Data("full_date,date,weekday,time,mood,activities,note\n2024-01-02,x,y,9:00,Gut,,\n2024-01-01,x,y,9:00,lausig,,\n".utf8).write(to: file)
        #expect(try succeeded("import", file.path).contains("2 moods added"))
        let json = try succeeded("list", "--json")
        #expect(json.contains(#""level":4,"levelName":"gut""#) && json.contains(#""level":1,"levelName":"lausig""#))
    }
}
