import Foundation
import MoodKit
import MoodStore

/// The demo's second device: someone who adds, edits and deletes a mood every few seconds,
/// writing to their own journal as a person would (the sync engine does the rest).
struct SimulatedPerson {
    let journal: JournalStore
    let interval: Duration

    private static let notes = [
        "coffee with Sam", "long run by the river", "stuck in a meeting", "finished the chapter",
        "rain all day", "bug fixed at last", "dinner with family", "slept badly", "good talk with Ana",
        "new plant on the desk", "train was late", "sunny walk at lunch",
    ]

    func run() async {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3 { act(.add, using: &generator) }
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            guard !Task.isCancelled else { return }
            let count = (try? await journal.read { try $0.count(MoodFilter()) }) ?? 0
            let roll = Int.random(in: 0..<10, using: &generator)
            let action: Action = count < 4 || roll < 5 ? .add : roll < 8 ? .edit : .delete
            act(action, using: &generator)
        }
    }

    private enum Action { case add, edit, delete }

    private func act(_ action: Action, using generator: inout some RandomNumberGenerator) {
        let level = MoodLevel.allCases.randomElement(using: &generator) ?? .meh
        let note = Self.notes.randomElement(using: &generator) ?? ""
        try? journal.write(origin: .ui) { writer in
            let moods = try writer.snapshot.moods(MoodFilter(), order: .newestFirst, limit: 20)
            switch action {
            case .add:
                try writer.add(try MoodEntry(level: level, note: note))
            case .edit:
                if let mood = moods.randomElement(using: &generator) {
                    try writer.edit(mood.id, level: level, note: note + " (edited)")
                }
            case .delete:
                if let mood = moods.randomElement(using: &generator) { try writer.markForDeletion(mood.id, undo: .notOffered) }
            }
        }
    }
}
