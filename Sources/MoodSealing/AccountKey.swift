import Crypto
import Foundation
import SyncProtocol

/// The key every device of an account seals its moods with: made on the account's first device,
/// carried to the others by a person as a ``RecoveryPhrase``, never sent to the server.
///
/// Three values are derived from it with HKDF, each for one use, so that none tells anything
/// about another: the ChaCha20-Poly1305 key, the HMAC key that makes each seal's nonce, and the
/// ``AccountKeyID`` the server keeps.
public struct AccountKey: @unchecked Sendable, Equatable {  // `SymmetricKey` is immutable once made
    /// 256 bits.
    public static let byteCount = 32

    let symmetricKey: SymmetricKey
    let sealingKey: SymmetricKey
    let nonceKey: SymmetricKey
    /// Which key this is, for the server and for telling keys apart.
    public let id: AccountKeyID

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
        id = derived("key id 1", bytes: AccountKeyID.byteCount).withUnsafeBytes { AccountKeyID(bytes: $0)! }
    }

    var bytes: [UInt8] { symmetricKey.withUnsafeBytes { Array($0) } }

    public static func == (a: AccountKey, b: AccountKey) -> Bool {
        a.symmetricKey == b.symmetricKey  // constant time
    }
}
