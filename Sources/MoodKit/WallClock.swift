import Foundation

/// Where a device reads the time of day and waits for a moment to come: the system clock, or in
/// tests a clock set by hand (an hour ahead, an hour behind, stepping back) or one that moves
/// only when the test moves it, so that skewed devices and long waits are tried without waiting
/// or changing the machine's time.
public struct WallClock: Sendable {
    private let read: @Sendable () -> Date
    private let wait: @Sendable (Date) async throws -> Void

    /// A clock that reads `read` every time, and waits until `wait`'s moment comes.
    /// - Parameter wait: returns once the clock reads at least the given date, or throws when the
    ///   task is cancelled. By default it sleeps the difference on the machine's clock, right
    ///   for any clock that runs at the machine's pace.
    public init(_ read: @escaping @Sendable () -> Date, wait: (@Sendable (Date) async throws -> Void)? = nil) {
        self.read = read
        self.wait = wait ?? { date in
            let seconds = date.timeIntervalSince(read())
            if seconds > 0 { try await Task.sleep(for: .milliseconds(Int((seconds * 1_000).rounded(.up)))) }
        }
    }

    /// The machine's clock.
    public static let system = WallClock { Date() }

    /// The time now, by this clock.
    public func now() -> Date { read() }

    /// Returns once this clock reads `date` or later.
    /// - Throws: `CancellationError` when the task is cancelled first.
    public func sleep(until date: Date) async throws { try await wait(date) }

    /// Returns once `duration` has passed on this clock.
    /// - Throws: `CancellationError` when the task is cancelled first.
    public func sleep(for duration: Duration) async throws {
        try await wait(read().addingTimeInterval(duration.timeInterval))
    }
}
