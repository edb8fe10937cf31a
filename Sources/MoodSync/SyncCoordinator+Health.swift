import Foundation
import MoodKit

/// How the engine's health follows the server's answers: an answer makes it healthy, a failure
/// backs it off, slows it down or stops it, and one timer wakes it for what waits.
extension SyncCoordinator {
    /// Records that the server answered: the engine is healthy again, and a retry timer is no
    /// longer needed (what waits goes at once, through ``followUp(after:askedAgain:progressed:)``).
    func answered() {
        if case .slowedDown(let until) = health, until > clock.now() { return }  // the timer stands
        if health.retryAt != nil {
            cancelTimer()
            // Whatever failed (a download as much as an upload) goes now, not at the next push.
            let waiting = works.takeAwaitingRetry()
            if !waiting.isEmpty { wakes?.yield(.followUp(waiting)) }
        }
        health = .reachable
        backoff.reset()
    }

    /// Records a failure and what it means for the engine.
    func failed(_ error: any Error) {
        switch error {
        case RemoteError.unreachable, RemoteError.unavailable:
            // One retry timer for the whole engine: a second failure does not put it off.
            if case .unreachable(let retryAt, _) = health, retryAt > clock.now() { return }
            let delay = backoff.nextDelay()
            logger.notice("sync failed; retrying", metadata: ["error": "\(error)", "in": "\(delay)"])
            let retryAt = clock.now().addingTimeInterval(delay.timeInterval)
            health = .unreachable(retryAt: retryAt, reason: "\(error)")
            schedule(at: retryAt)
        case RemoteError.rateLimited(let wait):
            // The lanes' requests refused together wait once, and do not lengthen the backoff.
            let now = clock.now()
            if case .slowedDown(let current) = health, current >= now.addingTimeInterval(wait.timeInterval) { return }
            let until = now.addingTimeInterval(max(wait, backoff.nextDelay()).timeInterval)
            logger.notice("the server asks this device to slow down", metadata: ["in": "\(until.timeIntervalSince(now))"])
            health = .slowedDown(retryAt: until)
            schedule(at: until)
        case RemoteError.unauthorized:
            stop("\(error); log in again with `moodtui login`, then restart moodtui")
        case RemoteError.protocolMismatch:
            stop("\(error); then restart moodtui")
        case RemoteError.incompatible, RemoteError.untrustedServer, RemoteError.keyChanged, RemoteError.proofRequired, is SyncStopped:
            stop("\(error)")
        default:  // a refused request, or the journal could not be read or written
            logger.error("sync request failed", metadata: ["error": "\(error)"])
            let delay = backoff.nextDelay()
            let retryAt = clock.now().addingTimeInterval(delay.timeInterval)
            health = .failing(retryAt: retryAt, reason: "\(error)")
            schedule(at: retryAt)
        }
    }

    func stop(_ reason: String) {
        health = .stopped(reason)
        cancelTimer()
        logger.error("sync stopped", metadata: ["reason": "\(reason)"])
    }

    /// Sets the engine's one timer to `date`, unless it is already due sooner.
    func schedule(at date: Date) {
        guard timer.map({ date < $0.date }) ?? true else { return }
        timer?.task.cancel()
        let (wakes, clock) = (wakes, clock)
        timer = (date, Task {
            try? await clock.sleep(until: date)
            if !Task.isCancelled { wakes?.yield(.timer) }
        })
    }

    func cancelTimer() {
        timer?.task.cancel()
        timer = nil
    }
}
