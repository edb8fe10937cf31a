import Crypto
import Foundation
import SyncProtocol

/// The key every device of an account seals its moods with: made on the account's first device,
/// carried to the others by a person as a ``RecoveryPhrase``, never sent to the server.
///
/// A share's key is one too: the share is an account of its own on the server.
///
/// Five values are derived from it with HKDF, each for one use, so that none tells anything
/// about another: the ChaCha20-Poly1305 key, the HMAC key that makes each seal's nonce, the
/// ``AccountKeyID`` the server keeps, an Ed25519 signing key whose public half
/// (``AccountSigningKey``) the server keeps to check the key's authority, and the HMAC key that
/// gives a share's moods ids the server cannot tie to the account's.
public struct AccountKey: @unchecked Sendable, Equatable {  // `SymmetricKey` is immutable once made
    /// 256 bits.
    public static let byteCount = 32

    let symmetricKey: SymmetricKey
    let sealingKey: SymmetricKey
    let nonceKey: SymmetricKey
    /// Makes the ids a share's moods have on the server (``ShareSeal/entryID(for:key:)``).
    let entryIDKey: SymmetricKey
    /// Which key this is, for the server and for telling keys apart.
    public let id: AccountKeyID
    private let signer: Curve25519.Signing.PrivateKey
    /// The public half of the key's signing key: what the server and devices check proofs with.
    public let signingKey: AccountSigningKey

    /// A new random key, from the system's secure random source.
    public init() {
        self.init(SymmetricKey(size: .bits256))
    }

    /// The key these 32 bytes are.
    /// - Throws: ``RecoveryPhraseError/wrongLength(characters:)`` for any other count.
    init(bytes: [UInt8]) throws(RecoveryPhraseError) {
        guard bytes.count == Self.byteCount else { throw .wrongLength(characters: bytes.count) }
        self.init(SymmetricKey(data: bytes))
    }

    private init(_ key: SymmetricKey) {
        func derived(_ use: String, bytes: Int) -> SymmetricKey {
            HKDF<SHA256>.deriveKey(
                inputKeyMaterial: key, salt: Array("moodtui account key".utf8), info: Array(use.utf8), outputByteCount: bytes)
        }
        symmetricKey = key
        sealingKey = derived("seal 1", bytes: 32)
        nonceKey = derived("nonce 1", bytes: 32)
        entryIDKey = derived("share entry id 1", bytes: 32)
        id = derived("key id 1", bytes: AccountKeyID.byteCount).withUnsafeBytes { AccountKeyID(bytes: $0)! }
        // Any 32 bytes are an Ed25519 seed, and the public half has 32.
        signer = derived("sign 1", bytes: 32).withUnsafeBytes { try! Curve25519.Signing.PrivateKey(rawRepresentation: $0) }
        signingKey = AccountSigningKey(bytes: signer.publicKey.rawRepresentation)!
    }

    /// The key's signature over `statement`, which ``signingKey`` checks.
    public func sign(_ statement: SignedStatement) -> AccountSignature {
        // Fails only when the system cannot sign at all; the signature has 64 bytes.
        AccountSignature(bytes: try! signer.signature(for: statement.bytes))!
    }

    var bytes: [UInt8] { symmetricKey.withUnsafeBytes { Array($0) } }

    public static func == (a: AccountKey, b: AccountKey) -> Bool {
        a.symmetricKey == b.symmetricKey  // constant time
    }
}
