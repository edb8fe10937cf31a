import Foundation
import MoodKit
import SyncProtocol

/// What each kind of the engine's work does when it runs.
extension SyncCoordinator {
    /// Runs one kind of work once, in its lane, and looks at the journal after it.
    func perform(_ work: Work) async {
        var progressed = false, failedNow = false
        var keyInUse: AccountKeyID??  // set once the processors are checked
        do {
            let processors = try await checkedProcessors()
            keyInUse = processors.keyID
            // Uploads and removals write moods; the rest read the server into the journal.
            await enter(work == .upload || work == .remove ? .localWrites : .download)
            defer { leaveLane() }
            switch work {
            case .upload:
                guard let uploader = processors.uploader else { break }
                progressed = try await uploader.uploadPending() > 0
                if progressed { answered() }
            case .remove:
                guard let remover = processors.remover else { break }
                let outcome = try await remover.removePending()
                if outcome.talkedToServer { answered() }
                progressed = outcome.purgedUnsent + outcome.deletedOnServer > 0 || outcome.talkedToServer
            case .download:
                let applied = try await processors.downloader.fetchChanges()
                if applied != nil { answered() }
                let headMoved = await processors.downloader.takeHeadMoved()
                if (applied ?? 0) > 0 || headMoved { headCheckDue = true }
                progressed = true
            case .checkHead:
                headCheckDue = false
                // Up to the latest change first: the head is held against where the log stands.
                _ = try await processors.downloader.fetchChanges()
                if try await processors.headKeeper?.check() == .readEverythingAgain {
                    _ = try await processors.downloader.fetchChanges()
                    headCheckDue = true  // once what the download left waiting went up
                }
            case .shares:
                guard let publisher = processors.sharePublisher else { break }
                let listing = shareListDue
                if listing {
                    shareListDue = false
                    do { try await publisher.refreshList() } catch {
                        shareListDue = true
                        throw error
                    }
                }
                if try await publisher.publish(following: listing) > 0 { answered() }
                progressed = true
            case .setup:
                guard let setupSync = processors.setupSync else { break }
                if try await setupSync.sync() { answered() }
                progressed = true
            }
            if progressed && work != .download && work != .shares && work != .setup { headCheckDue = true }
        } catch {
            if Task.isCancelled {  // quitting cancels requests: not a failure
            } else if let keyBefore = keyInUse, Self.isKeyChange(error) {
                // Rotated on another device: the work runs again on the key handed over, if any.
                if await movedToHandedOverKey(from: keyBefore, after: error) { _ = works.start(work) } else { failedNow = true }
            } else {
                failed(error)
                failedNow = true
            }
        }
        let askedAgain = works.finish(work, failed: failedNow)
        await followUp(after: work, askedAgain: askedAgain, progressed: progressed)
        await publishStatus()
    }

    /// Whether `error` says the account's moods are sealed with another key than this device's.
    private static func isKeyChange(_ error: any Error) -> Bool {
        switch error {
        case SyncStopped.keyChanged, RemoteError.keyChanged: true
        default: false
        }
    }
}
