import SyncProtocol

/// What ``MoodServerStorage/storeSetup(_:in:from:)`` did.
public enum SetupStoreOutcome: Hashable, Sendable {
    /// The setup is the account's, at `version`; `latestSequence` is where the account's log
    /// stands, for the push that tells its other devices.
    case stored(version: Int64, latestSequence: Int64)
    /// Another device stored a setup after the version the upload is based on.
    case versionMoved
}

extension AccountKeyRule {
    /// Refuses a setup that an account with the key `current` must not keep, as
    /// ``check(_:current:)`` refuses uploads.
    /// - Throws: ``KeyMismatch``.
    public static func check(_ setup: SetupPayload, current: AccountKeyID?) throws(KeyMismatch) {
        guard setup.keyID != current else { return }
        throw KeyMismatch(
            message: current == nil
                ? "this account's scales are not sealed with a key: log this device in again with `moodtui login`"
                : setup.keyID == nil ? KeyMismatchAdvice.keyNeeded : KeyMismatchAdvice.keyChanged)
    }
}
