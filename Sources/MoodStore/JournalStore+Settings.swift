import Foundation
import GRDB

/// Small named values kept with the journal, so that everything a device knows lives in one file
/// (its id now; the sync server, token and change token later).
extension JournalStore {
    /// The value stored under `key`, if any.
    public func setting(_ key: String) throws -> String? {
        try pool.read { db in try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key]) }
    }

    /// Stores `value` under `key`, or removes the key when `value` is `nil`.
    public func setSetting(_ key: String, to value: String?) throws {
        try pool.write { db in
            if let value {
                try db.execute(sql: "INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)", arguments: [key, value])
            } else {
                try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key])
            }
        }
    }

    /// This journal's device id, made on first use: stamped on every mood the device creates and
    /// used to break ties when two devices' edits conflict.
    public func deviceID() throws -> String {
        try pool.write { db in
            if let id = try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = 'deviceID'") { return id }
            let id = UUID().uuidString.lowercased()
            try db.execute(sql: "INSERT INTO setting (key, value) VALUES ('deviceID', ?)", arguments: [id])
            return id
        }
    }
}
