import Foundation
import SyncProtocol

/// One device token of an account as the storage keeps it: the hash (never the token), the
/// name it was given, when it was made, and the device's public key.
public struct DeviceRecord: Hashable, Sendable {
    /// ``DeviceToken/hash(_:)`` of the token.
    public var tokenHash: Data
    /// What `moodtui account add --device` called it.
    public var name: DeviceName?
    /// Milliseconds since 1970.
    public var addedAt: Int64
    /// The device's public key as it last registered it.
    public var key: DeviceKeyRegistration?

    /// A token as stored.
    public init(tokenHash: Data, name: DeviceName?, addedAt: Int64, key: DeviceKeyRegistration? = nil) {
        self.tokenHash = tokenHash
        self.name = name
        self.addedAt = addedAt
        self.key = key
    }

    /// What ``tokenHash`` is called on the wire.
    public var id: DeviceTokenID { DeviceTokenID(tokenHash: tokenHash) }
}
