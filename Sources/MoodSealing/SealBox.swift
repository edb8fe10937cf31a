import Crypto
import Foundation
import SyncProtocol

/// The one way moodtui seals bytes for the server: ChaCha20-Poly1305 under an ``AccountKey``,
/// the plain text padded to ``SyncProtocol/SealedContent``'s size buckets, bound to a context that
/// says what the bytes are (which mood of which account, which share's record) and to the
/// sealed form's header, so that sealed bytes moved to another place, or rewritten as another
/// format, do not open.
///
/// The nonce is synthetic: an HMAC of the binding and the plain text under a key of its own. The
/// same plain text in the same place seals to the same bytes, so the server still recognises a
/// retried upload as unchanged; two different plain texts never share a nonce.
enum SealBox {
    /// Why sealed bytes do not open, before the caller names what they were.
    enum Failure: Error {
        case anotherKey(AccountKeyID)
        case doesNotOpen
        case badPadding
    }

    /// `json` sealed in the place `context` names, padded to `paddedAtLeast` bytes or more.
    /// - Throws: the size the sealed form would have when it passes ``SyncProtocol/SealedContent/maximumSize``.
    static func seal(_ json: [UInt8], context: String, key: AccountKey, paddedAtLeast floor: Int = 0) throws(TooLarge) -> SealedContent {
        let header = [SealedContent.formatVersion] + key.id.bytes
        guard let size = SealedContent.paddedSize(ofPlainText: max(4 + json.count, floor)) else {
            throw TooLarge(bytes: SealedContent.minimumSize + 4 + json.count)
        }
        let length = UInt32(json.count)  // below the size limit
        var plain = [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + json
        plain += [UInt8](repeating: 0, count: size - plain.count)
        let binding = binding(header: header, context: context)
        var mac = HMAC<SHA256>(key: key.nonceKey)
        mac.update(data: binding)
        mac.update(data: plain)
        // Fails only for a nonce or key of the wrong size, which these never are.
        let nonce = try! ChaChaPoly.Nonce(data: Array(mac.finalize()).prefix(SealedContent.nonceSize))
        let box = try! ChaChaPoly.seal(plain, using: key.sealingKey, nonce: nonce, authenticating: binding)
        do { return try SealedContent(bytes: header + Array(box.combined)) } catch {
            throw TooLarge(bytes: header.count + box.combined.count)
        }
    }

    /// The JSON sealed in the place `context` names.
    static func open(_ sealed: SealedContent, context: String, key: AccountKey) throws(Failure) -> Data.SubSequence {
        guard sealed.keyID == key.id else { throw .anotherKey(sealed.keyID) }
        let binding = binding(header: sealed.bytes.prefix(SealedContent.headerSize), context: context)
        let opened: Data
        do {
            opened = try ChaChaPoly.open(ChaChaPoly.SealedBox(combined: sealed.box), using: key.sealingKey, authenticating: binding)
        } catch {
            throw .doesNotOpen
        }
        return sealed.version == 1 ? opened[...] : try unpadded(opened)
    }

    /// The sealed form is this many bytes, more than ``SyncProtocol/SealedContent/maximumSize``.
    struct TooLarge: Error {
        let bytes: Int
    }

    /// The JSON inside a format-2 plain text: its length, then the JSON, then zeros.
    private static func unpadded(_ plain: Data) throws(Failure) -> Data.SubSequence {
        let bytes = [UInt8](plain)
        guard bytes.count >= 4 else { throw .badPadding }
        let length = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard length <= bytes.count - 4, bytes[(4 + length)...].allSatisfy({ $0 == 0 }) else { throw .badPadding }
        return plain.dropFirst(4).prefix(length)
    }

    /// What sealed bytes are bound to: the place they belong and their header.
    private static func binding(header: some Collection<UInt8>, context: String) -> [UInt8] {
        Array(context.utf8) + header
    }

    /// Sorted keys: the same value gives the same text, and so the same sealed bytes.
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
