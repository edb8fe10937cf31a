/// One of the account's devices in `GET /v1/devices`: `{"id": "…", "name": "laptop",
/// "addedAt": 1732300000000, "current": true, "key": {…}}`. `name` is absent for a token made
/// without one, `key` (a ``DeviceKeyRegistration``) for a device that registered none.
public struct ListedDevice: Codable, Hashable, Sendable {
    /// What a revocation names the device by.
    public var id: DeviceTokenID
    /// What a person called it, if anything.
    public var name: DeviceName?
    /// When the token was made, in milliseconds since 1970.
    public var addedAt: Int64
    /// Whether this is the device asking (the token the request carries).
    public var current: Bool
    /// The device's public key, as it last registered it; absent for a device that never did.
    public var key: DeviceKeyRegistration?

    /// A device as the server lists it.
    public init(id: DeviceTokenID, name: DeviceName?, addedAt: Int64, current: Bool, key: DeviceKeyRegistration? = nil) {
        self.id = id
        self.name = name
        self.addedAt = addedAt
        self.current = current
        self.key = key
    }
}

/// The body of `GET /v1/devices`: every device token that opens the account, oldest first.
public struct DeviceListResponse: Codable, Hashable, Sendable {
    public var devices: [ListedDevice]

    public init(devices: [ListedDevice]) { self.devices = devices }
}
