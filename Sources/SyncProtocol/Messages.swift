/// What the server sends on the `/v1/subscribe` WebSocket, as a text frame:
/// `{"type": "changed", "token": "…"}` after a commit changed the account's moods.
///
/// A push only says "fetch": the client asks `GET /v1/changes` with its own token. Pushes can be
/// lost, so a client also fetches on every (re)connect.
public struct PushMessage: Codable, Hashable, Sendable {
    /// `"changed"`; other types may come in later versions and should be ignored.
    public var type: String
    /// The account's latest token after the commit.
    public var token: ChangeToken

    public init(type: String = "changed", token: ChangeToken) {
        self.type = type
        self.token = token
    }
}

/// Every error the server returns: `{"error": "code", "message": "words for people"}`.
public struct ErrorResponse: Codable, Hashable, Sendable, Error {
    /// A stable code such as `unauthorized`, `invalid_request`, `body_too_large`,
    /// `token_expired`, `not_found`, `method_not_allowed`; see the README for the list.
    public var error: String
    public var message: String

    public init(error: String, message: String) {
        self.error = error
        self.message = message
    }
}

/// The body of `GET /healthz`: `{"status": "ok"}` (200) or `{"status": "unavailable"}` (503).
public struct HealthResponse: Codable, Hashable, Sendable {
    public var status: String

    public init(status: String) { self.status = status }
}

/// The body of `GET /v1/account`: which account the token opens.
///
/// `{"name": "alice", "id": "…"}`. `id` is opaque and differs between servers (or data folders)
/// even for the same name: a client keeps it to notice when a journal is logged in to another
/// account than the one its moods belong to.
public struct AccountResponse: Codable, Hashable, Sendable {
    public var name: String
    public var id: String

    public init(name: String, id: String) {
        self.name = name
        self.id = id
    }
}
