import SyncProtocol

/// How the server's moods disagree with the account's signed head (`AccountHead`), in words: a
/// server that is failing, or one that leaves moods out or hands out old copies on purpose.
/// Nothing in the journal was dropped on its word.
public enum HeadMismatch: Hashable, Sendable, CustomStringConvertible {
    /// At the head's own change number, fewer moods than it lists.
    case heldBack(listed: Int, sent: Int)
    /// At the head's own change number, as many moods or more, but not the ones it lists:
    /// older copies, or deleted moods brought back.
    case differentMoods(listed: Int, sent: Int)
    /// A head older than one this device has already seen.
    case olderHead(counter: Int64, seen: Int64)
    /// No head, where this device has seen one.
    case headWithdrawn(seen: Int64)
    /// A head describing changes the server does not send.
    case headAhead(headSequence: Int64, sent: Int64)
    /// A head signed with this device's key whose signature does not check out.
    case forgedHead
    /// A head under another key than the account's, shown to a device that has vouched for
    /// nothing yet and so cannot tell a head from before a rotation from a forged one.
    case headUnderAnotherKey(AccountKeyID)

    private static let nothingLost = "nothing here was changed on its word; tell whoever runs the server"

    public var description: String {
        switch self {
        case .heldBack(let listed, let sent):
            "the server is holding back \(listed - sent) mood\(listed - sent == 1 ? "" : "s") of this account: its signed head lists "
                + "\(listed) and the server sent \(sent); \(Self.nothingLost)"
        case .differentMoods(let listed, let sent):
            "the server sends moods that are not the account's latest (older copies, or deleted ones brought back): "
                + "\(sent) here do not match the \(listed) its signed head lists; \(Self.nothingLost)"
        case .olderHead(let counter, let seen):
            "the server shows an older state of this account (signed head \(counter); this device has seen \(seen)): "
                + "it is rolling the account back; \(Self.nothingLost)"
        case .headWithdrawn(let seen):
            "the server no longer shows this account's signed head (this device has seen head \(seen)): "
                + "it is rolling the account back, or lost its data; \(Self.nothingLost)"
        case .headAhead(let headSequence, let sent):
            "the server withholds changes: the account's signed head is at change \(headSequence), "
                + "but the server sends changes up to \(sent) only; \(Self.nothingLost)"
        case .forgedHead: "the server sent an account head whose signature does not check out; \(Self.nothingLost)"
        case .headUnderAnotherKey(let keyID):
            "the server sent an account head signed with key \(keyID), not the account's, which this device cannot check: "
                + "a device that synced since the key changed gives the account a new one, so sync there first; \(Self.nothingLost)"
        }
    }
}
