/// Names one device token of an account, so that a device can revoke another (a lost laptop)
/// without ever holding its token: the first 8 bytes of the token's SHA-256, which the server
/// keeps anyway. It tells nothing about the token itself. On the wire it is 16 lower-case hex
/// digits; people may type any unique prefix of 4 or more.
public struct DeviceTokenID: HexIdentifier {
    public static let byteCount = 8
    public static let kindName = "a device id"

    public let bytes: [UInt8]

    public init(checkedBytes: [UInt8]) { bytes = checkedBytes }

    /// The id of the token whose SHA-256 is `tokenHash`.
    public init(tokenHash: some Collection<UInt8>) {
        precondition(tokenHash.count >= Self.byteCount, "a token hash is a SHA-256")
        bytes = Array(tokenHash.prefix(Self.byteCount))
    }
}
