import Foundation
import MoodKit
import MoodStore

/// Writes a journal's moods in a format, read a page at a time in the format's order: an
/// export of any size in flat memory.
public enum Exporter {
    /// Moods read at a time.
    static let pageSize = 1_000

    /// Moods felt within `range` (all when `nil`), in `timeZone`'s wall clock times.
    /// - Returns: how many moods were written.
    public static func export(
        from store: JournalStore, format: ExportFormat, range: ClosedRange<Date>? = nil, timeZone: TimeZone = .current,
        to sink: TextSink
    ) throws -> Int {
        var writer = format.writer(clock: LocalDateTime(timeZone: timeZone))
        let order = format.order
        let bounds = range.map { $0.lowerBound.millisecondsSince1970...$0.upperBound.millisecondsSince1970 }
        // The key before the first mood to write: the range's end newest first, its start oldest first.
        let edge = UUID(uuid: order == .newestFirst ? (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255) : (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        var start = bounds.map { MoodSortKey(date: order == .newestFirst ? $0.upperBound : $0.lowerBound, id: edge, order: order) }
        // A page after the first starts at the last mood written (`startingAt` includes it).
        var repeatsLast = false
        var written = 0
        try writer.begin(sink)
        pages: while true {
            let limit = pageSize + (repeatsLast ? 1 : 0)
            let page = try store.read { [start] in try $0.moods(.journal, order: order, startingAt: start, limit: limit) }
            for mood in page.dropFirst(repeatsLast ? 1 : 0) {
                if let bounds, !bounds.contains(mood.date.millisecondsSince1970) { break pages }
                try writer.write(mood, sink)
                written += 1
            }
            guard page.count == limit, let last = page.last else { break }
            (start, repeatsLast) = (MoodSortKey(last, order: order), true)
        }
        try writer.end(sink)
        try sink.flush()
        return written
    }
}
