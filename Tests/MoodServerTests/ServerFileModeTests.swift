import AppTesting
import Foundation
import HummingbirdTesting
import LocalProcesses
import SyncProtocol
import Testing

/// The server's data folder holds every account: only its owner may read it.
@Suite(.serialized, .hangGuard, .ownThread) struct ServerFileModeTests {
    let parent = StorageBackEnd.temporaryFolder()
    var data: URL { parent.appendingPathComponent("server") }

    private func mode(_ url: URL) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    private func addDevice() throws -> String {
        let result = try ProcessResult.moodtui(["account", "add", "alice", "--data", data.path])
        try #require(result.status == 0, "\(result.standardError)")
        return try #require(result.standardOutput.split(separator: "\n").last.map(String.init))
    }

    @Test func aNewDataFolderAndEveryFileInItArePrivate() async throws {
        let token = try addDevice()
        let server = try await ServerProcess.start(data: data)
        try await TestClient.withClient(host: "127.0.0.1", port: server.port) { client in
            _ = try await APIClient(client, token: token).upload([Fixtures.upload()])
        }
        #expect(try mode(data) == 0o700)
        let files = try FileManager.default.contentsOfDirectory(atPath: data.path)
        #expect(Set(files).isSuperset(of: ["server.sqlite", "server.sqlite-wal", "server.sqlite-shm"]))
        for file in files { #expect(try mode(data.appendingPathComponent(file)) == 0o600, "\(file)") }
        #expect(await server.stop() == 0)
    }

    @Test func anExistingFolderReadableByOthersIsTightenedAndTheChangeIsSaid() throws {
        _ = try addDevice()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: data.path)
        let store = data.appendingPathComponent("server.sqlite")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store.path)

        let result = try ProcessResult.moodtui(["account", "list", "--data", data.path])
        #expect(result.status == 0)
        #expect(result.standardError.contains("made \(data.path) private (mode 755 → 700)"))
        #expect(result.standardError.contains("made \(store.path) private (mode 644 → 600)"))
        #expect(try mode(data) == 0o700)
        #expect(try mode(store) == 0o600)
    }
}
