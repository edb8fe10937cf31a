import Foundation

/// The time of day a reminder comes, to the minute, as `remind --at` takes it.
struct ReminderTime: Equatable, CustomStringConvertible {
    let hour: Int
    let minute: Int

    /// `21:00`, `9:30` or `21` (on the hour); anything else is refused in words.
    init(parsing text: String) throws(CommandFailure) {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy { ("0"..."9").contains($0) } }),
            let hour = Int(parts[0]), let minute = parts.count == 2 ? Int(parts[1]) : 0, (0...23).contains(hour), (0...59).contains(minute)
        else { throw CommandFailure("'\(text)' is not a time of day: give hours and minutes, such as 21:00 or 9:30") }
        self.init(hour: hour, minute: minute)
    }

    init(hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }

    /// `21:00`, `09:30`.
    var description: String { "\(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute)" }
}
