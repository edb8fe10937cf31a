import Foundation
import MoodKit
import MoodStore

/// Journals of the sizes the cases need, built once per run in a temporary folder that is
/// removed at the end.
final class BenchJournals {
    let folder: URL
    private var built: [String: String] = [:]
    private var random = SystemRandomNumberGenerator()

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// The path of a journal holding `count` moods spread over five years, built on first use:
    /// each note names one of a hundred words (`w0` … `w99`), each mood has one of twenty
    /// activities (`a0` … `a19`), so that a search for a word finds one mood in a hundred and
    /// one for an activity one in twenty. `withScales` gives every mood a value of each of three
    /// scales (``BenchScales``).
    func path(moods count: Int, withScales: Bool = false) throws -> String {
        let name = "journal-\(count)\(withScales ? "-scales" : "")"
        if let path = built[name] { return path }
        let path = folder.appendingPathComponent("\(name).sqlite").path
        let store = try JournalStore(path: path)
        let scales = withScales ? try BenchScales.add(to: store) : nil
        var written = 0
        while written < count {
            let chunk = min(50_000, count - written)
            try store.write(origin: .other) { writer in
                for _ in 0..<chunk {
                    var mood = randomMood(note: "a benchmark mood w\(Int.random(in: 0..<100, using: &random))", activity: Self.activities.randomElement(using: &random))
                    if let scales { mood.scales = ScaleValues(setting: scales.randomValues(using: &random), at: mood.stamps.level) }
                    try writer.insert(mood)
                }
            }
            written += chunk
        }
        try store.checkpoint()
        built[name] = path
        return path
    }

    /// The activities of the journals' moods.
    static let activities = (0..<20).map { try! ActivityName.normalized("a\($0)") }

    /// A new mood somewhere in the last five years.
    func randomMood(note: String = "a benchmark mood", activity: ActivityName? = nil) -> Mood {
        let date = Date(timeIntervalSinceNow: -Double.random(in: 0..<(5 * 365 * 86_400), using: &random))
        return Mood(
            id: UUID(), date: date, level: MoodLevel(rawValue: Int.random(in: 1...5, using: &random))!, note: note,
            creatorID: "bench", modifiedAt: date, activities: activity.map { [$0] } ?? [])
    }
}

/// The three scales of a journal with scales: sleep in hours, anxiety from 1 to 5, and
/// medication taken or not.
struct BenchScales {
    let sleep: Scale
    let anxiety: Scale
    let meds: Scale

    /// Adds the three scales to the journal in `store`.
    static func add(to store: JournalStore) throws -> BenchScales {
        try store.write(origin: .commandLine) { writer in
            BenchScales(
                sleep: try writer.addScale(try ScaleName.normalized("sleep"), kind: .number(unit: "h", minimum: 0, maximum: 240)),
                anxiety: try writer.addScale(try ScaleName.normalized("anxiety"), kind: .range(1...5)),
                meds: try writer.addScale(try ScaleName.normalized("meds"), kind: .yesNo))
        }
    }

    /// A value of each.
    func randomValues(using random: inout some RandomNumberGenerator) -> [Scale.ID: ScaleValue] {
        [sleep.id: .tenths(Int.random(in: 40...100, using: &random)), anxiety.id: .whole(Int.random(in: 1...5, using: &random)),
         meds.id: Bool.random(using: &random) ? .yes : .no]
    }
}
