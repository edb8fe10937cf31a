/// Where a client stands in its account's change log: an opaque string the server hands out and
/// takes back in `GET /v1/changes?since=`.
///
/// Clients store it and send it back unchanged; they never look inside. A token from another
/// server, another data folder or another account, or one older than what the server still
/// keeps, is answered with 410 `token_expired`: fetch again from the beginning, without a token.
public struct ChangeToken: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The token's text, safe in a URL query.
    public var rawValue: String

    /// Wraps a token's text.
    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
