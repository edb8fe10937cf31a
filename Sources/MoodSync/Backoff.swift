import Foundation

/// Exponential backoff with jitter, for retrying transient failures without a hot loop and
/// without every device of an account retrying in step.
///
/// The n-th delay is a random point in the upper half of `min(maximum, initial × 2ⁿ)`.
public struct Backoff: Hashable, Sendable {
    public var initial: Duration
    public var maximum: Duration
    private var attempt = 0

    public init(initial: Duration = .seconds(1), maximum: Duration = .seconds(60)) {
        self.initial = initial
        self.maximum = maximum
    }

    /// The delay before the next attempt; each call doubles the next one, up to `maximum`.
    public mutating func nextDelay<R: RandomNumberGenerator>(using random: inout R) -> Duration {
        let ceiling = min(maximum, initial * (1 << min(attempt, 30)))
        attempt += 1
        return ceiling * Double.random(in: 0.5...1, using: &random)
    }

    public mutating func nextDelay() -> Duration {
        var random = SystemRandomNumberGenerator()
        return nextDelay(using: &random)
    }

    /// After a success: the next failure waits `initial` again.
    public mutating func reset() { attempt = 0 }
}
