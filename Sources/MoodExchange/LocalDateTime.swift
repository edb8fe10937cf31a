import Foundation

/// Dates and times as exports write them on the clock of the person's wall (`2024-03-01`,
/// `8:30 pm`, `20:30`), made into moments in a time zone.
public struct LocalDateTime: Sendable {
    let calendar: Calendar

    /// - Parameter timeZone: the zone the export's clock times are in (the device's by default).
    public init(timeZone: TimeZone = .current) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// `YYYY-MM-DD` as year, month and day; `nil` for anything else or a day that does not exist.
    public static func day(_ text: String) -> (year: Int, month: Int, day: Int)? {
        let parts = text.trimmingSpaces.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), (1...days(inMonth: month, year: year)).contains(day)
        else { return nil }
        return (year, month, day)
    }

    /// A year and a day written in English in either order (`November 16`, `16 Nov`).
    public static func day(year yearText: String, englishDate: String) -> (year: Int, month: Int, day: Int)? {
        let words = englishDate.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        let month = words.lazy.compactMap { word in lowercasedMonthNames.firstIndex { word.count >= 3 && $0.hasPrefix(word) } }.first
        guard let year = Int(yearText.trimmingSpaces), let month, let dayNumber = words.lazy.compactMap({ Int($0) }).first
        else { return nil }
        return day("\(padded(year, 4))-\(padded(month + 1, 2))-\(padded(dayNumber, 2))")
    }

    /// English month names, January first: read in `date` columns, written in exports.
    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]
    private static let lowercasedMonthNames = monthNames.map { $0.lowercased() }

    /// `8:30 pm`, `8:30 PM`, `8:30 p.m.`, `12:05 am`, `20:30`, `08:30:15` as hour, minute and second.
    public static func time(_ text: String) -> (hour: Int, minute: Int, second: Int)? {
        var rest = text.trimmingSpaces.lowercased()
        var half: Int?  // 0 for am, 12 for pm
        for (suffix, offset) in [("am", 0), ("a.m.", 0), ("a.m", 0), ("pm", 12), ("p.m.", 12), ("p.m", 12)] where rest.hasSuffix(suffix) {
            rest = rest.dropLast(suffix.count).trimmingSpaces
            half = offset
            break
        }
        let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isASCII) }),
              var hour = Int(parts[0]), let minute = Int(parts[1]), let second = parts.count == 3 ? Int(parts[2]) : 0,
              (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        if let half {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + half
        }
        guard (0...23).contains(hour) else { return nil }
        return (hour, minute, second)
    }

    /// The moment a wall clock in this zone showed that day and time (the first of two in the
    /// hour clocks go back; the hour after in the hour they skip).
    public func moment(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int = 0) -> Date? {
        calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))
    }

    private static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
