import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Files that only their owner may read: folders 0700, files 0600.
///
/// Journals hold a person's moods and their sync token, logs say what happened to them; the
/// server's data folder holds every account. All are created private, and ones an older moodtui made readable by others are
/// tightened when they are opened, and the change reported, so that nothing stays exposed and
/// nothing changes silently.
public enum PrivateFiles {
    /// The mode of a private folder.
    public static let folderMode: mode_t = 0o700
    /// The mode of a private file.
    public static let fileMode: mode_t = 0o600

    /// Creates `folder` and any missing parents as private folders, or tightens `folder` itself
    /// when it exists with group or other permissions.
    /// - Returns: what was tightened.
    /// - Throws: when the folder cannot be created or its mode read or changed.
    public static func prepareFolder(_ folder: URL) throws -> [PermissionChange] {
        if !FileManager.default.fileExists(atPath: folder.path) {
            try createMissingFolders(folder.path)
            return []
        }
        return try tighten(folder.path).map { [$0] } ?? []
    }

    /// Creates the missing folders of `folder` as private folders, leaving the mode of those
    /// that exist alone (a journal may live in `/tmp` or a shared folder, which is not ours to
    /// change).
    /// - Throws: when a folder cannot be created, or a part of the path is a file.
    public static func createMissingFolders(_ folder: String) throws {
        var missing: [String] = []
        var existing = folder
        while !existing.isEmpty && existing != "/" && !FileManager.default.fileExists(atPath: existing) {
            missing.append(existing)
            existing = (existing as NSString).deletingLastPathComponent
        }
        var isFolder: ObjCBool = false
        if !existing.isEmpty, FileManager.default.fileExists(atPath: existing, isDirectory: &isFolder), !isFolder.boolValue {
            throw PrivateFilesError(path: existing, operation: "create a folder in", code: ENOTDIR)
        }
        for path in missing.reversed() where mkdir(path, folderMode) != 0 && errno != EEXIST {
            throw PrivateFilesError(path: path, operation: "create the folder", code: errno)
        }
    }

    /// Creates the file at `path` empty with mode 0600 when it does not exist, or tightens it.
    /// - Returns: what was tightened.
    /// - Throws: when the file cannot be created or its mode read or changed.
    ///
    /// A symbolic link in the file's place is refused rather than followed (`O_NOFOLLOW`): a
    /// link someone else planted could otherwise aim the moods at a file they can read. The mode
    /// is read and changed on the opened file (`fstat`, `fchmod`), never again by its path.
    public static func prepareFile(at path: String) throws -> [PermissionChange] {
        try withOpened(path, O_CREAT | O_WRONLY, operation: "create") { try tighten($0, path: path) }.map { [$0] } ?? []
    }

    /// Writes a private file at `path` whole or not at all: `write` fills a new 0600 file beside
    /// it, which then takes `path`'s place; if `write` throws, `path` is left as it was (an
    /// export that fails half-way never costs the previous one).
    /// - Throws: `write`'s error, or when the file cannot be created, synced or moved into place.
    public static func replaceFile<T>(at path: String, _ write: (FileHandle) throws -> T) throws -> T {
        var template = Array((path + ".partial-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }  // 0600
        guard descriptor >= 0 else { throw PrivateFilesError(path: path, operation: "create a file beside", code: errno) }
        let partial = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            let result = try write(handle)
            guard fsync(descriptor) == 0 else { throw PrivateFilesError(path: partial, operation: "write", code: errno) }
            guard rename(partial, path) == 0 else { throw PrivateFilesError(path: path, operation: "replace", code: errno) }
            return result
        } catch {
            unlink(partial)
            throw error
        }
    }

    /// Makes sure the SQLite database at `path` and its `-wal` and `-shm` files are private:
    /// creates the database file empty with mode 0600 when it does not exist (SQLite gives its
    /// `-wal` and `-shm` files the database file's mode), and tightens those that exist.
    /// - Returns: what was tightened.
    /// - Throws: when a file cannot be created or its mode read or changed.
    public static func prepareDatabase(at path: String) throws -> [PermissionChange] {
        try prepareFile(at: path) + [path + "-wal", path + "-shm"]
            .filter { FileManager.default.fileExists(atPath: $0) }
            .compactMap { file in try withOpened(file, O_RDONLY, operation: "open") { try tighten($0, path: file) } }
    }

    /// Removes group and other permissions from the existing folder `path`, if it has any.
    private static func tighten(_ path: String) throws -> PermissionChange? {
        try withOpened(path, O_RDONLY | O_DIRECTORY, following: true, operation: "open") { try tighten($0, path: path) }
    }

    /// Runs `body` with `path` opened with `flags` (and `O_NOFOLLOW` unless `following`).
    private static func withOpened<T>(
        _ path: String, _ flags: Int32, following: Bool = false, operation: String, _ body: (Int32) throws -> T
    ) throws -> T {
        let descriptor = open(path, flags | O_CLOEXEC | (following ? 0 : O_NOFOLLOW), fileMode)
        guard descriptor >= 0 else { throw PrivateFilesError(path: path, operation: operation, code: errno) }
        defer { close(descriptor) }
        return try body(descriptor)
    }

    /// Removes group and other permissions from the open file `descriptor` (at `path`, for the
    /// report), if it has any.
    private static func tighten(_ descriptor: Int32, path: String) throws -> PermissionChange? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw PrivateFilesError(path: path, operation: "read the mode of", code: errno) }
        let mode = status.st_mode & 0o7777
        guard mode & 0o077 != 0 else { return nil }
        let tightened = mode & ~0o077
        guard fchmod(descriptor, tightened) == 0 else { throw PrivateFilesError(path: path, operation: "change the mode of", code: errno) }
        return PermissionChange(path: path, from: mode, to: tightened)
    }
}

/// A file or folder whose mode ``PrivateFiles`` tightened, for a log line.
public struct PermissionChange: Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var from: mode_t
    public var to: mode_t

    public var description: String {
        "made \(path) private (mode \(String(from, radix: 8)) → \(String(to, radix: 8)))"
    }
}

/// A file whose mode could not be set, with the system's reason.
public struct PrivateFilesError: Error, CustomStringConvertible {
    public var path: String
    public var operation: String
    public var code: Int32

    public var description: String {
        switch code {
        case ENOTDIR: "\(path) is not a folder"
        case ELOOP: "\(path) is a symbolic link; moodtui keeps private data only in a real file there (give the path it points to)"
        default: "cannot \(operation) \(path): \(String(cString: strerror(code)))"
        }
    }
}
