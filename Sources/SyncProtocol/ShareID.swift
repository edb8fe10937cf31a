/// Names one share of an account: 16 random bytes the owner's device draws when it makes the
/// share, so that every device of the owner and the server agree on it without the server
/// choosing it. On the wire it is 32 lower-case hex digits.
public struct ShareID: HexIdentifier {
    public static let byteCount = 16
    public static let kindName = "a share id"

    public let bytes: [UInt8]

    public init(checkedBytes: [UInt8]) { bytes = checkedBytes }

    /// A new id from the system's secure random source.
    public static func random() -> ShareID {
        var generator = SystemRandomNumberGenerator()
        return ShareID(checkedBytes: (0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }
}
