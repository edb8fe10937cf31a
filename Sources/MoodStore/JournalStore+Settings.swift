import Foundation
import GRDB

/// Small named values kept with the journal, so that everything a device knows lives in one file
/// (its id, the sync server, its token and the change token).
extension JournalStore {
    /// The value stored under `key`, if any.
    public func setting(_ key: JournalSettingKey) throws -> String? {
        try read { try $0.setting(key) }
    }

    /// Stores `value` under `key`, or removes the key when `value` is `nil`.
    public func setSetting(_ key: JournalSettingKey, to value: String?) throws {
        try pool.write { db in try JournalWriter(db: db, wallClock: wallClock).setSetting(key, to: value) }
    }

    /// This journal's device id (``JournalWriter/deviceID()``).
    public func deviceID() throws -> String {
        try pool.write { db in try JournalWriter(db: db, wallClock: wallClock).deviceID() }
    }
}
