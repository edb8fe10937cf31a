import Crypto
import Foundation
import SyncProtocol

/// A device's own key pair (X25519), made once per journal and never sent anywhere but its
/// public half: what a device that rotates the account's key wraps the new key for, so that the
/// devices a person keeps move to it without their phrase (``KeyHandOverSeal``).
public struct DeviceKey: @unchecked Sendable {  // the private key is immutable once made
    let privateKey: Curve25519.KeyAgreement.PrivateKey

    /// A new key pair from the system's secure random source.
    public init() {
        privateKey = Curve25519.KeyAgreement.PrivateKey()
    }

    /// The key pair whose private half is `stored` (``stored``'s text).
    /// - Throws: ``DeviceKeyError`` for text that is not one.
    public init(stored: String) throws(DeviceKeyError) {
        guard let bytes = DevicePrivateKeyBytes(hex: stored),
            let key = try? Curve25519.KeyAgreement.PrivateKey(rawRepresentation: bytes.bytes)
        else { throw DeviceKeyError() }
        privateKey = key
    }

    /// The private half as the journal keeps it: 64 hex digits.
    public var stored: String { DevicePrivateKeyBytes(checkedBytes: Array(privateKey.rawRepresentation)).description }

    public var publicKey: DevicePublicKey { DevicePublicKey(checkedBytes: Array(privateKey.publicKey.rawRepresentation)) }

    /// The registration that vouches for this key as the device `device`'s, signed with `key`.
    public func registration(device: DeviceTokenID, account: String, signedWith key: AccountKey) -> DeviceKeyRegistration {
        let statement = SignedStatement.deviceKey(account: account, device: device, publicKey: publicKey, key: key.id)
        return DeviceKeyRegistration(publicKey: publicKey, keyID: key.id, proof: key.sign(statement))
    }
}

/// The journal's device key cannot be read.
public struct DeviceKeyError: Error, Equatable, CustomStringConvertible {
    public var description: String { "the device key stored in this journal cannot be read" }
}

/// The 32 bytes of a private X25519 key, spelled as the other fixed-size values are.
private struct DevicePrivateKeyBytes: HexIdentifier {
    static let byteCount = 32
    static let kindName = "a device's private key"

    let bytes: [UInt8]

    init(checkedBytes: [UInt8]) { bytes = checkedBytes }
}
