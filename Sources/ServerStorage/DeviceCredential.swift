import Foundation

/// Who sent an authenticated request: the account its bearer token opens, and that token's hash,
/// which a WebSocket keeps so that it is closed when the token is revoked.
public struct DeviceCredential: Hashable, Sendable {
    /// The account the token opens.
    public var account: Account
    /// ``DeviceToken/hash(_:)`` of the bearer token.
    public var tokenHash: Data

    /// A credential for `account`, opened by the token whose hash is `tokenHash`.
    public init(account: Account, tokenHash: Data) {
        self.account = account
        self.tokenHash = tokenHash
    }
}
