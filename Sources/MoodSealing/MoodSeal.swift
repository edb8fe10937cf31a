import Crypto
import Foundation
import SyncProtocol

/// A mood's content sealed for the server, which keeps and relays it but cannot read it:
/// ChaCha20-Poly1305 under the ``AccountKey``, bound to the account, the mood's id and the
/// sealed form's header, so that a content changed by one bit, moved onto another mood or copied
/// from another account does not open. The layout is ``SealedContent``'s: the content is padded
/// to a size bucket, and the header's version byte is bound too, so the padding cannot be
/// stripped by rewriting the blob as format 1.
///
/// The nonce is synthetic: an HMAC of the binding and the content under a key of its own. The
/// same content of the same mood seals to the same bytes, so the server still recognises a
/// retried upload as unchanged; two different contents never share a nonce.
public enum MoodSeal {
    /// `content` sealed for the mood `moodID` of `account`.
    /// - Throws: ``MoodSealError/tooLarge(bytes:)`` when it would pass ``SealedContent/maximumSize``.
    public static func seal(_ content: MoodContent, moodID: UUID, account: String, key: AccountKey) throws(MoodSealError) -> SealedContent {
        let json = Array(try! encoder.encode(content))  // a content always encodes
        let header = [SealedContent.formatVersion] + key.id.bytes
        guard let size = SealedContent.paddedSize(ofPlainText: 4 + json.count) else {
            throw .tooLarge(bytes: SealedContent.minimumSize + 4 + json.count)
        }
        let length = UInt32(json.count)  // below the size limit
        var plain = [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + json
        plain += [UInt8](repeating: 0, count: size - plain.count)
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
        let opened: Data
        do {
            opened = try ChaChaPoly.open(ChaChaPoly.SealedBox(combined: sealed.box), using: key.sealingKey, authenticating: binding)
        } catch {
            throw .doesNotOpen(moodID)
        }
        let json = sealed.version == 1 ? opened[...] : try unpadded(opened, moodID: moodID)
        do { return try decoder.decode(MoodContent.self, from: json) } catch let error as DecodingError {
            throw .unreadableContent(moodID, DecodingErrorText.describe(error))
        } catch {
            throw .unreadableContent(moodID, "\(error)")
        }
    }

    /// The JSON inside a format-2 plain text: its length, then the JSON, then zeros.
    private static func unpadded(_ plain: Data, moodID: UUID) throws(MoodSealError) -> Data.SubSequence {
        let bytes = [UInt8](plain)
        guard bytes.count >= 4 else { throw .unreadableContent(moodID, "the padded content has no length") }
        let length = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard length <= bytes.count - 4, bytes[(4 + length)...].allSatisfy({ $0 == 0 }) else {
            throw .unreadableContent(moodID, "the padded content's length does not match its padding")
        }
        return plain.dropFirst(4).prefix(length)
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
