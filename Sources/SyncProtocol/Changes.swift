import Foundation

/// One page of `GET /v1/changes`:
/// `{"changes": [Change, …], "keyID": "…", "token": "…", "more": false, "serverTime": 1795000000000,
/// "sequence": 812, "head": AccountHead, "setupVersion": 3}`.
///
/// Changes come in the order the server made them; a mood changed several times since the
/// `since` token appears once, as it is now. Store `token` with the changes in one transaction,
/// and ask again with it while `more` is true.
public struct ChangesResponse: Codable, Hashable, Sendable {
    public var changes: [Change]
    /// Where the next page starts (when `more`), or the account's latest token.
    public var token: ChangeToken
    /// Whether more changes follow this page.
    public var more: Bool
    /// The server's clock as it answered, in milliseconds since 1970 (see
    /// ``UploadResponse/serverTime``).
    public var serverTime: Int64
    /// The key the account's moods are sealed with as the page was read; absent for an account
    /// without one. A device whose key differs stops before applying the page: the key was
    /// changed on another device.
    public var keyID: AccountKeyID?
    /// The account's change number when the page was read: where its log stands, which
    /// ``AccountHead/sequence`` is compared with.
    public var sequence: Int64
    /// The account's latest signed head as the page was read, absent while it has none.
    public var head: AccountHead?
    /// The version of the account's setup (``SetupResponse/version``) as the page was read: a
    /// device that holds another fetches it. Absent from a server before setups is 0.
    public var setupVersion: Int64
    /// Changes of the page that broke the protocol's rules when it was decoded, left out of
    /// ``changes``: one bad record must not stop an account's sync, so the reader applies the
    /// rest and sets these aside. Never encoded.
    public var unreadable: [UnreadableChange]

    public init(
        changes: [Change], token: ChangeToken, more: Bool, serverTime: Int64, keyID: AccountKeyID?, sequence: Int64,
        head: AccountHead? = nil, setupVersion: Int64, unreadable: [UnreadableChange] = []
    ) {
        self.changes = changes
        self.token = token
        self.more = more
        self.serverTime = serverTime
        self.keyID = keyID
        self.sequence = sequence
        self.head = head
        self.setupVersion = setupVersion
        self.unreadable = unreadable
    }

    enum CodingKeys: String, CodingKey { case changes, token, more, serverTime, keyID, sequence, head, setupVersion }

    /// Decodes the page, setting aside each change that fails validation (see ``unreadable``);
    /// a page whose own shape is wrong still fails as a whole.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        token = try container.decode(ChangeToken.self, forKey: .token)
        more = try container.decode(Bool.self, forKey: .more)
        serverTime = try container.decode(Int64.self, forKey: .serverTime)
        keyID = try container.decodeIfPresent(AccountKeyID.self, forKey: .keyID)
        sequence = try container.decode(Int64.self, forKey: .sequence)
        head = try container.decodeIfPresent(AccountHead.self, forKey: .head)
        setupVersion = try container.decodeIfPresent(Int64.self, forKey: .setupVersion) ?? 0
        var elements = try container.nestedUnkeyedContainer(forKey: .changes)
        changes = []
        unreadable = []
        while !elements.isAtEnd {
            switch try elements.decode(LenientChange.self) {
            case .readable(let change): changes.append(change)
            case .unreadable(let change): unreadable.append(change)
            }
        }
    }
}

/// A change of the feed that this side could not accept, with the mood's id when that much was
/// readable.
public struct UnreadableChange: Hashable, Sendable {
    public var id: UUID?
    /// What was wrong with it, in words (the field and the rule).
    public var reason: String

    public init(id: UUID?, reason: String) {
        self.id = id
        self.reason = reason
    }
}

/// One element of a page: decoding it never fails on a change's content, only reports it.
private enum LenientChange: Decodable {
    case readable(Change)
    case unreadable(UnreadableChange)

    private enum Keys: String, CodingKey { case id, mood }

    init(from decoder: any Decoder) throws {
        do {
            self = .readable(try Change(from: decoder))
        } catch let error as DecodingError {
            let container = try? decoder.container(keyedBy: Keys.self)
            let mood = try? container?.nestedContainer(keyedBy: Keys.self, forKey: .mood)
            let id = (try? mood?.decodeMoodID(forKey: .id)) ?? (try? container?.decodeMoodID(forKey: .id))
            self = .unreadable(UnreadableChange(id: id, reason: DecodingErrorText.describe(error)))
        }
    }
}

/// A change in an account's log: `{"kind": "upsert", "mood": SyncedMood}` or
/// `{"kind": "delete", "id": UUID, "keyID": "…", "signature": "…"}` (a tombstone, with the
/// ``MoodDeletion``'s proof when it has one).
public enum Change: Hashable, Sendable {
    case upsert(SyncedMood)
    case delete(MoodDeletion)

    /// The changed mood's id.
    public var id: UUID {
        switch self {
        case .upsert(let mood): mood.id
        case .delete(let deletion): deletion.id
        }
    }
}

extension Change: Codable {
    enum CodingKeys: String, CodingKey { case kind, mood }
    enum Kind: String, Codable { case upsert, delete }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .kind) {
        case .upsert: self = .upsert(try container.decode(SyncedMood.self, forKey: .mood))
        case .delete: self = .delete(try MoodDeletion(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .upsert(let mood):
            try container.encode(Kind.upsert, forKey: .kind)
            try container.encode(mood, forKey: .mood)
        case .delete(let deletion):
            try container.encode(Kind.delete, forKey: .kind)
            try deletion.encode(to: encoder)
        }
    }
}
