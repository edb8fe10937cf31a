import AppTesting
import Foundation
import MoodServer
import SyncProtocol
import SyncTesting
import Testing

/// Protocol v1 over HTTP, against the application bound to 127.0.0.1 on a free port.
@Suite(.hangGuard) struct SyncRoutesTests {
    @Test(arguments: StorageBackEnd.allCases)
    func theSameRequestSentThreeTimesMakesOneMoodAtOneVersion(_ backEnd: StorageBackEnd) async throws {
        try await TestServer.run(backEnd) { server in
            let alice = server.alice()
            let moods = [Fixtures.upload(note: "retried"), Fixtures.upload(.bad, note: "also retried")]
            var responses: [UploadResponse] = []
            for _ in 0..<3 { responses.append(try await alice.upload(moods)) }
            #expect(responses.allSatisfy { $0.conflicts.isEmpty && $0.saved == responses[0].saved })
            #expect(responses.map(\.token) == Array(repeating: responses[0].token, count: 3))
            #expect(try await alice.changes().changes.map(\.id) == moods.map(\.id))
        }
    }

    @Test(arguments: StorageBackEnd.allCases)
    func aStaleVersionGetsTheServerCopyWhileTheOtherMoodsOfTheBatchSave(_ backEnd: StorageBackEnd) async throws {
        try await TestServer.run(backEnd) { server in
            let phone = server.alice(device: "phone"), laptop = server.alice(device: "laptop")
            let id = UUID()
            let v1 = try await phone.upload([Fixtures.upload(id, .meh, note: "first")]).saved[0].version
            let v2 = try await laptop.upload([Fixtures.upload(id, .good, note: "laptop", base: v1)]).saved[0].version
            let fresh = Fixtures.upload(note: "fresh")
            let response = try await phone.upload([Fixtures.upload(id, .bad, note: "phone", base: v1), fresh])
            #expect(response.saved.map(\.id) == [fresh.id])
            #expect(response.conflicts.map(\.reason) == [.stale])
            #expect(response.conflicts.first?.server?.content?.note == "laptop")
            #expect(response.conflicts.first?.server?.version == v2)
        }
    }

    @Test(arguments: StorageBackEnd.allCases)
    func deletionsLeaveTombstonesInTheFeedAndRepeatingThemIsFine(_ backEnd: StorageBackEnd) async throws {
        try await TestServer.run(backEnd) { server in
            let alice = server.alice()
            let kept = Fixtures.upload(note: "kept"), gone = Fixtures.upload(note: "gone")
            let before = try await alice.upload([kept, gone]).token
            let unknown = UUID()
            #expect(try await alice.delete([gone.id, unknown]).deleted == [gone.id])
            #expect(try await alice.delete([gone.id]).deleted.isEmpty)
            #expect(try await alice.changes(since: before).changes == [.deleted(gone.id), .deleted(unknown)])
            #expect(try await alice.changes().changes.map(\.id) == [kept.id], "a first download lists live moods only")
            let resurrected = try await alice.upload([gone])
            #expect(resurrected.conflicts == [MoodConflict(id: gone.id, reason: .deleted, server: nil)])
        }
    }

    @Test(arguments: StorageBackEnd.allCases)
    func twoAccountsCannotSeeOrDeleteEachOthersMoods(_ backEnd: StorageBackEnd) async throws {
        try await TestServer.run(backEnd) { server in
            let mood = Fixtures.upload(note: "alice's secret")
            _ = try await server.alice().upload([mood])
            let bob = server.bob()
            #expect(try await bob.changes().changes.isEmpty)
            let overwrite = try await bob.upload([Fixtures.upload(mood.id, .awful, note: "bob's")])
            #expect(overwrite.conflicts.isEmpty)  // bob's own mood with that id, in bob's account
            #expect(try await bob.delete([mood.id]).deleted == [mood.id])  // bob's, not alice's
            let aliceSees = try await server.alice().changes().changes
            #expect(aliceSees.count == 1)
            #expect(aliceSees.first.map { if case .upsert(let m) = $0 { m.content?.note ?? "" } else { "" } } == "alice's secret")
            let aliceToken = try await server.alice().changes().token
            let stolen = try await bob.raw(.get, "/v1/changes?since=\(aliceToken.rawValue)")
            #expect(stolen.status == .gone)
        }
    }

    @Test(arguments: StorageBackEnd.allCases)
    func theFeedPagesSeeEveryChangeOnceWhileAnotherDeviceWrites(_ backEnd: StorageBackEnd) async throws {
        try await TestServer.run(backEnd, over: .socket) { server in
            let reader = server.alice(device: "reader")
            let initial = (0..<40).map { Fixtures.upload(note: "initial \($0)") }
            _ = try await reader.upload(initial)
            var expected: [UUID: String] = Dictionary(uniqueKeysWithValues: initial.map { ($0.id, $0.content?.note ?? "") })
            var seen: [UUID: String] = [:], token: ChangeToken?
            try await withThrowingTaskGroup(of: [UUID: String].self) { group in
                group.addTask {
                    try await server.onOwnConnection(token: server.aliceToken, device: "writer") { writer in
                        var written: [UUID: String] = [:]
                        for round in 0..<30 {
                            let mood = Fixtures.upload(note: "concurrent \(round)")
                            _ = try await writer.upload([mood])
                            written[mood.id] = mood.content?.note
                        }
                        return written
                    }
                }
                // Read pages while the writer writes; a mood may show twice only if it changed in between.
                var pages = 0
                repeat {
                    let page = try await reader.changes(since: token, limit: 7)
                    for change in page.changes {
                        guard case .upsert(let mood) = change else { continue }
                        #expect(seen[mood.id] == nil, "\(mood.content?.note ?? "") seen twice")
                        seen[mood.id] = mood.content?.note
                    }
                    token = page.token
                    pages += 1
                    if !page.more && pages > 3 { break }
                } while true
                for try await written in group { expected.merge(written) { $1 } }
            }
            let rest = try await reader.allChanges(since: token, limit: 7)
            for case .upsert(let mood) in rest.changes {
                #expect(seen[mood.id] == nil, "\(mood.content?.note) seen twice")
                seen[mood.id] = mood.content?.note
            }
            #expect(seen == expected)
        }
    }

    @Test func aTokenFromAnotherServerHasExpired() async throws {
        let token = try await TestServer.run(.inMemory) { server in try await server.alice().changes().token }
        try await TestServer.run(.inMemory) { server in
            let response = try await server.alice().raw(.get, "/v1/changes?since=\(token.rawValue)")
            #expect(response.status == .gone)
            #expect(try JSONDecoder().decode(ErrorResponse.self, from: response.body).error == "token_expired")
        }
    }

    @Test func healthIsOKWithoutAToken() async throws {
        try await TestServer.run(.sqlite) { server in
            let response = try await server.anonymous.raw(.get, "/healthz")
            #expect(response.status == .ok)
            #expect(try JSONDecoder().decode(HealthResponse.self, from: response.body).status == "ok")
        }
    }
}
