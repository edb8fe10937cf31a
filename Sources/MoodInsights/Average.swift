/// An average level and how many values it is the average of.
public struct Average: Hashable, Sendable {
    public private(set) var sum: Double = 0
    /// How many values (moods or days) were counted.
    public private(set) var count = 0

    public init() {}

    /// The average, 1–5; `nil` when nothing was counted.
    public var value: Double? { count == 0 ? nil : sum / Double(count) }

    mutating func add(_ value: Double, times: Int = 1) {
        sum += value * Double(times)
        count += times
    }
}
