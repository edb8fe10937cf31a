import Foundation

/// Waits out the last minute of the local day, if the test started in it: what a test checks
/// about "today" holds only when it runs within one day.
public func waitForAMinuteOfTheSameDay() async {
    let spareTime: @Sendable () -> TimeInterval = {
        let now = Date()
        return Calendar.current.startOfDay(for: now.addingTimeInterval(86_400)).timeIntervalSince(now)
    }
    _ = await waitUntil(upTo: .seconds(90)) { spareTime() > 60 }
}
