import Foundation
import MoodKit
import MoodStore

/// Journals of the sizes the cases need, built once per run in a temporary folder that is
/// removed at the end.
final class BenchJournals {
    let folder: URL
    private var built: [Int: String] = [:]
    private var random = SystemRandomNumberGenerator()

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// The path of a journal holding `count` moods spread over five years, built on first use:
    /// each note names one of a hundred words (`w0` … `w99`), each mood has one of twenty
    /// activities (`a0` … `a19`), so that a search for a word finds one mood in a hundred and
    /// one for an activity one in twenty.
    func path(moods count: Int) throws -> String {
        if let path = built[count] { return path }
        let path = folder.appendingPathComponent("journal-\(count).sqlite").path
        let store = try JournalStore(path: path)
        var written = 0
        while written < count {
            let chunk = min(50_000, count - written)
            try store.write(origin: .other) { writer in
                for _ in 0..<chunk { try writer.insert(randomMood(note: "a benchmark mood w\(Int.random(in: 0..<100, using: &random))", activity: Self.activities.randomElement(using: &random))) }
            }
            written += chunk
        }
        try store.checkpoint()
        built[count] = path
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
