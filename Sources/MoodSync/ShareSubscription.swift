import Foundation
import MoodSealing
import MoodStore
import SyncProtocol

/// A share someone made for this person, as the journal that holds it keeps it. The server and
/// token are kept as any journal's login is (``SyncSettings``), so that every command that syncs
/// a journal syncs this one too; these say it is a share, whose, and the key its moods open with.
public struct ShareSubscription: Equatable, Sendable {
    public var share: ShareID
    public var key: AccountKey
    /// The owner's name, as the invitation gave it.
    public var from: String

    /// The share the journal holds, or `nil` for a person's own journal.
    /// - Throws: ``StoredShareError`` when what the journal holds cannot be read.
    public static func stored(in snapshot: JournalSnapshot) throws -> ShareSubscription? {
        guard let from = try snapshot.setting(.sharedBy) else { return nil }
        guard let share = try snapshot.setting(.shareID).flatMap(ShareID.init(hex:)),
            let key = try snapshot.setting(.shareKey).flatMap({ try? RecoveryPhrase.key(from: $0) })
        else { throw StoredShareError() }
        return ShareSubscription(share: share, key: key, from: from)
    }

    /// Makes the journal hold this share, read from `server` with `token`, the share's account
    /// being `identity` there.
    public func store(server: URL, token: String, trust: ServerTrust, identity: String, in writer: JournalWriter) throws {
        try writer.setSetting(.syncServer, to: server.absoluteString)
        try writer.setSetting(.syncToken, to: token)
        try writer.setSetting(.certificateAuthority, to: trust.certificateAuthority)
        try writer.setSetting(.allowsPlainHTTP, to: trust.allowsPlainHTTP ? "1" : nil)
        try writer.setSetting(.syncAccount, to: identity)
        try writer.setSetting(.shareID, to: share.description)
        try writer.setSetting(.shareKey, to: RecoveryPhrase.phrase(for: key))
        try writer.setSetting(.sharedBy, to: from)
    }
}

extension JournalSettingKey {
    /// The share a journal holds (``ShareSubscription``).
    static let shareID = JournalSettingKey(rawValue: "share.id")
    /// The recovery phrase of the share's key.
    static let shareKey = JournalSettingKey(rawValue: "share.key")
}
