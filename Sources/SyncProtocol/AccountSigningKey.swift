import Crypto

/// The public half of an account's signing key: devices derive the key pair from the account
/// key, and the server keeps this half, so that it can check that a deletion, a key change or a
/// revocation comes from someone who holds the key, and devices can check the same of every
/// deletion the server relays, without either learning the key.
///
/// An Ed25519 public key; on the wire 64 lower-case hex digits.
public struct AccountSigningKey: HexIdentifier {
    public static let byteCount = 32
    public static let kindName = "a signing key"

    public let bytes: [UInt8]

    public init(checkedBytes: [UInt8]) { bytes = checkedBytes }

    /// Whether `signature` is this key's over `statement`. Bytes that are not a point of the
    /// curve check nothing: `false`.
    public func signed(_ statement: SignedStatement, with signature: AccountSignature) -> Bool {
        guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: bytes) else { return false }
        return key.isValidSignature(signature.bytes, for: statement.bytes)
    }
}

/// An Ed25519 signature by an account's signing key over a ``SignedStatement``; on the wire 128
/// lower-case hex digits.
public struct AccountSignature: HexIdentifier {
    public static let byteCount = 64
    public static let kindName = "a signature"

    public let bytes: [UInt8]

    public init(checkedBytes: [UInt8]) { bytes = checkedBytes }
}

/// Proof that a device holding the account's key deleted a mood: its signature over
/// ``SignedStatement/deletion(account:mood:key:)``, and which key signed it.
///
/// On the wire, members of the deletion's object: `"keyID": "…", "signature": "…"`.
public struct DeletionProof: Hashable, Sendable, Codable {
    public var keyID: AccountKeyID
    public var signature: AccountSignature

    public init(keyID: AccountKeyID, signature: AccountSignature) {
        self.keyID = keyID
        self.signature = signature
    }
}
