import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Wakes a thread when a file in a folder is written, so that commits by *other processes*
/// (which write the journal's `-wal` file) are noticed without polling.
///
/// Uses inotify where the system has it; elsewhere ``pollInterval`` tells the caller to check
/// on a timer instead.
final class FileChangeMonitor: Sendable {
    /// A descriptor that becomes readable when the folder changes, or `nil` without inotify.
    let descriptor: Int32?

    init(folder: String) {
        #if canImport(Glibc)
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if fd >= 0, inotify_add_watch(fd, folder, UInt32(IN_MODIFY | IN_CREATE | IN_MOVED_TO)) >= 0 {
            descriptor = fd
            return
        }
        if fd >= 0 { close(fd) }
        #endif
        descriptor = nil
    }

    /// How often to check without inotify; `nil` with it.
    var pollInterval: Int32? { descriptor == nil ? 250 : nil }

    /// Reads and discards pending events.
    func drain() {
        guard let descriptor else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(descriptor, &buffer, buffer.count) > 0 {}
    }

    deinit {
        if let descriptor { close(descriptor) }
    }
}
