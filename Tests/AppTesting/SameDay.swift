import Foundation

/// Waits out the last minute of the local day, if the test started in it: what a test checks
/// about "today" holds only when it runs within one day.
public func waitForAMinuteOfTheSameDay() async {
    let spareTime: @Sendable () -> TimeInterval = {
        let now = Date()
        // The day's own end: a day is 23 or 25 hours long where clocks change.
        return (Calendar.current.dateInterval(of: .day, for: now)?.end ?? now).timeIntervalSince(now)
    }
    _ = await waitUntil(upTo: .seconds(90)) { spareTime() > 60 }
}
