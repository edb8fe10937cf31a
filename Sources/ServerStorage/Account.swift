import Foundation
import SyncProtocol

/// An account on the server: every mood belongs to exactly one, and a token opens exactly one.
/// A person's account is written by its devices; a share is an account of its own that the
/// owner's devices fill and one recipient's token reads (``AccountKind``).
public struct Account: Hashable, Sendable {
    /// The storage's key for the account; never shown to clients.
    public var id: Int64
    /// The name given with `moodtui account add NAME`.
    public var name: String
    /// What clients see of the account (`GET /v1/account`, inside change tokens): random, so
    /// that it tells nothing about other accounts, such as how many there are.
    public var publicID: String
    /// The key the account's moods are sealed with; `nil` while they are plain.
    public var keyID: AccountKeyID?
    /// The public half of that key's signing key, which proofs of the key's authority are
    /// checked with (``AccountAuthority``); `nil` while the account has no key, or until a
    /// device registers it for a key made before signing keys existed.
    public var signingKey: AccountSigningKey?
    /// A person's, or a share of one.
    public var kind: AccountKind

    public init(
        id: Int64, name: String, publicID: String, keyID: AccountKeyID? = nil, signingKey: AccountSigningKey? = nil,
        kind: AccountKind = .person
    ) {
        self.kind = kind
        self.id = id
        self.name = name
        self.publicID = publicID
        self.keyID = keyID
        self.signingKey = signingKey
    }

    /// A new ``publicID``: 16 random bytes in base64url.
    public static func makePublicID() -> String {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }).base64URLEncodedString()
    }

    /// Whether `name` is acceptable: 1–64 letters, digits, `.`, `_`, `-` or `@`.
    public static func isValidName(_ name: String) -> Bool {
        (1...64).contains(name.count)
            && name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-@".unicodeScalars.contains($0)) }
    }
}

/// Whose an account is, which decides what its tokens may do.
public enum AccountKind: Hashable, Sendable {
    /// A person's: its device tokens read and write.
    case person
    /// A share the account `owner` (its ``Account/id``) made: the owner's devices write it
    /// through the share routes, and its one token reads it and nothing else.
    case share(owner: Int64)
}

/// One line of `moodtui account list`.
public struct AccountSummary: Hashable, Sendable {
    public var name: String
    /// Device tokens that still open the account.
    public var devices: Int
    /// Moods held, tombstones not counted.
    public var moods: Int

    public init(name: String, devices: Int, moods: Int) {
        self.name = name
        self.devices = devices
        self.moods = moods
    }
}
