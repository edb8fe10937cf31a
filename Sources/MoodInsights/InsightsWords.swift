/// How insights are written in words, the same on the insights screen and in `moodtui stats`.
public enum InsightsWords {
    public static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// Monday first.
    public static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// `3.4`, or `–` when nothing was counted.
    public static func average(_ average: Average) -> String { average.value.map(oneDecimal) ?? "–" }

    /// `+0.8`, `−0.3`, or `?` when either side has no day.
    public static func effect(_ effect: ActivityEffect) -> String {
        effect.effect.map { ($0 >= 0 ? "+" : "−") + oneDecimal(abs($0)) } ?? "?"
    }

    /// `4.5 (2 days) / 2.5 (1 day)`: days with an activity against days without.
    public static func withAndWithout(_ effect: ActivityEffect) -> String {
        "\(average(effect.withIt)) (\(count(effect.withIt.count, "day"))) / \(average(effect.withoutIt)) (\(count(effect.withoutIt.count, "day")))"
    }

    /// `1 day`, `3 days`.
    public static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// `Mon 23 Nov 2026`, or `Mon 23 Nov` without the year.
    public static func date(_ day: LocalDay, withYear: Bool = true) -> String {
        let date = "\(weekdayNames[day.weekday]) \(day.date.day) \(monthNames[day.date.month - 1])"
        return withYear ? "\(date) \(day.year)" : date
    }

    /// `3.4`: an average, to a tenth.
    public static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
