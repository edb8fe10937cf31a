import Foundation

/// Where a device reads the time of day for the stamps of its changes: the system clock, or in
/// tests a clock set by hand (an hour ahead, an hour behind, stepping back), so that skewed
/// devices are tried without waiting or changing the machine's time.
public struct WallClock: Sendable {
    private let read: @Sendable () -> Date

    /// A clock that reads `read` every time.
    public init(_ read: @escaping @Sendable () -> Date) { self.read = read }

    /// The machine's clock.
    public static let system = WallClock { Date() }

    /// The time now, by this clock.
    public func now() -> Date { read() }
}
