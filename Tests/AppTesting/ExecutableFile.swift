import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a program the tests run (a stand-in for `systemctl`, a copy of the launcher) through a
/// descriptor closed on exec. Written as other files are, a process another test started
/// meanwhile inherits the descriptor and holds the file open for writing, and running it then
/// fails with ETXTBSY: the stand-in looked missing.
public enum ExecutableFile {
    public struct WriteError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes `contents` to a new file at `url`, mode 0700; an existing file is replaced.
    public static func write(_ contents: Data, to url: URL) throws {
        unlink(url.path)
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o700)
        guard descriptor >= 0 else { throw WriteError(description: "cannot create \(url.path): errno \(errno)") }
        defer { close(descriptor) }
        let written = contents.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == contents.count else { throw WriteError(description: "cannot write \(url.path): errno \(errno)") }
    }
}
