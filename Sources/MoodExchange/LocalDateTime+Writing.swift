import Foundation
import MoodKit

/// A moment as the wall clock of the zone shows it, the way exports write it.
extension LocalDateTime {
    struct Parts {
        let year, month, day, hour, minute, second, weekday: Int
    }

    func parts(_ date: Date) -> Parts {
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        // Calendar's weekday is 1 for Sunday; Monday first here.
        return Parts(
            year: c.year!, month: c.month!, day: c.day!, hour: c.hour!, minute: c.minute!, second: c.second!,
            weekday: (c.weekday! + 5) % 7)
    }

    /// `2026-11-22`.
    func day(_ date: Date) -> String {
        let p = parts(date)
        return String(format: "%04d-%02d-%02d", p.year, p.month, p.day)
    }

    /// `09:30`.
    func time(_ date: Date) -> String {
        let p = parts(date)
        return String(format: "%02d:%02d", p.hour, p.minute)
    }

    /// `2026-11-22T09:30:00+01:00`.
    func isoString(_ date: Date) -> String {
        let p = parts(date)
        let offset = calendar.timeZone.secondsFromGMT(for: date) / 60
        let sign = offset < 0 ? "-" : "+"
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d%@%02d:%02d", p.year, p.month, p.day, p.hour, p.minute, p.second,
                      sign, abs(offset) / 60, abs(offset) % 60)
    }

    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
}
