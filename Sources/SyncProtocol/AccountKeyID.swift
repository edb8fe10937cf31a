/// Which key an account's moods are sealed with, without telling anything about the key: 8
/// bytes a device derives from the key, which the server keeps and compares.
///
/// With it the server refuses a device that still seals with a key the account has left, and a
/// device refuses a recovery phrase that is not the account's, before anything is written or
/// downloaded. On the wire it is 16 lower-case hex digits.
public struct AccountKeyID: HexIdentifier {
    public static let byteCount = 8
    public static let kindName = "a key id"

    public let bytes: [UInt8]

    public init(checkedBytes: [UInt8]) { bytes = checkedBytes }
}
