import CacheTracking
import Foundation
import MoodKit
import MoodListScreen
import TerminalUI

/// Writes CacheTransactionBatches for `moodtui watch`: JSON lines for scripts, or short lines
/// for people ("+ 0 great  note", "- 3 <id>", "~ 2 …", "> 5→1 …").
struct BatchPrinter {
    let json: Bool
    /// The journal's scales in use and level words as they are now, which name values and levels.
    let vocabulary: () -> JournalVocabulary

    func printInitial(_ batch: CacheTransactionBatch, count: Int) throws {
        if json {
            try JSONLines.print(BatchJSON(type: "initial", count: count, batch: batch, vocabulary: vocabulary()))
        } else {
            print("\(count) \(count == 1 ? "mood" : "moods")")
            let words = vocabulary().levels
            for insertion in batch.insertions { line("+", "\(insertion.to)", insertion.mood, words) }
            flush()
        }
    }

    func printBatch(_ batch: CacheTransactionBatch, count: Int) throws {
        guard json else {
            let words = vocabulary().levels
            for deletion in batch.deletions { print("- \(deletion.from) \(deletion.id.uuidString)") }
            for insertion in batch.insertions { line("+", "\(insertion.to)", insertion.mood, words) }
            for update in batch.updates { line("~", "\(update.to)", update.mood, words) }
            for move in batch.moves { line(">", "\(move.from)→\(move.to)", move.mood, words) }
            return flush()
        }
        try JSONLines.print(BatchJSON(type: "batch", count: count, batch: batch, vocabulary: vocabulary()))
    }

    func printReload() throws {
        if json { try JSONLines.print(["type": "reload"]) } else { print("(reloaded)") }
        flush()
    }

    private func line(_ sign: String, _ position: String, _ mood: Mood, _ words: LevelWords) {
        let level = TextWidth.pad(words.word(for: mood.level), toColumns: LevelColumn.width(words))
        print("\(sign) \(position) \(level) \(mood.id.uuidString) \(TerminalSafeText.singleLine(mood.note))")
    }

    /// Standard output is buffered when it is a pipe; a follower must see each line at once.
    private func flush() { fflush(nil) }
}

/// A batch as one JSON object.
struct BatchJSON: Encodable {
    struct Deletion: Encodable { let from: Int; let id: String }
    struct Insertion: Encodable { let index: Int; let mood: MoodJSON }
    struct Change: Encodable { let from: Int; let to: Int; let mood: MoodJSON }

    let type: String
    let count: Int
    let deletes: [Deletion]
    let inserts: [Insertion]
    let updates: [Change]
    let moves: [Change]

    init(type: String, count: Int, batch: CacheTransactionBatch, vocabulary: JournalVocabulary) {
        self.type = type
        self.count = count
        deletes = batch.deletions.map { Deletion(from: $0.from, id: $0.id.uuidString) }
        inserts = batch.insertions.map { Insertion(index: $0.to, mood: MoodJSON($0.mood, vocabulary)) }
        updates = batch.updates.map { Change(from: $0.from, to: $0.to, mood: MoodJSON($0.mood, vocabulary)) }
        moves = batch.moves.map { Change(from: $0.from, to: $0.to, mood: MoodJSON($0.mood, vocabulary)) }
    }
}
