import Foundation
import Logging
import MoodKit
import ServerStorage
import ServiceLifecycle

/// Removes the tombstones older than the retention (`TombstoneRule`), when the server starts
/// and then every ``CompactionSchedule/interval``, until the server stops. Every instance on a
/// shared store does it; the second to come finds nothing left to do.
struct CompactionService<Storage: MoodServerStorage>: Service {
    let storage: Storage
    let schedule: CompactionSchedule
    let logger: Logger

    func run() async throws {
        while true {
            await compact()
            // A service that returns stops the server: this one returns only when the server is
            // stopping (gracefully, or cancelled) anyway.
            do { try await cancelWhenGracefulShutdown { try await Task.sleep(for: schedule.interval) } } catch { return }
        }
    }

    private func compact() async {
        let cutoff = schedule.clock.now().addingTimeInterval(-schedule.retention.timeInterval)
        do {
            let removed = try await storage.compact(tombstonesDeletedBefore: cutoff)
            if removed > 0 { logger.info("removed old tombstones", metadata: ["count": "\(removed)", "deletedBefore": "\(cutoff)"]) }
        } catch where !Task.isCancelled {
            logger.warning("could not remove old tombstones; trying again later", metadata: ["error": "\(error)"])
        } catch {}
    }
}

/// How long tombstones are kept, and how often old ones are looked for.
public struct CompactionSchedule: Sendable {
    public var retention: Duration
    public var interval: Duration
    /// Dates the cutoff; tombstones are dated by the storage's own clock.
    public var clock: WallClock

    /// Keeps tombstones `TombstoneRule/defaultRetention`, looking every hour.
    public init(retention: Duration = TombstoneRule.defaultRetention, interval: Duration = .seconds(3_600), clock: WallClock = .system) {
        self.retention = retention
        self.interval = interval
        self.clock = clock
    }
}
