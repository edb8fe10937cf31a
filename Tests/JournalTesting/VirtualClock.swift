import Foundation
import MoodKit
import Synchronization

/// A wall clock that moves only when the test moves it: a wait on it ends when ``advance(by:)``
/// takes the clock past its moment, so a test of a two-second wait takes no time, and nothing
/// happens early or late because the machine was busy.
public final class VirtualClock: Sendable {
    private struct Sleeper {
        let until: Date
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Date
        var sleepers: [UUID: Sleeper] = [:]
    }

    private let state: Mutex<State>

    /// A clock reading `now` (by default the machine's time, so that a server's clock agrees with
    /// it), which stands still until advanced.
    public init(now: Date = Date()) { state = Mutex(State(now: now)) }

    /// The clock to give a journal or a sync engine.
    public var wallClock: WallClock {
        WallClock({ [self] in now }, wait: { [self] in try await sleep(until: $0) })
    }

    /// The time the clock reads.
    public var now: Date { state.withLock { $0.now } }

    /// The earliest moment a wait is for, if any.
    public var nextWake: Date? { state.withLock { $0.sleepers.values.map(\.until).min() } }

    /// Moves the clock on by `seconds` and ends every wait whose moment has come.
    public func advance(by seconds: TimeInterval) {
        let due = state.withLock { state in
            state.now = state.now.addingTimeInterval(seconds)
            let now = state.now
            let ids = state.sleepers.filter { $0.value.until <= now }.map(\.key)
            return ids.compactMap { state.sleepers.removeValue(forKey: $0)?.continuation }
        }
        for continuation in due { continuation.resume() }
    }

    /// Moves the clock to the earliest moment a wait is for, ending that wait (and any other due
    /// then); returns whether there was one. A test polls with it to let the engine's timers run
    /// without waiting for them.
    @discardableResult
    public func advanceToNextWake() -> Bool {
        guard let next = nextWake else { return false }
        advance(by: max(0, next.timeIntervalSince(now)))
        return true
    }

    private func sleep(until date: Date) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if state.now >= date { return .success(()) }
                    state.sleepers[id] = Sleeper(until: date, continuation: continuation)
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            state.withLock { $0.sleepers.removeValue(forKey: id) }?.continuation.resume(throwing: CancellationError())
        }
    }
}
