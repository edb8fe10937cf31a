import Foundation

/// What a device signs with its account's signing key (``AccountSigningKey``) to act with the
/// key's authority. Each names the account it is about (its ``AccountResponse/id``), so that a
/// signature cannot be moved to another account, and its kind, so that it cannot be read as
/// another statement.
public enum SignedStatement: Hashable, Sendable {
    /// The mood `mood` of `account` is deleted, signed with the key `key`: devices purge it only
    /// with this proof, and the server takes the deletion only with it.
    case deletion(account: String, mood: UUID, key: AccountKeyID)
    /// The account's moods are sealed with `key` from now on, whose public signing half is
    /// `signingKey`: signed with the key it `replaces`. With `replaces` equal to `key`, it
    /// registers the signing key of an account sealed before signing keys existed.
    case keyChange(account: String, key: AccountKeyID, signingKey: AccountSigningKey, replaces: AccountKeyID?)
    /// The device `device` of the account may sync no more.
    case revocation(account: String, device: DeviceTokenID)
    /// The device `device` of the account holds the key pair whose public half is `publicKey`,
    /// signed with the account key `key`: a rotation wraps the new key only for such keys.
    case deviceKey(account: String, device: DeviceTokenID, publicKey: DevicePublicKey, key: AccountKeyID)
    /// The share `share` of the account ends: a token alone cannot cut a recipient off.
    case shareRevocation(account: String, share: ShareID)
    /// The account's setup becomes the sealed bytes whose SHA-256 is `payload` (hex), if the
    /// server's is still at `baseVersion`: a token alone cannot write over the account's scales.
    case setup(account: String, baseVersion: Int64, payload: String, key: AccountKeyID)
    /// At the account's change number `sequence`, `count` moods were live, whose digest is
    /// `digest` (``AccountHead``).
    case head(account: String, counter: Int64, sequence: Int64, count: Int, digest: LiveSetDigest, key: AccountKeyID)

    /// The bytes signed: one line a member, the kind first.
    public var bytes: Data {
        let lines: [String] =
            switch self {
            case .deletion(let account, let mood, let key): ["deletion", account, mood.uuidString, key.description]
            case .keyChange(let account, let key, let signingKey, let replaces):
                ["key change", account, key.description, signingKey.description, replaces?.description ?? "none"]
            case .revocation(let account, let device): ["revocation", account, device.description]
            case .deviceKey(let account, let device, let publicKey, let key):
                ["device key", account, device.description, publicKey.description, key.description]
            case .shareRevocation(let account, let share): ["share revocation", account, share.description]
            case .setup(let account, let baseVersion, let payload, let key):
                ["setup", account, String(baseVersion), payload, key.description]
            case .head(let account, let counter, let sequence, let count, let digest, let key):
                ["head", account, String(counter), String(sequence), String(count), digest.description, key.description]
            }
        return Data((["moodtui signed statement 1"] + lines).joined(separator: "\n").utf8)
    }
}
