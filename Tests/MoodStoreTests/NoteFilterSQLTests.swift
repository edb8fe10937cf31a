import Foundation
import GRDB
import JournalTesting
import MoodKit
@testable import MoodStore
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

    @Test func oneTransactionThatAddsEditsAndDeletesLeavesTheIndexWhole() throws {
        let journal = try TemporaryJournal()
        let indexed = try journal.add(note: "morning walk")
        try journal.store.write(origin: .sync) { writer in
            let fresh = try writer.add(MoodEntry(level: .good, note: "first draft"))
            try writer.edit(fresh.id, note: "second draft")
            let brief = try writer.add(MoodEntry(level: .bad, note: "brief visit"))
            try writer.purge([brief.id])
            try writer.edit(indexed.id, note: "evening walk")
            try writer.edit(indexed.id, note: "evening swim")
        }
        func found(_ query: String) throws -> [String] {
            try journal.store.read { try $0.moods(MoodFilter(noteContains: query), order: .newestFirst) }.map(\.note)
        }
        #expect(try found("draft") == ["second draft"])
        #expect(try found("first").isEmpty && found("brief").isEmpty && found("walk").isEmpty)
        #expect(try found("swim") == ["evening swim"])
        #expect(try Self.indexIsWhole(journal))
        #expect(try Self.moodsWaitingForIndex(journal) == 0, "each write transaction indexes what it wrote")
    }

    @Test func aMoodAnOlderMoodtuiWroteIsFoundBeforeTheIndexHasIt() throws {
        let journal = try TemporaryJournal()
        try journal.add(note: "indexed walk")
        // An older moodtui runs the journal's triggers but does not index what they set aside.
        try journal.store.pool.write { db in
            try db.execute(
                sql: "INSERT INTO mood (id, date, level, note, creatorID, stamps) VALUES (?, 0, 3, 'unindexed walk', 'old', '0.0')",
                arguments: [UUID()])
        }
        #expect(try Self.moodsWaitingForIndex(journal) == 1)
        let found = try journal.store.read { try $0.moods(MoodFilter(noteContains: "walk"), order: .newestFirst) }
        #expect(Set(found.map(\.note)) == ["indexed walk", "unindexed walk"])
        try journal.add(note: "a later walk")
        #expect(try Self.moodsWaitingForIndex(journal) == 0, "the next write indexes it")
        #expect(try Self.indexIsWhole(journal))
    }

    static func moodsWaitingForIndex(_ journal: TemporaryJournal) throws -> Int {
        try journal.store.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM moodSearchPending") ?? -1 }
    }

    /// FTS5's own check of the index: a deletion of text the index never held would break it.
    static func indexIsWhole(_ journal: TemporaryJournal) throws -> Bool {
        do {
            try journal.store.pool.write { db in
                try db.execute(sql: "INSERT INTO moodSearch (moodSearch, rank) VALUES ('integrity-check', 0)")
            }
            return true
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT_VTAB || error.resultCode == .SQLITE_CORRUPT {
            return false
        }
    }

    @Test func wildcardsInAQueryAreSearchedForAsThemselves() throws {
        let journal = try TemporaryJournal()
        try journal.add(note: "100% done")
        try journal.add(note: "100 done")
        let found = try journal.store.read { try $0.moods(MoodFilter(noteContains: "0%"), order: .newestFirst) }
        #expect(found.map(\.note) == ["100% done"])
    }
}
