import Foundation
import GRDB
import MoodKit
import SyncProtocol

/// Reading and writing one mood row, and an account's sequence.
extension SQLiteMoodServerStorage {
    static func lastSequence(_ db: Database, _ account: Account) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT lastSequence FROM account WHERE id = ?", arguments: [account.id]) ?? 0
    }

    static func setLastSequence(_ db: Database, _ account: Account, _ sequence: Int64) throws {
        try db.execute(sql: "UPDATE account SET lastSequence = ? WHERE id = ?", arguments: [sequence, account.id])
    }

    static func record(_ db: Database, _ account: Account, _ id: UUID) throws -> MoodRecord? {
        // Cached statements: an upload of 500 moods runs these 500 times.
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT \(recordColumns) FROM mood WHERE accountID = ? AND id = ?"),
            arguments: [account.id, id.uuidString])
            .map(record(from:))
    }

    static func store(_ db: Database, _ account: Account, _ record: MoodRecord) throws {
        let content = record.content
        try db.cachedStatement(sql: """
            INSERT OR REPLACE INTO mood (accountID, id, date, level, note, creatorID, stamps, activities, version, sequence)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(
            arguments: [
                account.id, record.id.uuidString, content?.date.millisecondsSince1970, content?.level.rawValue, content?.note,
                content?.creatorID, content.map { $0.stamps.storedText(creatorID: $0.creatorID) },
                content.map { $0.activities.storedText(creatorID: $0.creatorID) }, record.version, record.sequence,
            ])
    }

    /// The columns ``record(from:)`` reads, by position: a page of the change feed decodes a
    /// thousand rows, and a lookup by name costs more than the rest of the row.
    static let recordColumns = "id, date, level, note, creatorID, stamps, version, sequence, activities"

    /// A record from a row selected with ``recordColumns``; a row without a level is a tombstone.
    ///
    /// A stamp that cannot be read (a mood an older server stored without checking, whose
    /// creator id was empty) reads as the earliest stamp of the creator, and goes out as it is:
    /// devices set such a mood aside in words, as any mood that breaks the rules, and the rest
    /// of the account's feed is not held up by it. An activity that cannot be read is left out.
    static func record(from row: Row) throws -> MoodRecord {
        let idText: String = row[0]
        guard let id = UUID(uuidString: idText) else { throw DatabaseError(message: "invalid mood id \(idText) in the store") }
        var content: MoodContent?
        if let date: Int64 = row[1], let raw: Int = row[2], let level = MoodLevel(rawValue: raw) {
            let creatorID: String = row[4] ?? ""
            let stamps = (row[5] as String?).flatMap { MoodStamps(storedText: $0, creatorID: creatorID) }
            let activities = (row[8] as String?).map { ActivitySet(storedText: $0, creatorID: creatorID) }
            content = MoodContent(
                date: Date(millisecondsSince1970: date), level: level, note: row[3] ?? "", creatorID: creatorID,
                stamps: stamps ?? .earliest(of: creatorID), activities: activities ?? ActivitySet())
        }
        return MoodRecord(id: id, content: content, version: row[6], sequence: row[7])
    }
}
