import ArgumentParser
import CacheTracking
import DedicatedThreads
import Dispatch
import Foundation
import MoodKit
import MoodStore

/// `moodtui watch`: follows the journal as the app does and prints each CacheTransactionBatch,
/// so that a script or a status bar can keep its own copy of the list in step.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Print the list, then every change to it as it happens.",
        discussion: """
            With --json, one object per line: first {"type":"initial", "count", "inserts"}, then one
            {"type":"batch", "count", "deletes", "inserts", "updates", "moves"} per commit, with the
            moods' old ("from") and new ("to"/"index") indexes in the newest-first list. Apply
            deletes (descending), then inserts and move destinations (ascending), then updates.
            A {"type":"reload"} line means: drop your copy, an "initial" line follows.
            """)

    @OptionGroup var journal: JournalOptions

    @Flag(help: "Print one JSON object per line.")
    var json = false

    func run() async throws {
        let store = try journal.open()
        let json = json
        try await DedicatedThread.run(name: "moodtui.watch") { try Self.follow(store, json: json) }
    }

    /// Prints the list, then waits for commits and prints each batch, until the process ends.
    private static func follow(_ store: JournalStore, json: Bool) throws {
        let printer = BatchPrinter(json: json, vocabulary: { (try? store.read { try $0.vocabulary() }) ?? JournalVocabulary() })
        let changed = DispatchSemaphore(value: 0)
        let watcher = try JournalWatcher(store: store) { _ in changed.signal() }
        let tracker = try CacheTracker(store: store)
        let delegate = WatchDelegate(printer: printer)
        tracker.delegate = delegate
        try printer.printInitial(try tracker.currentBatch(), count: tracker.count)
        while true {
            try tracker.processChanges()
            if let failure = delegate.failure { throw failure }
            changed.wait()
            withExtendedLifetime(watcher) {}
        }
    }
}

/// Prints what the tracker reports as it reports it.
private final class WatchDelegate: CacheTrackerDelegate {
    let printer: BatchPrinter
    var failure: (any Error)?

    init(printer: BatchPrinter) { self.printer = printer }

    func cacheTracker(_ tracker: CacheTracker, didProduce batch: CacheTransactionBatch) {
        do { try printer.printBatch(batch, count: tracker.count) } catch { failure = error }
    }

    func cacheTrackerDidReload(_ tracker: CacheTracker) {
        do {
            try printer.printReload()
            try printer.printInitial(try tracker.currentBatch(), count: tracker.count)
        } catch { failure = error }
    }
}
