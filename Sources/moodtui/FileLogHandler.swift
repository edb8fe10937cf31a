import Foundation
import MoodKit
import Logging
import PrivateFiles
import Synchronization

/// Writes log lines to a file, because the interactive app owns the terminal: a log line on
/// standard error would scribble over the screen.
struct FileLogHandler: LogHandler {
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    private let label: String
    private let file: LogFile

    /// Logs for `label` to `file`.
    init(label: String, file: LogFile) {
        self.label = label
        self.file = file
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let all = metadata.merging(event.metadata ?? [:]) { $1 }
        let details = all.isEmpty ? "" : " " + all.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }.joined(separator: " ")
        file.append("\(ISO8601.string(from: Date())) \(event.level) \(label): \(event.message)\(details)\n")
    }
}

/// An append-only log file shared by every logger of the process.
final class LogFile: Sendable {
    private let handle: Mutex<FileHandle>

    /// Opens (creating if needed) the file at `path` for appending. The file is private (0600),
    /// as are the folders created for it; `ownFolder` (moodtui's default log folder) is made
    /// private even when it exists.
    /// - Throws: ``CommandFailure`` when the file cannot be created.
    init(path: String, ownFolder: Bool) throws {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            var changes = ownFolder ? try PrivateFiles.prepareFolder(URL(fileURLWithPath: folder)) : []
            try PrivateFiles.createMissingFolders(folder)
            changes += try PrivateFiles.prepareFile(at: path)
            changes.report()
        } catch {
            throw CommandFailure("cannot write the log file at \(path): \(error)")
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw CommandFailure("cannot write the log file at \(path)")
        }
        handle.seekToEndOfFile()
        self.handle = Mutex(handle)
    }

    func append(_ line: String) {
        handle.withLock { $0.write(Data(line.utf8)) }
    }
}
