import Foundation

/// One page of `GET /v1/changes`: `{"changes": [Change, …], "token": "…", "more": false}`.
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

    public init(changes: [Change], token: ChangeToken, more: Bool) {
        self.changes = changes
        self.token = token
        self.more = more
    }
}

/// A change in an account's log: `{"kind": "upsert", "mood": SyncedMood}` or
/// `{"kind": "delete", "id": UUID}` (a tombstone).
public enum Change: Hashable, Sendable {
    case upsert(SyncedMood)
    case delete(UUID)

    /// The changed mood's id.
    public var id: UUID {
        switch self {
        case .upsert(let mood): mood.id
        case .delete(let id): id
        }
    }
}

extension Change: Codable {
    enum CodingKeys: String, CodingKey { case kind, mood, id }
    enum Kind: String, Codable { case upsert, delete }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .kind) {
        case .upsert: self = .upsert(try container.decode(SyncedMood.self, forKey: .mood))
        case .delete: self = .delete(try container.decode(UUID.self, forKey: .id))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .upsert(let mood):
            try container.encode(Kind.upsert, forKey: .kind)
            try container.encode(mood, forKey: .mood)
        case .delete(let id):
            try container.encode(Kind.delete, forKey: .kind)
            try container.encode(id, forKey: .id)
        }
    }
}
