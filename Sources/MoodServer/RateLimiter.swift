import Foundation
import Synchronization

/// Token buckets, one per device token and one per IP address: a request takes one token from
/// its bucket, which refills at the limit's rate and holds two seconds' worth.
///
/// Buckets that have refilled are forgotten as the table grows, so that clients passing by do
/// not grow it for good.
final class RateLimiter: Sendable {
    /// Whose requests a bucket counts.
    enum Key: Hashable, Sendable {
        case token(Data)
        case address(String)
    }

    private struct Bucket {
        var tokens: Double
        var updated: Duration
    }

    private struct State {
        var buckets: [Key: Bucket] = [:]
        /// The table's size at which buckets that have refilled are forgotten.
        var sweepAt = RateLimiter.smallestSweep
    }

    let limits: RateLimits
    private let now: @Sendable () -> Duration
    private let state = Mutex(State())

    /// - Parameter now: a monotonic time; tests move it by hand.
    init(limits: RateLimits, now: @escaping @Sendable () -> Duration) {
        self.limits = limits
        self.now = now
    }

    /// Takes one request from `key`'s bucket; returns `nil` when it may go, else how long until
    /// it could.
    func admit(_ key: Key) -> Duration? {
        let rate = rate(of: key)
        let capacity = rate * 2
        let now = now()
        return state.withLock { state in
            var bucket = state.buckets[key] ?? Bucket(tokens: capacity, updated: now)
            bucket.tokens = min(capacity, bucket.tokens + rate * (now - bucket.updated).timeInterval)
            bucket.updated = now
            defer {
                state.buckets[key] = bucket
                if state.buckets.count >= state.sweepAt { sweep(&state, now: now) }
            }
            guard bucket.tokens < 1 else {
                bucket.tokens -= 1
                return nil
            }
            return .seconds((1 - bucket.tokens) / rate)
        }
    }

    private func sweep(_ state: inout State, now: Duration) {
        state.buckets = state.buckets.filter { key, bucket in
            let rate = rate(of: key)
            return bucket.tokens + rate * (now - bucket.updated).timeInterval < rate * 2
        }
        state.sweepAt = max(Self.smallestSweep, state.buckets.count * 2)
    }

    /// Requests a second `key`'s bucket refills by.
    private func rate(of key: Key) -> Double {
        switch key {
        case .token: Double(limits.perToken)
        case .address: Double(limits.perAddress)
        }
    }

    private static let smallestSweep = 10_000
}
