import Foundation
import MoodSealing
import MoodStore
import SyncProtocol

/// A share of the account as this device knows it: its record opened (name, scope, expiry, key)
/// and what the server last said of it.
public struct AccountShare: Equatable, Sendable {
    public var id: ShareID
    public var descriptor: ShareDescriptor
    /// Milliseconds since 1970.
    public var createdAt: Int64
    /// When the recipient last read it, in milliseconds since 1970, if the server knows.
    public var lastReadAt: Int64?
    /// Where this device stands in the share's own change log.
    var changeToken: ChangeToken?

    /// Whether the share still runs at `now`: an expired share is sealed for no more, whatever
    /// the server says.
    public func isLive(at now: Date) -> Bool {
        descriptor.expiresAt.map { now.millisecondsSince1970 < $0 } ?? true
    }

    /// The shares the journal holds, in the order they were made.
    /// - Throws: a store error, or ``StoredShareError`` for a share the journal cannot read.
    public static func all(in snapshot: JournalSnapshot) throws -> [AccountShare] {
        try snapshot.shares().map { stored in
            guard let id = ShareID(bytes: [UInt8](stored.id)),
                let descriptor = try? JSONDecoder().decode(ShareDescriptor.self, from: Data(stored.record.utf8))
            else { throw StoredShareError() }
            return AccountShare(
                id: id, descriptor: descriptor, createdAt: stored.createdAt, lastReadAt: stored.lastReadAt,
                changeToken: stored.changeToken.map(ChangeToken.init(rawValue:)))
        }
    }

    /// The share as the journal keeps it.
    var stored: StoredShare {
        StoredShare(
            id: Data(id.bytes), record: String(decoding: try! JSONEncoder().encode(descriptor), as: UTF8.self),
            dates: SharedDates(name: descriptor.name.text, since: descriptor.scope.since, until: descriptor.scope.until), createdAt: createdAt,
            lastReadAt: lastReadAt, changeToken: changeToken?.rawValue)
    }
}

/// A share kept in the journal cannot be read back (the file was edited by hand).
public struct StoredShareError: Error, CustomStringConvertible {
    public var description: String { "a share kept in this journal cannot be read: run `moodtui sync --once` to list the shares again" }
}
