/// One request of the protocol with what it carries: its route (method and path), the body the
/// device sends and the answer the server gives.
///
/// The HTTP client sends each call and the server serves it through this one value, so the two
/// sides cannot disagree about a route's body or answer: a handler that answers `upload` with
/// anything but an ``UploadResponse`` does not compile. The calls are listed in ``SyncCalls``.
public struct SyncCall<Body: Codable & Sendable, Answer: Codable & Sendable>: Sendable {
    /// The method and path the call goes by.
    public let route: SyncRoute

    init(_ route: SyncRoute) { self.route = route }
}

/// The body of a request that sends none, or the answer of one that answers with none (204).
public struct NoContent: Codable, Hashable, Sendable {
    /// Nothing.
    public init() {}
}

/// Every call of the protocol that carries JSON. The two routes that do not — `GET /metrics`
/// (Prometheus's text) and the push socket's upgrade — are plain ``SyncRoute``s.
public enum SyncCalls {
    /// `GET /healthz`: whether the server can reach its storage.
    public static let health = SyncCall<NoContent, HealthResponse>(.health)
    /// `GET /v1/account`: the account a token opens.
    public static let account = SyncCall<NoContent, AccountResponse>(.account)
    /// `PUT /v1/account/key`: seals the account with another key, or registers its signing key.
    public static let changeKey = SyncCall<KeyChangeRequest, AccountResponse>(.changeKey)
    /// `PUT /v1/account/device-key`: the asking device's public key, signed with the account's key.
    public static let registerDeviceKey = SyncCall<DeviceKeyRegistration, NoContent>(.registerDeviceKey)
    /// `PUT /v1/account/head`: the account's next signed head.
    public static let publishHead = SyncCall<AccountHead, NoContent>(.publishHead)
    /// `GET /v1/account/setup`: the account's setup (its scales) and its version.
    public static let setup = SyncCall<NoContent, SetupResponse>(.setup)
    /// `PUT /v1/account/setup`: the setup a device merged, based on the version it read.
    public static let storeSetup = SyncCall<SetupUpload, SetupResponse>(.storeSetup)
    /// `GET /v1/devices`: the account's device tokens.
    public static let listDevices = SyncCall<NoContent, DeviceListResponse>(.listDevices)
    /// `DELETE /v1/devices/{id}`: revokes one device token.
    public static let revokeDevice = SyncCall<NoContent, NoContent>(.revokeDevice)
    /// `POST /v1/moods`: uploads moods.
    public static let upload = SyncCall<UploadRequest, UploadResponse>(.upload)
    /// `POST /v1/deletions`: deletes moods, each with its proof.
    public static let delete = SyncCall<DeletionRequest, DeletionResponse>(.delete)
    /// `GET /v1/changes`: one page of the account's change feed.
    public static let changes = SyncCall<NoContent, ChangesResponse>(.changes)
    /// `POST /v1/shares`: makes a read-only share of the account.
    public static let createShare = SyncCall<ShareCreationRequest, ListedShare>(.createShare)
    /// `GET /v1/shares`: the account's live shares.
    public static let listShares = SyncCall<NoContent, ShareListResponse>(.listShares)
    /// `DELETE /v1/shares/{id}`: ends a share and deletes what the server held of it.
    public static let revokeShare = SyncCall<NoContent, NoContent>(.revokeShare)
    /// `POST /v1/shares/{id}/moods`: the owner's devices write the share's moods.
    public static let uploadToShare = SyncCall<UploadRequest, UploadResponse>(.uploadToShare)
    /// `GET /v1/shares/{id}/changes`: one page of a share's change feed, for the owner's devices.
    public static let shareChanges = SyncCall<NoContent, ChangesResponse>(.shareChanges)
}
