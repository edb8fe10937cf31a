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

/// Polls `condition` until it holds or `timeout` passes, without blocking a thread of the
/// concurrency pool; a condition that throws counts as not holding yet.
public func waitUntil(upTo timeout: Duration = .seconds(60), _ condition: @Sendable () throws -> Bool) async -> Bool {
    let end = ContinuousClock.now + timeout
    while ContinuousClock.now < end {
        if (try? condition()) == true { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return (try? condition()) == true
}

/// ``waitUntil(upTo:_:)`` for a condition that has to await (say, a question to a server).
public func waitUntil(upTo timeout: Duration = .seconds(60), _ condition: @Sendable () async throws -> Bool) async -> Bool {
    let end = ContinuousClock.now + timeout
    while ContinuousClock.now < end {
        if (try? await condition()) == true { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return (try? await condition()) == true
}

/// Polls `value` until it gives something or `timeout` passes; returns what it gave, or `nil`.
public func waitFor<Value: Sendable>(upTo timeout: Duration = .seconds(60), _ value: @Sendable () throws -> Value?) async -> Value? {
    let end = ContinuousClock.now + timeout
    while ContinuousClock.now < end {
        if let found = try? value() { return found }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return (try? value()) ?? nil
}
