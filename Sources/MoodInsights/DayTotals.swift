import MoodKit

/// The moods of one day, counted by level: the day's average, and its share of every figure.
public struct DayTotals: Hashable, Sendable {
    /// How many moods of each level, awful first.
    public private(set) var levelCounts: [Int] = Array(repeating: 0, count: MoodLevel.allCases.count)

    public init() {}

    /// The totals of a day with `levelCounts` moods of each level.
    public init(levelCounts: [MoodLevel: Int]) {
        for (level, count) in levelCounts { add(level, times: count) }
    }

    public var count: Int { levelCounts.reduce(0, +) }
    public var levelSum: Int { levelCounts.enumerated().reduce(0) { $0 + ($1.offset + 1) * $1.element } }
    /// The day's average level, 1–5; `nil` for a day without moods.
    public var average: Double? { count == 0 ? nil : Double(levelSum) / Double(count) }

    /// Counts `times` more moods of `level` (fewer when negative).
    mutating func add(_ level: MoodLevel, times: Int = 1) {
        levelCounts[level.rawValue - 1] += times
    }
}

/// One scale's values on one day: how many, and their sum in tenths (``ScaleValue/inTenths``),
/// exact whatever the order they were counted in.
public struct ScaleTotals: Hashable, Sendable {
    public private(set) var count = 0
    public private(set) var tenthsSum = 0

    public init() {}

    public init(count: Int, tenthsSum: Int) {
        (self.count, self.tenthsSum) = (count, tenthsSum)
    }

    /// The day's average value; `nil` for a day without values.
    public var average: Double? { count == 0 ? nil : Double(tenthsSum) / Double(count) / 10 }

    /// Counts `times` more values of `tenths` (fewer when negative).
    mutating func add(tenths: Int, times: Int = 1) {
        count += times
        tenthsSum += tenths * times
    }
}
