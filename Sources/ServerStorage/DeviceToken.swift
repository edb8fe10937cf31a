import Crypto
import Foundation

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
        Data(SHA256.hash(data: Data(token.utf8)))
    }
}

extension Data {
    /// Base64url (RFC 4648 §5) without padding: safe in headers and URLs.
    func base64URLEncodedString() -> String {
        base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Decodes base64url with or without padding.
    init?(base64URLEncoded text: String) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        self.init(base64Encoded: base64)
    }
}
