import Foundation

/// A mood's content sealed on a device under its account's key: bytes the server stores and
/// relays but cannot read.
///
/// The layout: the format's version (one byte, 1), the ``AccountKeyID`` of the key (8 bytes),
/// a 12-byte nonce, the ciphertext of the content's JSON, and a 16-byte tag. The server looks at
/// the size, the version and the key id only; devices seal and open the rest. On the wire it is
/// standard base64 in the member `sealed`.
public struct SealedContent: Hashable, Sendable {
    /// The version this moodtui writes and reads.
    public static let formatVersion: UInt8 = 1
    /// The version byte and the key id, in front of the sealed bytes.
    public static let headerSize = 1 + AccountKeyID.byteCount
    public static let nonceSize = 12
    public static let tagSize = 16
    /// The fewest bytes a sealed content can have: the header, the nonce and the tag.
    public static let minimumSize = headerSize + nonceSize + tagSize
    /// The most: room for the longest note and hundreds of activities, and three of them, in
    /// base64, still fit in one request.
    public static let maximumSize = 256 * 1024

    /// Every byte, header first.
    public let bytes: [UInt8]

    /// Checks the size and the version, the only things a server can check.
    /// - Throws: ``SealedContentError`` in words.
    public init(bytes: [UInt8]) throws(SealedContentError) {
        guard bytes.count >= Self.minimumSize else { throw .tooShort(bytes: bytes.count) }
        guard bytes.count <= Self.maximumSize else { throw .tooLarge(bytes: bytes.count) }
        guard bytes[0] == Self.formatVersion else { throw .unknownVersion(bytes[0]) }
        self.bytes = bytes
    }

    /// The key the content is sealed with.
    public var keyID: AccountKeyID {
        AccountKeyID(bytes: bytes[1..<Self.headerSize])!  // the size was checked
    }

    /// Nonce, ciphertext and tag: what a device opens.
    public var box: ArraySlice<UInt8> { bytes[Self.headerSize...] }
}

/// Why bytes are not a sealed content.
public enum SealedContentError: Error, Hashable, Sendable, CustomStringConvertible {
    case tooShort(bytes: Int)
    case tooLarge(bytes: Int)
    case unknownVersion(UInt8)
    case notBase64

    public var description: String {
        switch self {
        case .tooShort(let bytes): "a sealed mood of \(bytes) bytes is too short; it has at least \(SealedContent.minimumSize)"
        case .tooLarge(let bytes): "a sealed mood of \(bytes) bytes is too large; the limit is \(SealedContent.maximumSize)"
        case .unknownVersion(let version):
            "a sealed mood of format \(version) is not one this moodtui knows (it knows \(SealedContent.formatVersion)); update it"
        case .notBase64: "a sealed mood must be standard base64"
        }
    }
}

extension SealedContent {
    /// The content from its base64 text, refused in words (checked for length before decoding).
    public init(base64 text: String) throws(SealedContentError) {
        guard text.utf8.count <= (Self.maximumSize + 2) / 3 * 4 else { throw .tooLarge(bytes: text.utf8.count / 4 * 3) }
        guard let data = Data(base64Encoded: text) else { throw .notBase64 }
        try self.init(bytes: Array(data))
    }

    /// Standard base64, padded.
    public var base64: String { Data(bytes).base64EncodedString() }
}
