import Foundation
import GRDB
import MoodKit
import MoodStore

/// A journal in a fresh temporary folder, removed when the value goes away.
///
/// `path` is where the journal file is, for tests that open it again (another store, the binary).
public final class TemporaryJournal: Sendable {
    public let folder: URL
    public let store: JournalStore

    /// - Parameter wallClock: the time the journal's clock stamps a person's changes with.
    public init(wallClock: WallClock = .system) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-test-\(UUID().uuidString)")
        store = try JournalStore(path: folder.appendingPathComponent("journal.sqlite").path, wallClock: wallClock)
    }

    public var path: String { store.path }

    /// Runs `sql` on the journal's file through a connection of its own, as another program
    /// would: for a test that breaks the journal under the app, then mends it.
    public func executeBesideTheStore(_ sql: String) throws {
        try DatabaseQueue(path: path).write { try $0.execute(sql: sql) }
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Adds a mood and returns it.
    @discardableResult
    public func add(_ level: MoodLevel = .good, note: String = "", at milliseconds: Int64 = 0) throws -> Mood {
        let mood = Mood(
            id: UUID(), date: Date(millisecondsSince1970: milliseconds), level: level, note: note,
            creatorID: "test-device", modifiedAt: Date())
        try store.write(origin: .ui) { try $0.insert(mood) }
        return mood
    }
}
