import Crypto
import Foundation

/// The key every device of an account seals its moods with: made on the account's first device,
/// carried to the others by a person as a ``RecoveryPhrase``, never sent to the server.
public struct AccountKey: @unchecked Sendable, Equatable {  // `SymmetricKey` is immutable once made
    /// 256 bits, ChaCha20-Poly1305's key size.
    public static let byteCount = 32

    let symmetricKey: SymmetricKey

    /// A new random key, from the system's secure random source.
    public init() {
        symmetricKey = SymmetricKey(size: .bits256)
    }

    /// The key these 32 bytes are.
    /// - Throws: ``RecoveryPhraseError/wrongLength(characters:)`` for any other count.
    init(bytes: [UInt8]) throws(RecoveryPhraseError) {
        guard bytes.count == Self.byteCount else { throw .wrongLength(characters: bytes.count) }
        symmetricKey = SymmetricKey(data: bytes)
    }

    var bytes: [UInt8] { symmetricKey.withUnsafeBytes { Array($0) } }

    public static func == (a: AccountKey, b: AccountKey) -> Bool {
        a.symmetricKey == b.symmetricKey  // constant time
    }
}
