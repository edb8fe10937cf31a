import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Wakes a thread when a database's files are written, so that commits by *other processes*
/// (which write the database's `-wal` file) are noticed without polling.
///
/// Uses inotify on the database's folder where the system has it, and tells events on the
/// database's own files (`journal.sqlite`, `-wal`, `-shm`) from those on other files in the
/// folder, such as a second journal. Without inotify ``pollInterval`` tells the caller to check
/// on a timer instead.
public final class FileChangeMonitor: Sendable {
    /// A descriptor that becomes readable when the folder changes, or `nil` without inotify.
    public let descriptor: Int32?
    /// The database file's name: its `-wal` and `-shm` files start with it too.
    private let fileName: [UInt8]

    /// Watches the folder of the database at `databasePath` for writes to its files.
    public init(databasePath: String) {
        let folder = (databasePath as NSString).deletingLastPathComponent
        fileName = Array((databasePath as NSString).lastPathComponent.utf8)
        #if canImport(Glibc)
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if fd >= 0, inotify_add_watch(fd, folder.isEmpty ? "." : folder, UInt32(IN_MODIFY | IN_CREATE | IN_MOVED_TO)) >= 0 {
            descriptor = fd
            return
        }
        if fd >= 0 { close(fd) }
        #endif
        descriptor = nil
    }

    /// How often to check without inotify (milliseconds); `nil` with it.
    public var pollInterval: Int32? { descriptor == nil ? 250 : nil }

    /// Reads the pending events; returns whether one of them was on the database's files, or the
    /// kernel dropped events (its queue overflowed), which may have been.
    public func drain() -> Bool {
        #if canImport(Glibc)
        guard let descriptor else { return false }
        var touched = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return touched }
            touched = touched || Self.events(in: buffer.prefix(count)).contains { event in
                event.mask & UInt32(IN_Q_OVERFLOW) != 0 || event.name.starts(with: fileName)
            }
        }
        #else
        return false
        #endif
    }

    #if canImport(Glibc)
    /// The mask and file name of each `inotify_event` record in `buffer`.
    private static func events(in buffer: ArraySlice<UInt8>) -> [(mask: UInt32, name: ArraySlice<UInt8>)] {
        let header = MemoryLayout<inotify_event>.size  // the name's bytes follow the fixed part
        let maskField = MemoryLayout<inotify_event>.offset(of: \.mask)!
        let lengthField = MemoryLayout<inotify_event>.offset(of: \.len)!
        var events: [(mask: UInt32, name: ArraySlice<UInt8>)] = []
        var offset = buffer.startIndex
        while offset + header <= buffer.endIndex {
            let field = { (at: Int) in buffer[(offset + at)...].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) } }
            let length = Int(field(lengthField))
            let name = buffer[(offset + header)..<min(offset + header + length, buffer.endIndex)]
            events.append((field(maskField), name.prefix { $0 != 0 }))
            offset += header + length
        }
        return events
    }
    #endif

    deinit {
        if let descriptor { close(descriptor) }
    }
}
