import Foundation

/// A real `moodtui serve` for the remote cases: the release binary beside this one, on a free
/// port of 127.0.0.1 (or a given one, to come back where it was), with a temporary data folder
/// (SQLite) or on a PostgreSQL database, which several instances may share.
final class BenchServer {
    let url: URL
    private let process: Process
    /// The `serve` and `account` options naming the store.
    private let store: [String]
    private let binary: URL

    /// Where the server's clients come from, which decides its caps on connections.
    enum Clients {
        /// Every client from 127.0.0.1: the fan-out case alone opens 1,000 sockets from it.
        case oneAddress
        /// Ten thousand sockets and more from many addresses, each under the default cap on one address.
        case manyAddresses

        var arguments: [String] {
            switch self {
            case .oneAddress: ["--max-connections-per-address", "4096"]
            case .manyAddresses: ["--max-connections", "16384"]
            }
        }
    }

    /// SQLite in `folder/server`.
    convenience init(folder: URL, port: Int = 0, clients: Clients = .oneAddress) throws {
        try self.init(store: ["--data", folder.appendingPathComponent("server").path], port: port, clients: clients)
    }

    /// On the PostgreSQL database at `database` (a `postgres://` URL).
    convenience init(database: String, clients: Clients = .oneAddress) throws {
        try self.init(store: ["--database", database], port: 0, clients: clients)
    }

    private init(store: [String], port: Int, clients: Clients) throws {
        binary = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.deletingLastPathComponent()
            .appendingPathComponent("moodtui-core")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw BenchError("no moodtui-core at \(binary.path): run `swift build -c release --static-swift-stdlib` first")
        }
        self.store = store
        process = Process()
        process.executableURL = binary
        // One device uploads as fast as the server takes it.
        process.arguments = [
            "serve", "--port", String(port), "--log-level", "error", "--rate-limit", "1000000", "--rate-limit-per-address", "1000000",
        ] + clients.arguments + store
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let prefix = "moodtui serve listening on "
        var text = ""
        while !text.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw BenchError("moodtui serve ended before listening") }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let line = text.split(separator: "\n").first, line.hasPrefix(prefix), let url = URL(string: String(line.dropFirst(prefix.count))) else {
            throw BenchError("moodtui serve said: \(text)")
        }
        self.url = url
    }

    /// A new device token for `account`, from `moodtui account add`.
    func addDevice(_ account: String) throws -> String {
        let process = Process()
        process.executableURL = binary
        process.arguments = ["account", "add", account] + store
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, let token = text.split(separator: "\n").last else { throw BenchError("account add failed") }
        return String(token)
    }

    /// The server process's resident memory (`VmRSS`), in KiB.
    var residentKiB: Int { ChildProcess.statusKiB("VmRSS", of: String(process.processIdentifier)) ?? 0 }

    /// The port it listens on.
    var port: Int { url.port ?? 0 }

    /// Stops the server (SIGTERM) and waits for it to exit; the data stays for a new one.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit { stop() }
}
