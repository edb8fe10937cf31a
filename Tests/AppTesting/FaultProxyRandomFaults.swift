extension FaultProxy {
    /// Faults chosen at random per request, for storms: a request that `match` accepts gets a fault
    /// with probability `rate`, picked evenly from `faults`.
    ///
    /// The choices come from a seeded generator, so the same seed gives the same sequence of
    /// choices (the n-th matching request gets the n-th choice): a failing storm can be replayed
    /// from its seed. Which request is n-th depends on the test's own ordering.
    public struct RandomFaults: Sendable {
        public let faults: [Fault]
        public let rate: Double
        public let seed: UInt64
        public let match: Match
        private var generator: SplitMix64

        public init(_ faults: [Fault], rate: Double, seed: UInt64, on match: Match = .any) {
            precondition(!faults.isEmpty && (0...1).contains(rate), "RandomFaults needs faults and a rate in 0...1")
            self.faults = faults
            self.rate = rate
            self.seed = seed
            self.match = match
            generator = SplitMix64(seed: seed)
        }

        /// The next choice: a fault, or nil for a request that passes untouched.
        public mutating func next() -> Fault? {
            guard Double(generator.next() >> 11) * 0x1p-53 < rate else { return nil }
            return faults[Int(generator.next() % UInt64(faults.count))]
        }
    }
}

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny generator whose whole state is its seed. Its
/// numbers are turned into choices by hand, not by the standard library's `random(using:)`,
/// whose algorithm may change between toolchains.
struct SplitMix64: Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
