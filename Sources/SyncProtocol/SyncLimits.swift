/// The limits of protocol v1, shared so that a client can stay inside them.
public enum SyncLimits {
    /// The most moods one `POST /v1/moods` may carry; more is a 413 `too_many_moods`.
    public static let maximumUploadBatch = 500
    /// The most ids one `POST /v1/deletions` may carry; more is a 413 `too_many_moods`.
    public static let maximumDeletionBatch = 1_000
    /// The largest request body, in bytes (1 MiB); more is a 413 `body_too_large`.
    public static let maximumBodySize = 1 << 20
    /// Changes per `GET /v1/changes` page when `limit` is absent.
    public static let defaultChangesPageSize = 200
    /// The largest `limit` honoured; larger values are cut to it.
    public static let maximumChangesPageSize = 1_000
}

/// The protocol's HTTP vocabulary: version, paths and headers.
public enum SyncEndpoint {
    /// The protocol version this module describes; it is the first path component.
    public static let version = 1
    /// `GET`: 200 `{"status":"ok"}` when the store answers, else 503.
    public static let health = "/healthz"
    /// `GET`: the ``AccountResponse`` of the token's account.
    public static let account = "/v1/account"
    /// `POST` an ``UploadRequest``, get an ``UploadResponse``.
    public static let moods = "/v1/moods"
    /// `POST` a ``DeletionRequest``, get a ``DeletionResponse``.
    public static let deletions = "/v1/deletions"
    /// `GET ?since=TOKEN&limit=N`, get a ``ChangesResponse``.
    public static let changes = "/v1/changes"
    /// `GET` with a WebSocket upgrade; the server sends ``PushMessage``s.
    public static let subscribe = "/v1/subscribe"
    /// The header naming the sending device, on writes and on the subscribe request: the server
    /// does not push a device's own writes back to it.
    public static let deviceHeader = "X-Moodtui-Device"
}
