import Foundation
import GRDB

/// A database written by an older moodtui, kept in `Tests/Fixtures` as the SQL text
/// `sqlite3 FILE .dump` printed (readable in review), for tests of the migrations that bring it
/// up to date.
public enum OlderVersionFixture: String, Sendable {
    /// A laptop's journal from before fields carried stamps, logged in to ``serverBeforeStamps``'s
    /// account: three moods synced (one edited on another device), one deleted here and not yet
    /// sent, one added offline.
    case journalBeforeStamps = "journal-before-stamps"
    /// The server's store from the same time: account `alice`, three device tokens, three moods.
    case serverBeforeStamps = "server-before-stamps"

    /// Writes the database to a new file at `path`, made private as moodtui's own files are.
    public func write(to path: String) throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures")
        let sql = try String(contentsOf: fixtures.appendingPathComponent("\(rawValue).sql"), encoding: .utf8)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        try DatabaseQueue(path: path).writeWithoutTransaction { try $0.execute(sql: sql) }
    }
}
