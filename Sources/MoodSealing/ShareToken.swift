import Crypto
import Foundation
import SyncProtocol

/// The secret a share's recipient sends as `Authorization: Bearer TOKEN`, made on the owner's
/// device: `mt_` and 32 random bytes in base64url, as a device token is. The server is told only
/// its SHA-256 when the share is made.
public enum ShareToken {
    /// A new token from the system's secure random source.
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        return "mt_" + Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }).base64URLEncodedString()
    }

    /// What the server keeps and looks the token up by.
    public static func hash(_ token: String) -> ShareTokenHash {
        ShareTokenHash(bytes: Array(SHA256.hash(data: Data(token.utf8))))!
    }
}
