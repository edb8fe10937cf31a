import Foundation
import MoodStore
import SyncProtocol

/// Making the processors once the account is checked, and keeping downloads apart from local writes.
extension SyncCoordinator {
    /// The processors, once the server confirmed that the token opens the journal's account
    /// (adopting the account for a journal that never had one, when the environment gave the
    /// token) and that the account's key is the journal's, or, for a journal that holds a share,
    /// the key the invitation carried.
    func checkedProcessors() async throws -> Processors {
        if let processors {
            do { return try await Self.value(of: processors) } catch {
                // Every call waiting on this check fails with it; the next wake checks again.
                if self.processors == processors { self.processors = nil }
                throw error
            }
        }
        let task = Task { [store, remote, settings, logger, inProgress] in
            let subscription = try await store.read { try ShareSubscription.stored(in: $0) }
            let account: AccountResponse
            do { account = try await remote.accountInfo() } catch {
                // A share's token stops when its owner ends it: nothing to log in again to.
                if case RemoteError.unauthorized = error, let subscription { throw SyncStopped.shareEnded(subscription.from) }
                throw error
            }
            let journalAccount = try await store.read { try $0.setting(.syncAccount) }
            if let journalAccount, journalAccount != account.id {
                throw SyncStopped.anotherAccount(account.name)
            }
            if journalAccount == nil {
                try await store.write(origin: .sync) { try $0.setSetting(.syncAccount, to: account.id) }
            }
            let journal = SyncJournal(store: store, identity: account.id)
            if let subscription {
                guard account.keyID == subscription.key.id else { throw SyncStopped.shareKeyDiffers }
                let reader = ShareReader(journal: journal, remote: remote, subscription: subscription, pageSize: settings.pageSize, logger: logger)
                return Processors(
                    uploader: nil, downloader: reader, remover: nil, headKeeper: nil, sharePublisher: nil, setupSync: nil, keyID: nil)
            }
            // Once each time sync starts, moods the server refused go up again: a refusal it made
            // up, or no longer makes, does not hold them (nor the head check) back for good.
            try await journal.write { try $0.retryRefusedUploads() }
            var encryption = try await store.read { try SyncEncryption(journal: $0) }
            // A rotation on another device may have wrapped the new key for this one.
            if case .sealed(let held, let identity) = encryption, let handOver = account.handOver, account.keyID == handOver.keyID,
                held.id != handOver.keyID,
                let key = try await KeyHandOvers.take(handOver, holding: held, account: identity, store: store, remote: remote, logger: logger)
            {
                encryption = .sealed(key, account: identity)
            }
            if let stopped = SyncStopped.keys(server: account.keyID, device: encryption.keyID) { throw stopped }
            try await SigningKeyRegistration.ensure(for: encryption, account: account, remote: remote, logger: logger)
            var sharePublisher: SharePublisher?
            if case .sealed(let key, let identity) = encryption {
                await KeyHandOvers.lookAtDevices(key: key, account: identity, store: store, remote: remote, logger: logger)
                sharePublisher = SharePublisher(
                    journal: journal, remote: remote, key: key, account: identity, pageSize: settings.pageSize, logger: logger)
            }
            return Processors(
                uploader: MoodUploader(journal: journal, remote: remote, encryption: encryption, inProgress: inProgress, logger: logger),
                downloader: MoodDownloader(
                    journal: journal, remote: remote, encryption: encryption, pageSize: settings.pageSize, logger: logger),
                remover: MoodRemover(journal: journal, remote: remote, encryption: encryption, inProgress: inProgress, logger: logger),
                headKeeper: AccountHeadKeeper(journal: journal, remote: remote, encryption: encryption, logger: logger),
                sharePublisher: sharePublisher, setupSync: SetupSync(journal: journal, remote: remote, encryption: encryption, logger: logger),
                keyID: encryption.keyID)
        }
        processors = task
        return try await Self.value(of: task)
    }

    /// The check's outcome; cancelling the waiting task cancels the check (and its request), as
    /// when the engine quits while the server does not answer.
    private static func value(of check: Task<Processors, any Error>) async throws -> Processors {
        try await withTaskCancellationHandler { try await check.value } onCancel: { check.cancel() }
    }

    /// After a processor found the account on another key than `keyBefore`, the one its
    /// processors sealed with: checks the account again, which takes a key a rotation handed over
    /// to this device. Returns whether the engine now seals with another key; else the failure
    /// (`error`, or the check's own) is recorded, and the engine stops as before.
    func movedToHandedOverKey(from keyBefore: AccountKeyID?, after error: any Error) async -> Bool {
        if let current = processors, (try? await Self.value(of: current))?.keyID == keyBefore, processors == current { processors = nil }
        do {
            guard try await checkedProcessors().keyID != keyBefore else {
                failed(error)
                return false
            }
            return true
        } catch {
            failed(error)
            return false
        }
    }

    func enter(_ lane: SyncLanes.Lane) async {
        guard !lanes.enter(lane) else { return }
        await withCheckedContinuation { lanes.wait(for: lane, $0) }
    }

    func leaveLane() {
        for admitted in lanes.leave() { admitted.resume() }
    }
}
