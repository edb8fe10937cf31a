import Crypto
import Foundation

/// A mood's content sealed for the server, which keeps and relays it but cannot read it:
/// ChaCha20-Poly1305 under the ``AccountKey``, bound to the account and the mood's id, so that a
/// blob changed by one bit, moved onto another mood or copied from another account does not open.
///
/// The sealed form is a version byte (1), the 12-byte nonce, the ciphertext and the 16-byte tag.
public enum MoodSeal {
    static let version: UInt8 = 1
    /// What sealing adds to the content: the version, the nonce and the tag.
    public static let overhead = 1 + 12 + 16

    /// `content` sealed for the mood `moodID` of `account`.
    public static func seal(_ content: [UInt8], moodID: UUID, account: String, key: AccountKey) -> [UInt8] {
        // ChaChaPoly fails only for a nonce or key of the wrong size, which these never are.
        let box = try! ChaChaPoly.seal(content, using: key.symmetricKey, authenticating: binding(moodID: moodID, account: account))
        return [version] + Array(box.combined)
    }

    /// The content of a sealed mood.
    /// - Throws: ``MoodSealError`` when it does not open: changed, meant for another mood or
    ///   account, sealed with another key, or of a version this moodtui does not know.
    public static func open(_ sealed: [UInt8], moodID: UUID, account: String, key: AccountKey) throws(MoodSealError) -> [UInt8] {
        guard let first = sealed.first else { throw .tooShort(bytes: 0) }
        guard first == version else { throw .unknownVersion(first) }
        guard sealed.count >= overhead else { throw .tooShort(bytes: sealed.count) }
        do {
            let box = try ChaChaPoly.SealedBox(combined: sealed.dropFirst())
            return Array(try ChaChaPoly.open(box, using: key.symmetricKey, authenticating: binding(moodID: moodID, account: account)))
        } catch {
            throw .doesNotOpen(moodID)
        }
    }

    /// What a sealed mood is bound to: the format, the account and the mood's id.
    static func binding(moodID: UUID, account: String) -> [UInt8] {
        Array("moodtui sealed mood 1\n\(account)\n\(moodID.uuidString)".utf8)
    }
}

/// Why a sealed mood cannot be read, in words.
public enum MoodSealError: Error, Equatable, Sendable, CustomStringConvertible {
    case tooShort(bytes: Int)
    case unknownVersion(UInt8)
    /// The tag does not match: the blob was changed, belongs to another mood or account, or was
    /// sealed with another key.
    case doesNotOpen(UUID)

    public var description: String {
        switch self {
        case .tooShort(let bytes): "a sealed mood of \(bytes) bytes is too short (it needs at least \(MoodSeal.overhead))"
        case .unknownVersion(let version): "a sealed mood of version \(version) is newer than this moodtui; update it"
        case .doesNotOpen(let id):
            "mood \(id.uuidString) does not open with this account's key: it was changed on the way, belongs to another mood or "
                + "account, or was sealed with another key (was the key rotated? enter the new recovery phrase)"
        }
    }
}
