/// Timings of one case, in nanoseconds, with the order statistics the report shows.
struct Samples {
    var nanoseconds: [UInt64]

    var median: UInt64 { percentile(50) }
    var p95: UInt64 { percentile(95) }
    var p99: UInt64 { percentile(99) }

    /// The value below which `percent` % of the samples fall (nearest rank).
    func percentile(_ percent: Double) -> UInt64 {
        let sorted = nanoseconds.sorted()
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((percent / 100 * Double(sorted.count)).rounded(.up)) - 1
        return sorted[max(0, min(sorted.count - 1, rank))]
    }

    /// Runs `prepare` (untimed) then `body` (timed) `iterations` times after `warmUp` rounds.
    static func measure(
        iterations: Int, warmUp: Int = 2, prepare: () throws -> Void = {}, _ body: () throws -> Void
    ) rethrows -> Samples {
        var samples: [UInt64] = []
        samples.reserveCapacity(iterations)
        for round in 0..<(warmUp + iterations) {
            try prepare()
            let start = ContinuousClock.now
            try body()
            let elapsed = ContinuousClock.now - start
            if round >= warmUp { samples.append(elapsed.nanoseconds) }
        }
        return Samples(nanoseconds: samples)
    }
}

extension Duration {
    /// The duration in whole nanoseconds.
    var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds)) / 1_000_000_000
    }
}
