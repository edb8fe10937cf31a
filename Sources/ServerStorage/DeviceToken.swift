import Foundation
import SyncProtocol

/// The secret a device sends as `Authorization: Bearer TOKEN`: `mt_` and 32 random bytes in
/// base64url without padding (46 characters in all). The server keeps only its SHA-256.
///
/// The prefix makes a leaked token recognisable, and keeps a token from starting with `-`, which
/// a command line would take for an option.
public enum DeviceToken {
    /// What every token starts with.
    public static let prefix = "mt_"

    /// A new token from the system's cryptographically secure generator.
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return prefix + Data(bytes).base64URLEncodedString()
    }

    /// What the storage keeps and looks tokens up by.
    public static func hash(_ token: String) -> Data {
        DeviceTokenID.hash(ofToken: token)
    }
}
