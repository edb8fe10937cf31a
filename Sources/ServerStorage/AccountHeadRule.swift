import SyncProtocol

/// When a new ``AccountHead`` replaces an account's current one, the rule every storage back end
/// applies inside its transaction: heads follow one another, each describing the account's log
/// as it stands, so that a device that was slower, or that had not seen the latest change,
/// cannot put an older state in place of a newer one.
public enum AccountHeadRule {
    /// Whether `head` follows `current` (`nil`: the account has none) in an account whose latest
    /// sequence is `latestSequence`: its counter is the next one, and it describes the log as it
    /// stands.
    public static func follows(_ head: AccountHead, current: AccountHead?, latestSequence: Int64) -> Bool {
        head.counter == (current?.counter ?? 0) + 1 && head.sequence == latestSequence
    }
}
