import Foundation

/// A mood's content sealed on a device under its account's key: bytes the server stores and
/// relays but cannot read.
///
/// The layout: the format's version (one byte), the ``AccountKeyID`` of the key (8 bytes), a
/// 12-byte nonce, the ciphertext, and a 16-byte tag. In format 2 the ciphertext is of the
/// content's JSON behind its length (4 bytes, big-endian) and padded with zeros to a size bucket
/// (``paddedSize(ofPlainText:)``), so that a sealed mood's size tells the server only roughly how
/// long its note is; format 1, written before, holds the JSON alone and still opens. The server
/// looks at the size, the version and the key id only; devices seal and open the rest. On the wire
/// it is standard base64 in the member `sealed`.
public struct SealedContent: Hashable, Sendable {
    /// The version this moodtui writes.
    public static let formatVersion: UInt8 = 2
    /// The versions this moodtui reads.
    public static let readableVersions: ClosedRange<UInt8> = 1...2
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
        guard Self.readableVersions.contains(bytes[0]) else { throw .unknownVersion(bytes[0]) }
        self.bytes = bytes
    }

    /// The key the content is sealed with.
    public var keyID: AccountKeyID {
        AccountKeyID(bytes: bytes[1..<Self.headerSize])!  // the size was checked
    }

    /// The format's version.
    public var version: UInt8 { bytes[0] }

    /// Nonce, ciphertext and tag: what a device opens.
    public var box: ArraySlice<UInt8> { bytes[Self.headerSize...] }

    /// The smallest padded size (a power of two), so that short notes all look alike.
    public static let smallestPaddedSize = 256

    /// The size a format-2 plain text of `count` bytes (length and JSON) is padded to: the next
    /// power of two from ``smallestPaddedSize``, and at most what fits in ``maximumSize``; `nil`
    /// when it does not fit at all.
    public static func paddedSize(ofPlainText count: Int) -> Int? {
        let largest = maximumSize - minimumSize
        guard count <= largest else { return nil }
        var size = smallestPaddedSize
        while size < count { size *= 2 }
        return min(size, largest)
    }
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
            "a sealed mood of format \(version) is not one this moodtui knows "
                + "(it knows \(SealedContent.readableVersions.map(String.init).joined(separator: " and "))); update it"
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
