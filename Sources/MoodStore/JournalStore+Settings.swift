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
        try pool.write { db in try JournalWriter(db: db).setSetting(key, to: value) }
    }

    /// This journal's device id, made on first use: stamped on every mood the device creates and
    /// used to break ties when two devices' edits conflict.
    public func deviceID() throws -> String {
        try pool.write { db in
            let writer = JournalWriter(db: db)
            if let id = try writer.snapshot.setting(.deviceID) { return id }
            let id = UUID().uuidString.lowercased()
            try writer.setSetting(.deviceID, to: id)
            return id
        }
    }
}
