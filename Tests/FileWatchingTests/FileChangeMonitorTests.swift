import FileWatching
import Foundation
import Testing

@Suite struct FileChangeMonitorTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-monitor-\(UUID().uuidString)")
    init() throws { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }

    private func write(_ name: String) throws {
        try Data("x".utf8).write(to: folder.appendingPathComponent(name))
    }

    @Test func writesToTheJournalsOwnFilesAreReported() throws {
        let monitor = FileChangeMonitor(databasePath: folder.appendingPathComponent("journal.sqlite").path)
        try #require(monitor.descriptor != nil, "inotify is there on Linux")
        try write("journal.sqlite-wal")
        #expect(monitor.drain())
        #expect(!monitor.drain(), "drained: nothing new")
    }

    @Test func writesToAnotherJournalInTheSameFolderAreNot() throws {
        let monitor = FileChangeMonitor(databasePath: folder.appendingPathComponent("journal.sqlite").path)
        try #require(monitor.descriptor != nil, "inotify is there on Linux")
        try write("phone.sqlite-wal")
        try write("journal.sq")
        #expect(!monitor.drain())
        try write("phone.sqlite")
        try write("journal.sqlite")
        #expect(monitor.drain(), "one event of the journal's among others' counts")
    }
}
