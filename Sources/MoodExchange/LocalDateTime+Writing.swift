import Foundation

/// A moment as the wall clock of the zone shows it, the way exports write it.
extension LocalDateTime {
    /// A moment's wall clock fields, read once and written in each shape a format needs.
    struct Parts {
        let year, month, day, hour, minute, second: Int
        /// 0 for Monday to 6 for Sunday.
        let weekday: Int

        /// `2026-11-22`.
        var dayText: String { "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))" }
        /// `09:30`.
        var timeText: String { "\(padded(hour, 2)):\(padded(minute, 2))" }
        /// `09:30:05`.
        var secondsText: String { "\(timeText):\(padded(second, 2))" }
        /// `Sunday`.
        var weekdayName: String { LocalDateTime.weekdays[weekday] }
        /// `November`.
        var monthName: String { LocalDateTime.monthNames[month - 1] }
    }

    func parts(_ date: Date) -> Parts {
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        // Calendar's weekday is 1 for Sunday; Monday first here.
        return Parts(
            year: c.year!, month: c.month!, day: c.day!, hour: c.hour!, minute: c.minute!, second: c.second!,
            weekday: (c.weekday! + 5) % 7)
    }

    /// `2026-11-22T09:30:00+01:00`.
    func isoString(_ date: Date) -> String {
        let p = parts(date)
        let offset = calendar.timeZone.secondsFromGMT(for: date) / 60
        let sign = offset < 0 ? "-" : "+"
        return "\(p.dayText)T\(p.secondsText)\(sign)\(padded(abs(offset) / 60, 2)):\(padded(abs(offset) % 60, 2))"
    }

    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
}
