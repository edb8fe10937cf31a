/// What the server keeps of a mood besides its id, version and tombstone: its content as the
/// device wrote it, readable for an account without a key, sealed for an account with one.
///
/// On the wire it shares the mood's object with `id` and `version` (or `baseVersion`): either
/// ``MoodContent``'s members, or one member `sealed` holding ``SealedContent`` in base64.
public enum MoodPayload: Hashable, Sendable {
    /// An account without a key (one made before moodtui sealed moods, until `moodtui key enable`).
    case plain(MoodContent)
    /// An account with a key: the server cannot read it.
    case sealed(SealedContent)

    /// The key the payload is sealed with; `nil` when plain.
    public var keyID: AccountKeyID? {
        if case .sealed(let sealed) = self { sealed.keyID } else { nil }
    }
}

extension MoodPayload: Codable {
    enum CodingKeys: String, CodingKey { case sealed }

    /// Decodes a sealed content when the object has `sealed`, else the plain members, each
    /// validated (``MoodContent/init(from:)``, ``SealedContent/init(bytes:)``).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let text = try container.decodeIfPresent(String.self, forKey: .sealed) else {
            self = .plain(try MoodContent(from: decoder))
            return
        }
        do { self = .sealed(try SealedContent(base64: text)) } catch {
            throw DecodingError.dataCorruptedError(forKey: .sealed, in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .plain(let content): try content.encode(to: encoder)
        case .sealed(let sealed):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(sealed.base64, forKey: .sealed)
        }
    }
}
