import Foundation
import MoodInsights
import MoodKit

/// The days `moodtui report` covers, from `--since` and `--until`.
enum ReportPeriod {
    /// Without `--since`: the last 90 days, about three months between two visits.
    static let defaultDays = 90
    /// Twenty years: a page of a size a browser still opens.
    static let maximumDays = 7_305

    /// `--since` (default: `defaultDays` before the last day, or the first mood's day when that is
    /// later) to `--until` (default: today); a moment given with a time counts as its day.
    static func days(
        since: String?, until: String?, firstMoodDay: LocalDay?, today: LocalDay, now: Date, localDays: LocalDays
    ) throws -> ClosedRange<LocalDay> {
        let input = MoodDateInput()
        func day(_ text: String, option: String) throws -> LocalDay {
            do {
                return localDays.day(of: try input.date(from: text, now: now).millisecondsSince1970)
            } catch {
                throw CommandFailure("\(option) \(text): \(error)")
            }
        }
        let last = try until.map { try day($0, option: "--until") } ?? today
        let first = try since.map { try day($0, option: "--since") }
            ?? max(last.advanced(by: -(defaultDays - 1)), min(firstMoodDay ?? last, last))
        guard first <= last else { throw CommandFailure("--since \(first) comes after --until \(last)") }
        guard first.distance(to: last) < maximumDays else {
            throw CommandFailure(
                "a report covers at most 20 years (\(maximumDays) days), and \(first) to \(last) is \(first.distance(to: last) + 1); choose a later --since")
        }
        return first...last
    }
}
