import Foundation
import SyncProtocol

/// A requested change of an account's key (`PUT /v1/account/key`), its change token read.
public struct KeyChange: Hashable, Sendable {
    public var keyID: AccountKeyID
    /// The public half of the new key's signing key.
    public var signingKey: AccountSigningKey
    /// The key the device believes the account has; `nil`: none.
    public var replaces: AccountKeyID?
    /// The sequence the device has fetched up to (0 when it sent no token).
    public var unchangedSince: Int64
    /// The new key wrapped for each device the person keeps: the storage keeps each with its
    /// device and forgets every earlier one.
    public var handOvers: [DeviceTokenID: KeyHandOver]
    /// Every live share's record sealed under the new key; `nil` for a change that does not
    /// rotate a key (an account's first key, a registration).
    public var shareRecords: [ShareID: SealedContent]?

    public init(
        keyID: AccountKeyID, signingKey: AccountSigningKey, replaces: AccountKeyID?, unchangedSince: Int64,
        handOvers: [DeviceTokenID: KeyHandOver] = [:], shareRecords: [ShareID: SealedContent]? = nil
    ) {
        self.keyID = keyID
        self.signingKey = signingKey
        self.replaces = replaces
        self.unchangedSince = unchangedSince
        self.handOvers = handOvers
        self.shareRecords = shareRecords
    }

    /// Whether the change keeps the account's key and only registers its signing key (an
    /// account sealed before signing keys existed).
    public var registersSigningKey: Bool { replaces == keyID }
}

/// What ``MoodServerStorage/changeKey(_:in:)`` did.
public enum KeyChangeOutcome: Hashable, Sendable {
    /// The account's moods are now sealed with the new key.
    case changed(Account, latestSequence: Int64)
    /// The account's key is not the one the request replaces; it is `current`.
    case keyChanged(current: AccountKeyID?)
    /// The account changed after the device's token: it must fetch and seal those changes first.
    case changesSince
    /// A registration of a signing key other than the one the account's key already has.
    case signingKeyDiffers
    /// The share records do not match the account's live shares: one was made or ended after
    /// the device listed them.
    case sharesDiffer
}

/// The rules of an account's key, which every storage back end applies inside its transactions:
/// whether a key change may happen, and whether uploads match the key.
public enum AccountKeyRule {
    /// Why `change` may not replace the key `current`, whose signing key is `signingKey`, of an
    /// account whose latest sequence is `latestSequence`, or `nil` when it may: only a device
    /// that knew the current key and every change may. A registration of the current key's
    /// signing key needs no token, and is taken once.
    public static func refusal(
        of change: KeyChange, current: AccountKeyID?, signingKey: AccountSigningKey?, latestSequence: Int64
    ) -> KeyChangeOutcome? {
        guard change.replaces == current else { return .keyChanged(current: current) }
        if change.registersSigningKey {
            return signingKey == nil || signingKey == change.signingKey ? nil : .signingKeyDiffers
        }
        guard change.unchangedSince == latestSequence else { return .changesSince }
        return nil
    }

    /// Why `change` may not go ahead when the account's live shares are `liveShares` (read in the
    /// same transaction), or `nil`: a rotation re-seals every live share's record, or none is
    /// left that the devices on the new key cannot open.
    public static func refusal(of change: KeyChange, liveShares: Set<ShareID>) -> KeyChangeOutcome? {
        guard let records = change.shareRecords else { return nil }
        return Set(records.keys) == liveShares ? nil : .sharesDiffer
    }

    /// Refuses uploads that an account with the key `current` must not store: any plain one when
    /// the account has a key, any sealed one with another key, or any sealed one when it has none.
    /// - Throws: ``KeyMismatch``, naming what the device must do.
    public static func check(_ uploads: [MoodUpload], current: AccountKeyID?) throws(KeyMismatch) {
        guard let wrong = uploads.first(where: { $0.payload.keyID != current }) else { return }
        let message =
            switch (current, wrong.payload.keyID) {
            case (nil, _): "this account's moods are not sealed with a key: log this device in again with `moodtui login`"
            case (.some, nil): KeyMismatchAdvice.keyNeeded
            case (.some, .some): KeyMismatchAdvice.keyChanged
            }
        throw KeyMismatch(message: message)
    }
}

extension AccountKeyRule {
    /// Refuses a request whose proofs were checked against the key `checked` (as the request
    /// was authorised) when the account's key is `current` by the time it is written: it was
    /// changed meanwhile, and proofs of the old key carry no authority any more.
    /// - Throws: ``KeyMismatch``.
    public static func checkUnchanged(current: AccountKeyID?, checked: AccountKeyID?) throws(KeyMismatch) {
        guard current == checked else { throw KeyMismatch(message: KeyMismatchAdvice.keyChanged) }
    }
}

/// Uploads that do not match the account's key: answered 409 `key_changed`, nothing written.
public struct KeyMismatch: Error {
    /// What the device must do, in words.
    public var message: String
}
