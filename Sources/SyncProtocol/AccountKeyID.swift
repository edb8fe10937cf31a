/// Which key an account's moods are sealed with, without telling anything about the key: 8
/// bytes a device derives from the key, which the server keeps and compares.
///
/// With it the server refuses a device that still seals with a key the account has left, and a
/// device refuses a recovery phrase that is not the account's, before anything is written or
/// downloaded. On the wire it is 16 lower-case hex digits.
public struct AccountKeyID: Hashable, Sendable, CustomStringConvertible {
    public static let byteCount = 8

    /// The id's bytes, ``byteCount`` of them.
    public let bytes: [UInt8]

    /// The id these bytes are, or `nil` for another count.
    public init?(bytes: some Collection<UInt8>) {
        guard bytes.count == Self.byteCount else { return nil }
        self.bytes = Array(bytes)
    }

    /// The id this hex text spells, or `nil`.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count == Self.byteCount * 2 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = Self.value(of: digits[index]), let low = Self.value(of: digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        self.bytes = bytes
    }

    public var description: String {
        String(decoding: bytes.flatMap { [Self.digits[Int($0 >> 4)], Self.digits[Int($0 & 0x0F)]] }, as: UTF8.self)
    }

    private static let digits = Array("0123456789abcdef".utf8)

    private static func value(of digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}

extension AccountKeyID: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let id = AccountKeyID(hex: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "a key id is \(Self.byteCount * 2) lower-case hex digits, not '\(text.prefix(40))'")
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
