import Foundation
import FuzzingSupport
import MoodKit

/// A date as a person types it into the form or `--date`. Beyond not crashing: a date read is
/// within the range a mood may have, and the form's text for it reads back as the same minute.
@main enum FuzzDateInput {
    static func main() {
        Fuzzing.run { data, size in
            read(String(decoding: Fuzzing.bytes(data, size), as: UTF8.self))
            return 0
        }
    }
}

private func read(_ text: String) {
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    for zone in ["UTC", "Europe/Berlin", "America/Santiago"] {
        let input = MoodDateInput(timeZone: TimeZone(identifier: zone)!)
        guard let date = try? input.date(from: text, now: now) else { continue }
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        Fuzzing.require(MoodDateRange.milliseconds.contains(milliseconds), "\(text.debugDescription) read as \(date), out of range")
        let shown = input.text(for: date)
        let back = try? input.date(from: shown, now: now)
        let minute = { (date: Date) in Int64((date.timeIntervalSince1970 / 60).rounded(.down)) }
        Fuzzing.require(back.map(minute) == minute(date), "\(text.debugDescription) → \(shown.debugDescription) reads back as \(String(describing: back))")
    }
}
