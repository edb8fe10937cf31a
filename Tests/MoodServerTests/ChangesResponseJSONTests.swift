import Foundation
import MoodKit
import NIOCore
import SyncProtocol
import Testing
@testable import MoodServer

@Suite struct ChangesResponseJSONTests {
    /// What the server wrote before the hand-written encoder, and still writes for every other answer.
    private func foundationJSON(_ page: ChangesResponse) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(page), as: UTF8.self)
    }

    private func handWritten(_ page: ChangesResponse) -> String {
        String(buffer: ChangesResponseJSON.encode(page))
    }

    static let awkwardNotes = [
        "", "plain", #"quotes " and \ backslashes \\"#, "a/b and </script>", "晴れ 🌞 e\u{301} \u{2028} \u{7F}",
        String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }),
    ]

    @Test(arguments: awkwardNotes)
    func aPageIsWrittenByteForByteAsFoundationWritesIt(note: String) throws {
        let page = ChangesResponse(
            changes: [
                .upsert(SyncedMood(id: UUID(), payload: .plain(Fixtures.content(.great, note: note, creator: "dev/\"ice\"")), version: 7)),
                .deleted(UUID()),
                .upsert(SyncedMood(id: UUID(), payload: .plain(Fixtures.content(.awful, note: note, at: -1_000)), version: Int64.max)),
            ],
            token: ChangeToken(rawValue: "store.1.42"), more: true, serverTime: 1_795_000_000_000, keyID: nil, sequence: 42,
            setupVersion: 9)
        #expect(handWritten(page) == (try foundationJSON(page)))
    }

    @Test func activitiesAreWrittenByteForByteAsFoundationWritesThem() throws {
        var content = Fixtures.content(.good, note: "n")
        let names = try ["zoo", "été", "a-b", "a_b", "ab", "a1", "ärger", "日記"].map { try ActivityName.normalized($0) }
        content.activities = ActivitySet(adding: names, at: HybridTimestamp(wallMilliseconds: 9, counter: 2, device: "device-a"))
        content.activities.remove(names[1])
        content.activities.add(names[1], at: HybridTimestamp(wallMilliseconds: 10, counter: 0, device: "phone \"2\""))
        content.activities.remove(names[2])
        let page = ChangesResponse(
            changes: [.upsert(SyncedMood(id: UUID(), payload: .plain(content), version: 3)), .upsert(SyncedMood(id: UUID(), payload: .plain(Fixtures.content()), version: 4))],
            token: ChangeToken(rawValue: "t"), more: false, serverTime: 1, keyID: nil, sequence: 0, setupVersion: 0)
        #expect(handWritten(page) == (try foundationJSON(page)))
    }

    @Test func scaleValuesAreWrittenByteForByteAsFoundationWritesThem() throws {
        var content = Fixtures.content(.good, note: "n")
        let stamp = HybridTimestamp(wallMilliseconds: 9, counter: 2, device: "phone \"2\"")
        for value in [ScaleValue.tenths(-75), .whole(4), .yes, .no] { content.scales.set(value, for: UUID(), at: stamp) }
        let cleared = UUID()
        content.scales.set(.yes, for: cleared, at: stamp)
        content.scales.set(nil, for: cleared, at: HybridTimestamp(wallMilliseconds: 10, counter: 0, device: "laptop"))
        #expect(content.scales.entries.count == 5)
        let page = ChangesResponse(
            changes: [.upsert(SyncedMood(id: UUID(), payload: .plain(content), version: 3))],
            token: ChangeToken(rawValue: "t"), more: false, serverTime: 1, keyID: nil, sequence: 0, setupVersion: 0)
        #expect(handWritten(page) == (try foundationJSON(page)))
    }

    @Test func sealedMoodsAndTheKeyAreWrittenByteForByteAsFoundationWritesThem() throws {
        let key = AccountKeyID(hex: "00ff10ee20dd30cc")!
        let proof = DeletionProof(keyID: key, signature: AccountSignature(bytes: (0..<AccountSignature.byteCount).map { UInt8($0 * 3) })!)
        let head = AccountHead(
            counter: 7, sequence: 1_024, count: 6, digest: LiveSetDigest(bytes: Array(repeating: 7, count: LiveSetDigest.byteCount))!, keyID: key, signature: proof.signature)
        let moods = try (0..<6).map { extra in
            let bytes = [SealedContent.formatVersion] + key.bytes + (0..<(SealedContent.minimumSize + extra)).map { UInt8(($0 * 37 + extra) % 256) }
            return SyncedMood(id: UUID(), payload: .sealed(try SealedContent(bytes: bytes)), version: Int64(extra))
        }
        let page = ChangesResponse(
            changes: moods.map(Change.upsert) + [.deleted(UUID()), .delete(MoodDeletion(id: UUID(), proof: proof))],
            token: ChangeToken(rawValue: "t"), more: true, serverTime: 1, keyID: key, sequence: Int64.max, head: head, setupVersion: Int64.max)
        #expect(handWritten(page) == (try foundationJSON(page)), "every remainder of base64's groups of three, a deletion's proof, the head")
        #expect(try JSONDecoder().decode(ChangesResponse.self, from: Data(handWritten(page).utf8)) == page)
    }

    @Test func anEmptyLastPageIsWrittenAsFoundationWritesIt() throws {
        let page = ChangesResponse(changes: [], token: ChangeToken(rawValue: "t"), more: false, serverTime: 0, keyID: nil, sequence: 0, setupVersion: 0)
        #expect(handWritten(page) == (try foundationJSON(page)))
    }

    @Test func theClientReadsTheWrittenPageBackAndSetsAsideNotesWithControls() throws {
        let moods = Self.awkwardNotes.map { SyncedMood(id: UUID(), payload: .plain(Fixtures.content(note: $0)), version: 3) }
        let page = ChangesResponse(changes: moods.map(Change.upsert), token: ChangeToken(rawValue: "t"), more: false, serverTime: 1, keyID: nil, sequence: 0, setupVersion: 0)
        let decoded = try JSONDecoder().decode(ChangesResponse.self, from: Data(handWritten(page).utf8))
        let (readable, controls) = (moods.prefix(4), moods.suffix(2))  // the last two hold DEL and C0 controls
        #expect(decoded.changes == readable.map(Change.upsert))
        #expect(decoded.unreadable.map(\.id) == controls.map(\.id))
        #expect(decoded.token == page.token)
    }
}
