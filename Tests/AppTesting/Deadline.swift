import Foundation

/// Waiting for something to become true, with a deadline: the honest alternative to sleeping
/// and hoping.
public enum Deadline {
    /// Checks `condition` every few milliseconds until it holds or `timeout` passes; returns
    /// whether it held.
    @discardableResult
    public static func wait(
        upTo timeout: Duration, every interval: Duration = .milliseconds(20), until condition: () throws -> Bool
    ) rethrows -> Bool {
        let clock = ContinuousClock()
        let end = clock.now + timeout
        while true {
            if try condition() { return true }
            if clock.now >= end { return false }
            Thread.sleep(forTimeInterval: Double(interval.components.attoseconds) / 1e18 + Double(interval.components.seconds))
        }
    }
}
