import Foundation
import Logging
import MoodKit
import MoodSealing
import MoodStore
import SyncProtocol

/// Holds the server to the account's signed head (``AccountHead``), once this device has nothing
/// left to send and has downloaded up to the latest change: at the head's own change number, the
/// moods the server confirmed here must be the ones the head lists.
///
/// - They are: the state is vouched for.
/// - They are not: sync stops with a ``HeadMismatch`` in words. Nothing is dropped on the
///   server's word anyway (a deletion needs the key's signature).
/// - The head describes an earlier change number (someone wrote since): a device whose moods
///   derive from a vouched-for state gives the account a new head over what it holds; a device
///   that downloaded from nothing and has not seen a head match yet waits for one.
/// - The account has no head yet (a new account, or one from before heads): the server's word is
///   all there is, and this device gives it the first.
///
/// An account without a key has none of this: its server reads its moods anyway.
actor AccountHeadKeeper {
    private let journal: SyncJournal
    private let remote: any MoodRemote
    private let encryption: SyncEncryption
    private let logger: Logger

    init(journal: SyncJournal, remote: any MoodRemote, encryption: SyncEncryption, logger: Logger) {
        self.journal = journal
        self.remote = remote
        self.encryption = encryption
        self.logger = logger
    }

    /// What one ``check()`` found.
    enum Outcome: Hashable, Sendable {
        /// Not a sealed account, or work is left to do: nothing to compare yet.
        case notNow
        /// The server's moods are the head's.
        case vouched
        /// This device gave the account a new head.
        case published(counter: Int64)
        /// The head is behind and this device cannot vouch for what it holds: another will.
        case waiting
    }

    /// What the journal says of where the server stands.
    private struct Standing: Sendable {
        var sequence: Int64?
        var head: AccountHead?
        var highestCounter: Int64
        var derivesFromHead: Bool
        var busy: Bool
        var moods: [Mood]
    }

    /// Compares the server's moods with the account's head, or gives the account a new one.
    /// - Throws: ``SyncStopped/headMismatch(_:)``, a ``RemoteError`` or a store error.
    func check() async throws -> Outcome {
        guard case .sealed(let key, let account) = encryption else { return .notNow }
        let standing = try await journal.read { snapshot in
            let backlog = try snapshot.syncBacklog()
            return Standing(
                sequence: try snapshot.setting(.serverSequence).flatMap { Int64($0) },
                head: try snapshot.setting(.serverHead).flatMap(AccountHead.init(json:)),
                highestCounter: try snapshot.setting(.headCounter).flatMap { Int64($0) } ?? 0,
                derivesFromHead: try snapshot.setting(.headVerified) == "1",
                busy: try backlog != SyncBacklog() || snapshot.unconfirmedMoodCount() > 0,
                moods: try snapshot.moodsAsServerConfirmed())
        }
        guard let sequence = standing.sequence, !standing.busy else { return .notNow }
        let contents = Dictionary(uniqueKeysWithValues: standing.moods.map { ($0.id, MoodContent($0)) })
        let digest = LiveSetDigest(of: contents)

        if let head = try trustedHead(standing.head, key: key, account: account, highestCounter: standing.highestCounter) {
            guard head.sequence <= sequence else { throw SyncStopped.headMismatch(.headAhead(headSequence: head.sequence, sent: sequence)) }
            if head.sequence == sequence {
                guard head.digest == digest else {
                    throw SyncStopped.headMismatch(
                        head.count > contents.count
                            ? .heldBack(listed: head.count, sent: contents.count) : .differentMoods(listed: head.count, sent: contents.count))
                }
                try await remember(head)
                return .vouched
            }
            guard standing.derivesFromHead else { return .waiting }
        } else if standing.head != nil {
            // Signed with a key the account had before: only a device that held good moods then
            // vouches for them under the new key.
            guard standing.derivesFromHead else { return .waiting }
        }
        let counter = (standing.head?.counter ?? 0) + 1
        let statement = SignedStatement.head(
            account: account, counter: counter, sequence: sequence, count: contents.count, digest: digest, key: key.id)
        let head = AccountHead(
            counter: counter, sequence: sequence, count: contents.count, digest: digest, keyID: key.id, signature: key.sign(statement))
        guard try await remote.publishHead(head) else { return .waiting }  // another device was quicker, or wrote since
        try await remember(head)
        logger.debug("gave the account a new head", metadata: ["counter": "\(counter)", "moods": "\(contents.count)"])
        return .published(counter: counter)
    }

    /// The head if this device may hold the server to it: signed with its key, and not older
    /// than one it has seen. `nil` for none, or one signed with a key the account had before.
    private func trustedHead(_ head: AccountHead?, key: AccountKey, account: String, highestCounter: Int64) throws -> AccountHead? {
        guard let head, head.keyID == key.id else { return nil }
        guard key.signingKey.signed(head.statement(account: account), with: head.signature) else { throw SyncStopped.headMismatch(.forgedHead) }
        guard head.counter >= highestCounter else {
            throw SyncStopped.headMismatch(.olderHead(counter: head.counter, seen: highestCounter))
        }
        return head
    }

    /// The journal's moods are vouched for by `head` from now on.
    private func remember(_ head: AccountHead) async throws {
        try await journal.write { writer in
            try writer.setSetting(.headCounter, to: String(head.counter))
            try writer.setSetting(.headVerified, to: "1")
            try writer.setSetting(.serverHead, to: head.json)
        }
    }
}
