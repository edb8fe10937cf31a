import Foundation
import Logging
import MoodKit
import MoodSealing
import MoodStore
import SyncProtocol

/// Holds the server to the account's signed head (`AccountHead`), once this device has nothing
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

    /// What the journal says of where the server stands.
    private struct Standing: Sendable {
        var sequence: Int64?
        var head: AccountHead?
        var highestCounter: Int64
        var derivesFromHead: Bool
        var repair: HeadRepair?
        var busy: Bool
    }

    /// What a check asks of the engine.
    enum Outcome: Hashable, Sendable {
        case done
        /// The journal was set to download everything again (``HeadRepair``): download, upload
        /// what that leaves waiting, and check again.
        case readEverythingAgain
    }

    /// Compares the server's moods with the account's head, or gives the account a new one.
    /// - Throws: ``SyncStopped/headMismatch(_:)``, a ``RemoteError`` or a store error.
    func check() async throws -> Outcome {
        guard case .sealed(let key, let account) = encryption else { return .done }
        let standing = try await journal.read { snapshot in
            let backlog = try snapshot.syncBacklog()
            return Standing(
                sequence: try snapshot.setting(.serverSequence).flatMap { Int64($0) },
                head: try snapshot.setting(.serverHead).flatMap(AccountHead.init(json:)),
                highestCounter: try snapshot.setting(.headCounter).flatMap { Int64($0) } ?? 0,
                derivesFromHead: try snapshot.setting(.headVerified) == "1",
                repair: try snapshot.setting(.headRepair).flatMap(HeadRepair.init(json:)),
                // A failed mood's server copy is not here to compare: it shows in the header, with
                // why. A change set aside is left out of the comparison on every device alike
                // (``JournalSnapshot/forEachMoodAsServerConfirmed(_:)``), so it stops nothing.
                busy: try backlog.waiting + backlog.failed > 0 || snapshot.unconfirmedMoodCount() > 0)
        }
        guard let sequence = standing.sequence, !standing.busy else { return .done }
        let head = try trustedHead(
            standing.head, key: key, account: account, highestCounter: standing.highestCounter, derivesFromHead: standing.derivesFromHead)
        if let head, head.sequence > sequence { throw SyncStopped.headMismatch(.headAhead(headSequence: head.sequence, sent: sequence)) }
        let comparing = head?.sequence == sequence
        // Vouching for what it holds: only a device whose moods derive from a vouched-for state,
        // or any, in an account that never had a head.
        guard comparing || standing.derivesFromHead || standing.head == nil else { return .done }  // another device will

        let held = try await journal.read { snapshot -> (digest: LiveSetDigest, count: Int)? in
            var digest = LiveSetDigest.Builder()
            var writtenSince = false
            try snapshot.forEachMoodAsServerConfirmed { mood in
                // Written by another engine on this journal after the download this sequence is from.
                writtenSince = writtenSince || (mood.remoteVersion ?? 0) > sequence
                digest.add(mood.id, creatorID: mood.creatorID, stamps: mood.stamps, activities: mood.activities, scales: mood.scales)
            }
            return writtenSince ? nil : (digest.finalize(), digest.count)
        }
        guard let (digest, count) = held else { return .done }
        let counter = max(standing.highestCounter, standing.head?.counter ?? 0)
        if let head, comparing {
            guard head.digest == digest else {
                let mismatch: HeadMismatch =
                    head.count > count ? .heldBack(listed: head.count, sent: count) : .differentMoods(listed: head.count, sent: count)
                switch HeadRepair.next(after: standing.repair, mismatchAt: sequence, derived: standing.derivesFromHead) {
                case .readEverythingAgain(let repair):
                    logger.notice(
                        "the server's moods do not match the account's head: reading everything again",
                        metadata: ["mismatch": "\(mismatch)"])
                    try await journal.write { writer in
                        try writer.setSetting(.headRepair, to: repair.json)
                        try MoodDownloader.readEverythingAgain(with: writer)
                    }
                    return .readEverythingAgain
                case .correct:
                    logger.warning(
                        """
                        the account's head does not list what the server sends this device, even from nothing: another device was \
                        shown other moods; giving the account a head over what this device holds
                        """, metadata: ["mismatch": "\(mismatch)"])
                    try await giveNewHead(
                        after: counter, sequence: sequence, count: count, digest: digest, key: key, account: account,
                        repair: .corrected(sequence: sequence))
                    return .done
                case .stop:
                    throw SyncStopped.headMismatch(mismatch)
                }
            }
            try await remember(head)
            return .done
        }
        try await giveNewHead(after: counter, sequence: sequence, count: count, digest: digest, key: key, account: account)
        return .done
    }

    /// Signs a head over `count` moods whose digest is `digest` at change `sequence`, numbered
    /// after `previous`, and gives it to the account (unless another device was quicker, or
    /// someone wrote since).
    private func giveNewHead(
        after previous: Int64, sequence: Int64, count: Int, digest: LiveSetDigest, key: AccountKey, account: String,
        repair: HeadRepair? = nil
    ) async throws {
        let (counter, overflow) = previous.addingReportingOverflow(1)
        guard !overflow else { throw SyncStopped.headMismatch(.olderHead(counter: .max, seen: previous)) }
        let statement = SignedStatement.head(
            account: account, counter: counter, sequence: sequence, count: count, digest: digest, key: key.id)
        let next = AccountHead(
            counter: counter, sequence: sequence, count: count, digest: digest, keyID: key.id, signature: key.sign(statement))
        // The moods vouch for themselves from here on, whatever comes of the request: a head the
        // server kept while its answer was lost must not leave the account with no device that
        // may give it the next.
        try await journal.write { try $0.setSetting(.headVerified, to: "1") }
        guard try await remote.publishHead(next) else { return }
        try await remember(next, repair: repair)
        logger.debug("gave the account a new head", metadata: ["counter": "\(counter)", "moods": "\(count)"])
    }

    /// The head if this device may hold the server to it: signed with its key, and not older
    /// than one it has seen; `nil` for none yet, and for one under another key that a device
    /// whose moods derive from a vouched-for state is to replace with its own (the head of the
    /// key the account had before a rotation). A device that has seen a head is not shown none,
    /// nor an older one; one that vouched for nothing yet is not shown one it cannot check.
    private func trustedHead(_ head: AccountHead?, key: AccountKey, account: String, highestCounter: Int64, derivesFromHead: Bool) throws
        -> AccountHead?
    {
        guard let head else {
            guard highestCounter == 0 else { throw SyncStopped.headMismatch(.headWithdrawn(seen: highestCounter)) }
            return nil
        }
        guard head.counter >= highestCounter else {
            throw SyncStopped.headMismatch(.olderHead(counter: head.counter, seen: highestCounter))
        }
        guard head.keyID == key.id else {
            guard derivesFromHead else { throw SyncStopped.headMismatch(.headUnderAnotherKey(head.keyID)) }
            return nil
        }
        guard key.signingKey.signed(head.statement(account: account), with: head.signature) else { throw SyncStopped.headMismatch(.forgedHead) }
        return head
    }

    /// The journal's moods are vouched for by `head` from now on; `repair` is what is left of a
    /// repair (none once the moods matched a head).
    private func remember(_ head: AccountHead, repair: HeadRepair? = nil) async throws {
        try await journal.write { writer in
            let seen = try writer.snapshot.setting(.headCounter).flatMap { Int64($0) } ?? 0
            try writer.setSetting(.headCounter, to: String(max(seen, head.counter)))
            try writer.setSetting(.headVerified, to: "1")
            try writer.setSetting(.serverHead, to: head.json)
            try writer.setSetting(.checkedHead, to: head.json)
            try writer.setSetting(.headRepair, to: repair?.json)
        }
    }
}
