/// A field's value and the clock reading of the change that set it.
public struct Stamped<Value: Comparable & Hashable & Sendable>: Hashable, Sendable {
    public var value: Value
    public var stamp: HybridTimestamp

    public init(_ value: Value, at stamp: HybridTimestamp) {
        self.value = value
        self.stamp = stamp
    }

    /// The later of the two changes: the higher stamp wins.
    ///
    /// Commutative, associative and idempotent, so that every device ends with the same value
    /// whatever order changes reach it in. Equal stamps name one change; should two ever carry
    /// different values, the larger value wins, so that devices still agree.
    public func merged(with other: Stamped) -> Stamped {
        if other.stamp != stamp { return other.stamp > stamp ? other : self }
        return other.value > value ? other : self
    }
}
