import Foundation
import MoodKit
import MoodStore

/// Writes a journal's moods in a format, read a page at a time in the format's order: an
/// export of any size in flat memory.
public enum Exporter {
    /// Moods read at a time.
    static let pageSize = 1_000

    /// Moods felt within `range` (all when `nil`), in `timeZone`'s wall clock times.
    /// - Parameter progress: told how far the export is, from 0 to 1, after each page (by the
    ///   dates written, within the journal's dates).
    /// - Returns: how many moods were written.
    public static func export(
        from store: JournalStore, format: ExportFormat, range: ClosedRange<Date>? = nil, timeZone: TimeZone = .current,
        to sink: TextSink, progress: ((Double) -> Void)? = nil
    ) throws -> Int {
        var writer = format.writer(clock: LocalDateTime(timeZone: timeZone))
        let order = format.order
        let bounds = range.map { $0.lowerBound.millisecondsSince1970...$0.upperBound.millisecondsSince1970 }
        var written = 0
        // One snapshot for every page: a mood deleted or re-dated meanwhile is neither lost nor
        // written twice.
        try store.read { snapshot in
            try writer.begin(sink, vocabulary: try snapshot.vocabulary())
            let span = try Self.span(of: snapshot, within: bounds)
            try snapshot.forEachPage(of: .journal, order: order, within: bounds, pageSize: pageSize) { page in
                for mood in page { try writer.write(mood, sink) }
                written += page.count
                if let span, let last = page.last {
                    let done = Double(last.date.millisecondsSince1970 - span.lowerBound) / Double(max(1, span.upperBound - span.lowerBound))
                    progress?(order == .newestFirst ? 1 - done : done)
                }
            }
        }
        progress?(1)
        try writer.end(sink)
        try sink.flush()
        return written
    }

    /// The dates the export goes through: the journal's, within `bounds`.
    private static func span(of snapshot: JournalSnapshot, within bounds: ClosedRange<Int64>?) throws -> ClosedRange<Int64>? {
        guard let dates = try snapshot.dateBounds(.journal) else { return nil }
        guard let bounds else { return dates }
        return dates.clamped(to: bounds)
    }
}
