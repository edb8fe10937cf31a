import Foundation
import JournalTesting
import MoodKit
import MoodStore
import Testing

/// A note deleted for good leaves no copy in the journal's files: SQLite zeroes what a delete
/// frees (`secure_delete`, asked for whatever the system's SQLite was built with), and the
/// write-ahead log, which still holds the page as it was written, is emptied.
@Suite struct ErasureTests {
    private func files(of journal: TemporaryJournal) throws -> [(String, Data)] {
        try [journal.path, journal.path + "-wal"].filter { FileManager.default.fileExists(atPath: $0) }.map {
            ($0, try Data(contentsOf: URL(fileURLWithPath: $0)))
        }
    }

    @Test(arguments: [false, true]) func aPurgedNoteIsNotInTheJournalFileOrItsLog(checkpointedFirst: Bool) throws {
        let journal = try TemporaryJournal()
        let secret = "my secret \(UUID().uuidString)"
        let kept = try journal.add(note: "kept \(UUID().uuidString)")
        let mood = try journal.add(note: secret)
        if checkpointedFirst { try journal.store.checkpoint() }  // the note in the database file itself
        #expect(try files(of: journal).contains { $0.1.range(of: Data(secret.utf8)) != nil }, "the note was written")
        try journal.store.write(origin: .sync) { try $0.purge([mood.id]) }
        for (path, bytes) in try files(of: journal) {
            #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(path) still holds the purged note")
        }
        #expect(try files(of: journal).contains { $0.1.range(of: Data(kept.note.utf8)) != nil }, "the other mood stays")
    }
}
