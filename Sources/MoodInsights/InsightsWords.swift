/// How insights are written in words, the same on the insights screen and in `moodtui stats`.
public enum InsightsWords {
    public static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// Monday first.
    public static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// `3.4`, or `–` when nothing was counted.
    public static func average(_ average: Average) -> String { average.value.map(oneDecimal) ?? "–" }

    /// `+0.8`, `−0.3`, or `?` when either side has no day.
    public static func effect(_ factor: HelpingFactor) -> String {
        factor.effect.map { ($0 >= 0 ? "+" : "−") + oneDecimal(abs($0)) } ?? "?"
    }

    /// `4.5 (2 days) / 2.5 (1 day)`: the days a factor goes with against the others.
    public static func withAndWithout(_ factor: HelpingFactor) -> String {
        "\(average(factor.with)) (\(count(factor.with.count, "day"))) / \(average(factor.without)) (\(count(factor.without.count, "day")))"
    }

    /// `r +0.42`: a correlation to two decimals, or `r –` without one.
    public static func correlation(_ correlation: Double?) -> String {
        guard let correlation else { return "r –" }
        let hundredths = Int((abs(correlation) * 100).rounded())
        return "r " + (correlation >= 0 ? "+" : "−") + "\(hundredths / 100)." + (hundredths % 100 < 10 ? "0" : "") + "\(hundredths % 100)"
    }

    /// `1 day`, `3 days`.
    public static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// `Mon 23 Nov 2026`, or `Mon 23 Nov` without the year.
    public static func date(_ day: LocalDay, withYear: Bool = true) -> String {
        let date = "\(weekdayNames[day.weekday]) \(day.date.day) \(monthNames[day.date.month - 1])"
        return withYear ? "\(date) \(day.year)" : date
    }

    /// `3.4`, `-0.5`: a value to a tenth, its sign kept.
    public static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return (tenths < 0 ? "-" : "") + "\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }
}
