import GRDB

/// The last step of every write transaction through `JournalStore.write`: the notes it added or changed, which the journal's
/// triggers set aside in `moodSearchPending`, go into the search index in one statement.
///
/// One statement a transaction, not one a mood: FTS5 writes what it holds in memory to the file
/// at every statement that fires a trigger, and a download of a hundred thousand moods in pages
/// spent half its time writing and merging a hundred thousand tiny pieces of index.
enum SearchIndexCatchUp {
    static func run(_ db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT INTO moodSearch (rowid, text)
            SELECT mood.localID, coalesce(mood.searchText, mood.note) FROM moodSearchPending JOIN mood USING (localID)
            """).execute()
        try db.cachedStatement(sql: "DELETE FROM moodSearchPending").execute()
    }
}
