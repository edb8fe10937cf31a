import Crypto
import Foundation
import SyncProtocol

/// A mood's content sealed for the server, which keeps and relays it but cannot read it:
/// ChaCha20-Poly1305 under the ``AccountKey``, bound to the account, the mood's id and the
/// sealed form's header, so that a content changed by one bit, moved onto another mood or copied
/// from another account does not open. The layout is ``SealedContent``'s.
///
/// The nonce is synthetic: an HMAC of the binding and the content under a key of its own. The
/// same content of the same mood seals to the same bytes, so the server still recognises a
/// retried upload as unchanged; two different contents never share a nonce.
public enum MoodSeal {
    /// `content` sealed for the mood `moodID` of `account`.
    /// - Throws: ``MoodSealError/tooLarge(bytes:)`` when it would pass ``SealedContent/maximumSize``.
    public static func seal(_ content: MoodContent, moodID: UUID, account: String, key: AccountKey) throws(MoodSealError) -> SealedContent {
        let plain = Array(try! encoder.encode(content))  // a content always encodes
        let header = [SealedContent.formatVersion] + key.id.bytes
        let binding = binding(header: header, moodID: moodID, account: account)
        var mac = HMAC<SHA256>(key: key.nonceKey)
        mac.update(data: binding)
        mac.update(data: plain)
        // Fails only for a nonce or key of the wrong size, which these never are.
        let nonce = try! ChaChaPoly.Nonce(data: Array(mac.finalize()).prefix(SealedContent.nonceSize))
        let box = try! ChaChaPoly.seal(plain, using: key.sealingKey, nonce: nonce, authenticating: binding)
        do { return try SealedContent(bytes: header + Array(box.combined)) } catch {
            throw .tooLarge(bytes: header.count + box.combined.count)
        }
    }

    /// The content of a sealed mood, validated as any content from the server
    /// (``MoodContent/init(from:)``).
    /// - Throws: ``MoodSealError`` when it does not open: sealed with another key, changed,
    ///   meant for another mood or account, or holding a content that breaks the rules.
    public static func open(_ sealed: SealedContent, moodID: UUID, account: String, key: AccountKey) throws(MoodSealError) -> MoodContent {
        guard sealed.keyID == key.id else { throw .anotherKey(moodID, sealed.keyID) }
        let binding = binding(header: sealed.bytes.prefix(SealedContent.headerSize), moodID: moodID, account: account)
        let plain: Data
        do {
            plain = try ChaChaPoly.open(ChaChaPoly.SealedBox(combined: sealed.box), using: key.sealingKey, authenticating: binding)
        } catch {
            throw .doesNotOpen(moodID)
        }
        do { return try decoder.decode(MoodContent.self, from: plain) } catch let error as DecodingError {
            throw .unreadableContent(moodID, DecodingErrorText.describe(error))
        } catch {
            throw .unreadableContent(moodID, "\(error)")
        }
    }

    /// What a sealed mood is bound to: the format, the account, the mood's id and the header.
    static func binding(header: some Collection<UInt8>, moodID: UUID, account: String) -> [UInt8] {
        Array("moodtui sealed mood 1\n\(account)\n\(moodID.uuidString)\n".utf8) + header
    }

    /// One for every mood opened: a first sync opens a hundred thousand.
    private static let decoder = JSONDecoder()

    /// Sorted keys: the same content gives the same text, and so the same sealed bytes.
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}

/// Why a mood cannot be sealed or opened, in words.
public enum MoodSealError: Error, Equatable, Sendable, CustomStringConvertible {
    case tooLarge(bytes: Int)
    /// Sealed with a key this device does not have (named by its id).
    case anotherKey(UUID, AccountKeyID)
    /// The tag does not match: the content was changed, belongs to another mood or account.
    case doesNotOpen(UUID)
    /// It opened, but what it holds breaks the protocol's rules (the field and the rule).
    case unreadableContent(UUID, String)

    public var description: String {
        switch self {
        case .tooLarge(let bytes): "sealed, this mood takes \(bytes) bytes; the limit is \(SealedContent.maximumSize)"
        case .anotherKey(let id, let keyID):
            "mood \(id.uuidString) is sealed with key \(keyID), not this device's: if the key was rotated, enter the new recovery phrase"
        case .doesNotOpen(let id):
            "mood \(id.uuidString) does not open with this account's key: it was changed on the way, or belongs to another mood or account"
        case .unreadableContent(let id, let reason): "mood \(id.uuidString) opens but breaks the protocol's rules: \(reason)"
        }
    }
}
