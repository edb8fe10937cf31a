/// An id that is a fixed number of bytes and travels as lower-case hex: ``AccountKeyID`` and
/// ``DeviceTokenID`` share how they are spelled, read and checked.
public protocol HexIdentifier: Hashable, Sendable, Codable, CustomStringConvertible {
    /// How many bytes every id of the kind has.
    static var byteCount: Int { get }
    /// What the id is called in an error ("a key id").
    static var kindName: String { get }
    /// The id's bytes, ``byteCount`` of them.
    var bytes: [UInt8] { get }
    /// Wraps bytes already checked to be ``byteCount`` long.
    init(checkedBytes: [UInt8])
}

extension HexIdentifier {
    /// The id these bytes are, or `nil` for another count.
    public init?(bytes: some Collection<UInt8>) {
        guard bytes.count == Self.byteCount else { return nil }
        self.init(checkedBytes: Array(bytes))
    }

    /// The id this hex text spells (lower case, ``byteCount`` × 2 digits), or `nil`.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count == Self.byteCount * 2 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.byteCount)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = HexDigits.value(of: digits[index]), let low = HexDigits.value(of: digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        self.init(checkedBytes: bytes)
    }

    public var description: String {
        String(decoding: bytes.flatMap { [HexDigits.digits[Int($0 >> 4)], HexDigits.digits[Int($0 & 0x0F)]] }, as: UTF8.self)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let id = Self(hex: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\(Self.kindName) is \(Self.byteCount * 2) lower-case hex digits, not '\(text.prefix(40))'")
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// Lower-case hex digits, both ways.
private enum HexDigits {
    static let digits = Array("0123456789abcdef".utf8)

    static func value(of digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
