import Foundation
import MoodKit
import Synchronization

/// A device's wall clock as a test sets it: the machine's time moved by an offset the test
/// chooses and changes — an hour ahead, an hour behind, a step back — without sleeping or
/// touching the machine's clock.
public final class TestWallClock: Sendable {
    private let seconds: Mutex<TimeInterval>

    public init(offset: TimeInterval = 0) { seconds = Mutex(offset) }

    /// The clock to give a journal.
    public var wallClock: WallClock {
        WallClock { [self] in Date().addingTimeInterval(seconds.withLock { $0 }) }
    }

    /// How many seconds the clock reads from the machine's time.
    public var offset: TimeInterval { seconds.withLock { $0 } }

    /// From now on the clock reads `offset` seconds from the machine's time.
    public func set(offset: TimeInterval) { seconds.withLock { $0 = offset } }

    /// From now on the clock reads `date` (and runs on from there).
    public func set(now date: Date) { set(offset: date.timeIntervalSinceNow) }
}
