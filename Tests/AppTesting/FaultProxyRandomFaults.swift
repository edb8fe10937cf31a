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
        private var generator: SeededGenerator

        public init(_ faults: [Fault], rate: Double, seed: UInt64, on match: Match = .any) {
            precondition(!faults.isEmpty && (0...1).contains(rate), "RandomFaults needs faults and a rate in 0...1")
            self.faults = faults
            self.rate = rate
            self.seed = seed
            self.match = match
            generator = SeededGenerator(seed: seed)
        }

        /// The next choice: a fault, or nil for a request that passes untouched. The generator's
        /// numbers are turned into choices by hand, not by the standard library's
        /// `random(using:)`, whose algorithm may change between toolchains.
        public mutating func next() -> Fault? {
            guard Double(generator.next() >> 11) * 0x1p-53 < rate else { return nil }
            return faults[Int(generator.next() % UInt64(faults.count))]
        }
    }
}
