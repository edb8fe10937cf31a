import Logging
import Synchronization

/// Every log record of a server under test, at every level, for tests that check what is logged
/// (nothing at error level for a client's fault, no token at any level).
final class CapturedLogs: Sendable {
    /// One record, with its metadata written out.
    struct Record: Sendable, CustomStringConvertible {
        var level: Logger.Level
        var text: String
        var description: String { "\(level): \(text)" }
    }

    private let records = Mutex<[Record]>([])

    /// A logger that records here, from `level` up.
    func logger(level: Logger.Level = .trace) -> Logger {
        var logger = Logger(label: "moodserver-test") { _ in Handler(logs: self) }
        logger.logLevel = level
        return logger
    }

    var all: [Record] { records.withLock { $0 } }

    /// The records at error level or above.
    var errors: [Record] { all.filter { $0.level >= .error } }

    fileprivate func append(_ record: Record) { records.withLock { $0.append(record) } }

    private struct Handler: LogHandler {
        let logs: CapturedLogs
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }
            let text = "\(event.message) \(all.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")) [\(event.source)]"
            logs.append(Record(level: event.level, text: text))
        }
    }
}
