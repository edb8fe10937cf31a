import Foundation
import SyncProtocol

/// One device token of an account as the storage keeps it: the hash (never the token), the
/// name it was given, and when it was made.
public struct DeviceRecord: Hashable, Sendable {
    /// ``DeviceToken/hash(_:)`` of the token.
    public var tokenHash: Data
    /// What `moodtui account add --device` called it.
    public var name: DeviceName?
    /// Milliseconds since 1970.
    public var addedAt: Int64

    /// A token as stored.
    public init(tokenHash: Data, name: DeviceName?, addedAt: Int64) {
        self.tokenHash = tokenHash
        self.name = name
        self.addedAt = addedAt
    }

    /// What ``tokenHash`` is called on the wire.
    public var id: DeviceTokenID { DeviceTokenID(tokenHash: tokenHash) }
}
