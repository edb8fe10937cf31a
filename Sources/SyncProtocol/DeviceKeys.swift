import Crypto
import Foundation

/// The public half of a device's own key pair (X25519): the key another device of the account
/// wraps a new account key for, so that a key rotation reaches the devices a person keeps
/// without their recovery phrase. On the wire 64 lower-case hex digits.
public struct DevicePublicKey: HexIdentifier {
    public static let byteCount = 32
    public static let kindName = "a device key"

    public let bytes: [UInt8]

    public init(checkedBytes: [UInt8]) { bytes = checkedBytes }
}

/// A device's public key as the account's key vouches for it: the key's signature over
/// ``SignedStatement/deviceKey(account:device:publicKey:key:)``. The body of
/// `PUT /v1/account/device-key`, and what `GET /v1/devices` lists for each device that sent one.
///
/// The signature is what makes a rotation safe against the server: a device wraps the new key
/// only for public keys the key it holds signed for that very device, so the server can neither
/// slip in a key of its own nor move a revoked device's key to a kept device's id.
///
/// `{"publicKey": "…", "keyID": "…", "proof": "…"}`.
public struct DeviceKeyRegistration: Codable, Hashable, Sendable {
    public var publicKey: DevicePublicKey
    /// The account key that signed: registrations under an earlier key are not trusted after a
    /// rotation, until the device signs its key again with the new one.
    public var keyID: AccountKeyID
    public var proof: AccountSignature

    public init(publicKey: DevicePublicKey, keyID: AccountKeyID, proof: AccountSignature) {
        self.publicKey = publicKey
        self.keyID = keyID
        self.proof = proof
    }

    /// Whether `signingKey`, the public half of the account key ``keyID``, signed this
    /// registration for the device `device` of `account`.
    public func isSigned(by signingKey: AccountSigningKey, account: String, device: DeviceTokenID) -> Bool {
        signingKey.signed(.deviceKey(account: account, device: device, publicKey: publicKey, key: keyID), with: proof)
    }
}

/// An account key sealed for one device with HPKE (X25519, HKDF-SHA256, ChaCha20-Poly1305): the
/// 32-byte encapsulated key, then the 32-byte key and its 16-byte tag. On the wire 160 lower-case
/// hex digits.
public struct WrappedAccountKey: HexIdentifier {
    public static let byteCount = 80
    public static let kindName = "a wrapped key"

    public let bytes: [UInt8]

    public init(checkedBytes: [UInt8]) { bytes = checkedBytes }
}

/// One device's wrapped key in a ``KeyChangeRequest``.
public struct DeviceHandOver: Codable, Hashable, Sendable {
    public var device: DeviceTokenID
    public var wrapped: WrappedAccountKey

    public init(device: DeviceTokenID, wrapped: WrappedAccountKey) {
        self.device = device
        self.wrapped = wrapped
    }
}

/// What a device kept through a key rotation finds in `GET /v1/account` to move to the new key
/// on its own: the new key wrapped for it, and the old key's signature over the change, which the
/// device checks with the key it holds before it believes the wrapped one.
///
/// `{"keyID": "…", "signingKey": "…", "replaces": "…", "proof": "…", "wrapped": "…"}`.
public struct KeyHandOver: Codable, Hashable, Sendable {
    /// The account's new key.
    public var keyID: AccountKeyID
    public var signingKey: AccountSigningKey
    /// The key it replaced, which signed `proof`.
    public var replaces: AccountKeyID
    /// The replaced key's signature over ``SignedStatement/keyChange(account:key:signingKey:replaces:)``.
    public var proof: AccountSignature
    public var wrapped: WrappedAccountKey

    public init(keyID: AccountKeyID, signingKey: AccountSigningKey, replaces: AccountKeyID, proof: AccountSignature, wrapped: WrappedAccountKey) {
        self.keyID = keyID
        self.signingKey = signingKey
        self.replaces = replaces
        self.proof = proof
        self.wrapped = wrapped
    }
}

/// A share's record sealed anew under the account's new key, in a ``KeyChangeRequest``: the
/// owner's devices that move to the new key must still open it.
public struct ShareRecordUpdate: Codable, Hashable, Sendable {
    public var share: ShareID
    public var record: SealedContent

    public init(share: ShareID, record: SealedContent) {
        self.share = share
        self.record = record
    }
}

extension DeviceTokenID {
    /// The id of the device whose bearer token is `token`: a device signs its key for its own
    /// id without asking the server which one it is.
    public init(token: String) {
        self.init(tokenHash: Self.hash(ofToken: token))
    }

    /// The SHA-256 of a bearer token: what the server keeps and looks tokens up by, and what
    /// the id is the start of.
    public static func hash(ofToken token: String) -> Data {
        Data(SHA256.hash(data: Data(token.utf8)))
    }
}
