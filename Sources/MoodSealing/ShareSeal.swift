import Crypto
import Foundation
import MoodKit
import SyncProtocol

/// What a share holds of one of the owner's moods: its content as the share may show it, or
/// nothing (the mood was deleted, or moved out of the share's scope), at the version of the
/// account's copy it was made from. Every device of the owner makes the same entry from the same
/// version, and a later version always wins, so the devices need not agree on who writes.
///
/// An entry that says "nothing" is sealed like one with content, so the server cannot tell a
/// mood leaving the share from a mood being edited, nor forge either.
public struct ShareEntry: Codable, Hashable, Sendable {
    /// The owner's mood: the recipient keeps it under this id.
    public var mood: UUID
    /// The version of the owner's mood on the server it was made from; a deleted mood's entry
    /// has ``deleted``, which no version passes.
    public var source: Int64
    /// What the recipient sees; `nil` when the mood is not in the share.
    public var content: MoodContent?

    /// The source version of a deleted mood's entry: deletion is final.
    public static let deleted = Int64.max

    public init(mood: UUID, source: Int64, content: MoodContent?) {
        self.mood = mood
        self.source = source
        self.content = content
    }
}

/// Which of the owner's moods a share holds, and what of them: sealed into the share's record,
/// so the server never learns it and cannot widen it.
public struct ShareScope: Codable, Hashable, Sendable {
    /// The first moment a mood's date may be, in milliseconds since 1970; `nil` for no bound.
    public var since: Int64?
    /// The moment a mood's date must be before, in milliseconds since 1970; `nil` for no bound.
    public var until: Int64?
    /// Whether the share leaves every note out.
    public var withoutNotes: Bool

    public init(since: Int64? = nil, until: Int64? = nil, withoutNotes: Bool = false) {
        self.since = since
        self.until = until
        self.withoutNotes = withoutNotes
    }

    /// What the share shows of a mood with this content: nothing outside the dates; inside them
    /// the level, the date, the activities the mood has now and (unless the share leaves notes
    /// out) the note, and no more. Which device wrote it, when each field last changed, and the
    /// activities it once had stay with the owner: every field carries the mood's latest stamp,
    /// made on no device. Content outside the scope is never sealed for the share.
    public func visible(_ content: MoodContent) -> MoodContent? {
        let date = content.date.millisecondsSince1970
        guard since.map({ date >= $0 }) ?? true, until.map({ date < $0 }) ?? true else { return nil }
        let latest = content.stamps.latest
        let stamp = HybridTimestamp(wallMilliseconds: latest.wallMilliseconds, counter: latest.counter, device: Self.device)
        return MoodContent(
            date: content.date, level: content.level, note: withoutNotes ? "" : content.note, creatorID: Self.device,
            stamps: MoodStamps(all: stamp), activities: ActivitySet(adding: content.activities.names, at: stamp))
    }

    /// The device every shared mood reads as written on.
    public static let device = "shared"
}

/// What every device of the owner needs to keep a share filled, sealed under the account's key
/// as the share's record on the server: the share's name, scope, expiry and key.
public struct ShareDescriptor: Equatable, Sendable {
    public var name: ShareName
    public var scope: ShareScope
    /// When the share ends, in milliseconds since 1970; `nil` for never. Sealed as well as told
    /// to the server, so the owner's devices stop sealing for it on their own.
    public var expiresAt: Int64?
    /// The key the share's moods are sealed with.
    public var key: AccountKey

    public init(name: ShareName, scope: ShareScope, expiresAt: Int64?, key: AccountKey) {
        self.name = name
        self.scope = scope
        self.expiresAt = expiresAt
        self.key = key
    }
}

extension ShareDescriptor: Codable {
    enum CodingKeys: String, CodingKey { case name, scope, expiresAt, key }

    /// The key travels as its recovery phrase, checked when read.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(ShareName.self, forKey: .name)
        scope = try container.decode(ShareScope.self, forKey: .scope)
        expiresAt = try container.decodeIfPresent(Int64.self, forKey: .expiresAt)
        do { key = try RecoveryPhrase.key(from: try container.decode(String.self, forKey: .key)) } catch let error as RecoveryPhraseError {
            throw DecodingError.dataCorruptedError(forKey: .key, in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(scope, forKey: .scope)
        try container.encodeIfPresent(expiresAt, forKey: .expiresAt)
        try container.encode(RecoveryPhrase.phrase(for: key), forKey: .key)
    }
}

/// Sealing for shares: each entry under the share's key, bound to the share and to its id on the
/// server; the share's record under the account's key, bound to the account and the share.
public enum ShareSeal {
    /// The id a mood's entry has on the server: an HMAC of the mood's id under the share's key,
    /// so the server cannot tell which of the account's moods a share holds.
    public static func entryID(for moodID: UUID, key: AccountKey) -> UUID {
        let mac = Array(HMAC<SHA256>.authenticationCode(for: Array(moodID.uuidString.utf8), using: key.entryIDKey))
        return UUID(uuid: (mac[0], mac[1], mac[2], mac[3], mac[4], mac[5], mac[6], mac[7],
                           mac[8], mac[9], mac[10], mac[11], mac[12], mac[13], mac[14], mac[15]))
    }

    /// `entry` sealed for the share `share`, under the entry's id.
    /// - Throws: ``MoodSealError/tooLarge(bytes:)``.
    public static func seal(_ entry: ShareEntry, share: ShareID, key: AccountKey) throws(MoodSealError) -> SealedContent {
        let id = entryID(for: entry.mood, key: key)
        let json = Array(try! SealBox.encoder.encode(entry))
        do { return try SealBox.seal(json, context: entryContext(id, share), key: key, paddedAtLeast: entryPadding) } catch {
            throw .tooLarge(bytes: error.bytes)
        }
    }

    /// The entry sealed under `entryID` in the share `share`, its content validated as any
    /// content from the server.
    /// - Throws: ``MoodSealError`` when it does not open, or opens but is not the entry of the
    ///   mood its id stands for.
    public static func open(_ sealed: SealedContent, entryID: UUID, share: ShareID, key: AccountKey) throws(MoodSealError) -> ShareEntry {
        let entry = try decode(ShareEntry.self, try open(sealed, context: entryContext(entryID, share), key: key, id: entryID), id: entryID)
        guard Self.entryID(for: entry.mood, key: key) == entryID else {
            throw .unreadableContent(entryID, "the entry is of another mood than its id stands for")
        }
        return entry
    }

    /// The share's record sealed under the account's key.
    public static func seal(_ descriptor: ShareDescriptor, share: ShareID, account: String, key: AccountKey) throws(MoodSealError) -> SealedContent {
        do { return try SealBox.seal(Array(try! SealBox.encoder.encode(descriptor)), context: recordContext(share, account), key: key) } catch {
            throw .tooLarge(bytes: error.bytes)
        }
    }

    /// What a share's record holds.
    /// - Throws: ``MoodSealError`` when it does not open with the account's key or is not a record.
    public static func open(_ sealed: SealedContent, share: ShareID, account: String, key: AccountKey) throws(MoodSealError) -> ShareDescriptor {
        let id = UUID(uuid: (share.bytes[0], share.bytes[1], share.bytes[2], share.bytes[3], share.bytes[4], share.bytes[5], share.bytes[6],
                             share.bytes[7], share.bytes[8], share.bytes[9], share.bytes[10], share.bytes[11], share.bytes[12], share.bytes[13],
                             share.bytes[14], share.bytes[15]))
        return try decode(ShareDescriptor.self, try open(sealed, context: recordContext(share, account), key: key, id: id), id: id)
    }

    /// Every entry is padded to this size at least: an entry that says "nothing" then has the
    /// size of one with a short note, so that its size does not give it away.
    static let entryPadding = 1_024

    private static func entryContext(_ entryID: UUID, _ share: ShareID) -> String {
        "moodtui share entry 1\n\(share)\n\(entryID.uuidString)\n"
    }

    private static func recordContext(_ share: ShareID, _ account: String) -> String {
        "moodtui share record 1\n\(account)\n\(share)\n"
    }

    private static func open(_ sealed: SealedContent, context: String, key: AccountKey, id: UUID) throws(MoodSealError) -> Data.SubSequence {
        do { return try SealBox.open(sealed, context: context, key: key) } catch { throw MoodSealError(error, id: id) }
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ json: Data.SubSequence, id: UUID) throws(MoodSealError) -> T {
        do { return try JSONDecoder().decode(T.self, from: json) } catch let error as DecodingError {
            throw .unreadableContent(id, DecodingErrorText.describe(error))
        } catch {
            throw .unreadableContent(id, "\(error)")
        }
    }
}
