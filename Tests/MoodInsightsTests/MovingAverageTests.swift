import MoodInsights
import Testing

/// The trend line: each day's value is the average of the days with moods in the window ending
/// with it.
@Suite struct MovingAverageTests {
    @Test func theWindowSlidesAndLeavesOutDaysWithoutMoods() {
        let first = LocalDay(year: 2026, month: 3, day: 1)
        let period = first...first.advanced(by: 6)
        let averages = [first: 5.0, first.advanced(by: 1): 3.0, first.advanced(by: 4): 1.0]
        let trend = MovingAverage.trailing(averages, over: period, window: 3)
        // Days 0–6: {5}, {5,3}, {5,3}, {3}, {1}, {1}, {1}… then nothing left in the window.
        #expect(trend == [5, 4, 4, 3, 1, 1, 1])
        #expect(MovingAverage.trailing(averages, over: first.advanced(by: 2)...first.advanced(by: 3), window: 1) == [nil, nil])
    }

    @Test func aDayBeforeThePeriodIsNotCounted() {
        let first = LocalDay(year: 2026, month: 3, day: 1)
        let averages = [first.advanced(by: -1): 1.0, first: 5.0]
        #expect(MovingAverage.trailing(averages, over: first...first, window: 7) == [5])
    }
}
