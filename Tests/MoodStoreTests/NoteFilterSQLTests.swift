import Foundation
import JournalTesting
import MoodKit
import MoodStore
import Testing

/// The note filter runs in SQL (the search index, then the folded text) when a list is read, and
/// in Swift (``MoodFilter/matches(_:)``) for each changed mood: both must agree.
@Suite struct NoteFilterSQLTests {
    static let notes = [
        "Long run in the SUN", "sunny", "100% done", "100 done", "snake_case", "snakeXcase", #"back\slash"#,
        "Café au lait", "CAFE", "resume", "RÉSUMÉ", "e\u{301}cole", "東京で🍣", "line one\r\nline two", "a\rb", "tab\there",
        #"say "hi""#, "",
    ]
    static let queries = [
        "sun", "SUN", "%", "100%", "_", "e_c", #"\"#, #"k\s"#, "cafe", "É", "🍣", "\r", "\n", "e\r\nl", "b", "résumé", "ECOLE",
        "東京で", "京で🍣", #""hi""#, "ne\r\nli", "unsung",
    ]

    @Test func theListReadInSQLHoldsExactlyTheMoodsTheSwiftRuleMatches() throws {
        let journal = try TemporaryJournal()
        let moods = try Self.notes.enumerated().map { index, note in try journal.add(note: note, at: Int64(index)) }
        var disagreements: [String] = []
        for query in Self.queries {
            let filter = MoodFilter(noteContains: query)
            let inSQL = Set(try journal.store.read { try $0.moods(filter, order: .newestFirst) }.map(\.note))
            let inSwift = Set(moods.filter(filter.matches).map(\.note))
            if inSQL != inSwift {
                disagreements.append("\(query.debugDescription): SQL \(inSQL.sorted()), Swift \(inSwift.sorted())")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements)")
    }

    @Test func theSearchIndexFollowsEditsAndDeletions() throws {
        let journal = try TemporaryJournal()
        let mood = try journal.add(note: "walk in the park")
        let gone = try journal.add(note: "walking home")
        try journal.store.write(origin: .ui) { writer in
            try writer.edit(mood.id, note: "Café crème")
            try writer.purge([gone.id])
        }
        func found(_ query: String) throws -> [String] {
            try journal.store.read { try $0.moods(MoodFilter(noteContains: query), order: .newestFirst) }.map(\.note)
        }
        #expect(try found("walk").isEmpty)
        #expect(try found("cafe cre") == ["Café crème"])
    }

    @Test func wildcardsInAQueryAreSearchedForAsThemselves() throws {
        let journal = try TemporaryJournal()
        try journal.add(note: "100% done")
        try journal.add(note: "100 done")
        let found = try journal.store.read { try $0.moods(MoodFilter(noteContains: "0%"), order: .newestFirst) }
        #expect(found.map(\.note) == ["100% done"])
    }
}
