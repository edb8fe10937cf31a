import Crypto
import Foundation
import SyncProtocol

/// Wrapping a new account key for one device, and opening it there: HPKE in base mode
/// (X25519, HKDF-SHA256, ChaCha20-Poly1305), bound to the account, the device's id and the new
/// key's id, so that a wrapped key moved to another device or account does not open.
///
/// Anyone who knows a device's public key — the server too — can wrap *a* key for it; what makes
/// the key the account's is the old key's signature over the change (``KeyHandOver/proof``),
/// which ``open(_:with:device:account:holding:)`` checks with the key the device holds before it
/// unwraps anything.
public enum KeyHandOverSeal {
    /// `key` wrapped for the device `device` of `account`, whose public key is `publicKey`.
    /// - Throws: ``KeyHandOverError/unusableDeviceKey`` for bytes that are not a curve point.
    public static func wrap(
        _ key: AccountKey, for publicKey: DevicePublicKey, device: DeviceTokenID, account: String
    ) throws(KeyHandOverError) -> WrappedAccountKey {
        do {
            let recipient = try Curve25519.KeyAgreement.PublicKey(rawRepresentation: publicKey.bytes)
            var sender = try HPKE.Sender(recipientKey: recipient, ciphersuite: ciphersuite, info: info)
            let sealed = try sender.seal(key.bytes, authenticating: binding(device: device, account: account, keyID: key.id))
            guard let wrapped = WrappedAccountKey(bytes: Array(sender.encapsulatedKey) + Array(sealed)) else {
                throw KeyHandOverError.unusableDeviceKey
            }
            return wrapped
        } catch {
            throw .unusableDeviceKey
        }
    }

    /// The account's new key from `handOver`, once the key this device holds (`held`) is shown
    /// to have signed the change and the wrapped key opens with `deviceKey` as that very key.
    /// - Throws: ``KeyHandOverError`` saying which check failed; nothing is believed then.
    public static func open(
        _ handOver: KeyHandOver, with deviceKey: DeviceKey, device: DeviceTokenID, account: String, holding held: AccountKey
    ) throws(KeyHandOverError) -> AccountKey {
        guard handOver.replaces == held.id else { throw .notFromHeldKey }
        let statement = SignedStatement.keyChange(
            account: account, key: handOver.keyID, signingKey: handOver.signingKey, replaces: handOver.replaces)
        guard held.signingKey.signed(statement, with: handOver.proof) else { throw .unsigned }
        let encapsulated = Data(handOver.wrapped.bytes.prefix(encapsulatedKeySize))
        let sealed = Data(handOver.wrapped.bytes.dropFirst(encapsulatedKeySize))
        let key: AccountKey
        do {
            var recipient = try HPKE.Recipient(
                privateKey: deviceKey.privateKey, ciphersuite: ciphersuite, info: info, encapsulatedKey: encapsulated)
            let bytes = try recipient.open(sealed, authenticating: binding(device: device, account: account, keyID: handOver.keyID))
            key = try AccountKey(bytes: Array(bytes))
        } catch {
            throw .doesNotOpen
        }
        guard key.id == handOver.keyID, key.signingKey == handOver.signingKey else { throw .notTheSignedKey }
        return key
    }

    private static var ciphersuite: HPKE.Ciphersuite { .Curve25519_SHA256_ChachaPoly }
    private static let info = Data("moodtui key hand-over 1".utf8)
    private static let encapsulatedKeySize = 32

    private static func binding(device: DeviceTokenID, account: String, keyID: AccountKeyID) -> Data {
        Data(["moodtui key hand-over 1", account, device.description, keyID.description].joined(separator: "\n").utf8)
    }
}

/// Why a key handed over to this device was not taken, in words.
public enum KeyHandOverError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The hand-over replaces a key this device does not hold: it missed a rotation before, or
    /// the hand-over is an old one sent again.
    case notFromHeldKey
    /// The key this device holds did not sign the change.
    case unsigned
    /// The wrapped key does not open with this device's key.
    case doesNotOpen
    /// What opened is not the key the change names.
    case notTheSignedKey
    /// A device's public key that nothing can be wrapped for.
    case unusableDeviceKey

    public var description: String {
        switch self {
        case .notFromHeldKey: "the key change the server relays does not replace the key this device holds"
        case .unsigned: "the key change the server relays is not signed with the key this device holds"
        case .doesNotOpen: "the key the server relays for this device does not open with its device key"
        case .notTheSignedKey: "the key the server relays for this device is not the one the key change names"
        case .unusableDeviceKey: "a device's registered key is not a usable public key"
        }
    }
}
