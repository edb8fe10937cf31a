import Foundation
import MoodKit
import SyncProtocol
import SyncTesting
import Testing

/// The JSON shapes of the sync protocol, decoded from text as a client or server would send them.
@Suite struct WireFormatTests {
    let id = UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301")!

    private func upload(_ fields: String) throws -> MoodUpload {
        try JSONDecoder().decode(MoodUpload.self, from: Data("""
            {"id": "\(id.uuidString)", "date": 1795000000123, "activities": {}, "stamps": {"date": "1795000000456.0@laptop", "level": "1795000000456.0@laptop", "note": "1795000000456.0@laptop"}, \(fields)}
            """.utf8))
    }

    @Test func anUploadIsOneFlatObjectWithMillisecondDates() throws {
        let decoded = try upload(#""level": 4, "note": "good run", "creatorID": "laptop", "baseVersion": 12"#)
        #expect(decoded.id == id)
        #expect(decoded.baseVersion == 12)
        #expect(decoded.content?.level == .good)
        #expect(decoded.content?.note == "good run")
        #expect(decoded.content?.date.millisecondsSince1970 == 1_795_000_000_123)
        #expect(decoded.content?.stamps == MoodStamps(all: HybridTimestamp(wallMilliseconds: 1_795_000_000_456, counter: 0, device: "laptop")))
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(decoded)) as? [String: Any]
        #expect(json?["date"] as? Int == 1_795_000_000_123)
        #expect(json?["level"] as? Int == 4)
        #expect(try JSONDecoder().decode(MoodUpload.self, from: JSONEncoder().encode(decoded)) == decoded)
    }

    @Test func aMissingBaseVersionMeansANewMood() throws {
        #expect(try upload(#""level": 1, "creatorID": "laptop""#).baseVersion == nil)
        #expect(try upload(#""level": 1, "creatorID": "laptop", "baseVersion": null"#).baseVersion == nil)
    }

    @Test(arguments: [
        #""level": 0, "creatorID": "x""#, #""level": 6, "creatorID": "x""#, #""level": "4", "creatorID": "x""#,
        #""level": 3, "creatorID": """#, #""level": 3"#,
        #""level": 3, "creatorID": "x", "note": 5"#,
    ])
    func invalidFieldsAreRefused(fields: String) {
        #expect(throws: DecodingError.self) { try upload(fields) }
    }

    @Test func aNoteMustArriveTrimmedAndWithinTheLimit() throws {
        let longest = String(repeating: "é", count: MoodNote.maximumLength)
        #expect(try upload(#""level": 3, "creatorID": "x", "note": "\#(longest)""#).content?.note == longest)
        #expect(throws: DecodingError.self) { try upload(#""level": 3, "creatorID": "x", "note": "\#(longest)!""#) }
        #expect(throws: DecodingError.self) { try upload(#""level": 3, "creatorID": "x", "note": "  good run""#) }
    }

    @Test func anInvalidIDIsRefused() {
        let json = #"{"id": "not-a-uuid", "date": 0, "activities": {}, "stamps": {"date": "0.0@laptop", "level": "0.0@laptop", "note": "0.0@laptop"}, "level": 3, "creatorID": "x"}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(MoodUpload.self, from: Data(json.utf8)) }
    }

    @Test func aDeletedConflictCarriesAnExplicitNullServerCopy() throws {
        let conflict = MoodConflict(id: id, reason: .deleted, server: nil)
        let text = String(decoding: try JSONEncoder().encode(conflict), as: UTF8.self)
        #expect(text.contains(#""server":null"#))
        #expect(text.contains(#""reason":"deleted""#))
    }

    @Test func changesAreTaggedByKind() throws {
        let mood = SyncedMood(
            id: id, payload: .plain(MoodContent(date: Date(millisecondsSince1970: 5), level: .meh, note: "", creatorID: "x",
                                         stamps: MoodStamps(all: HybridTimestamp(wallMilliseconds: 6, counter: 0, device: "x")))), version: 3)
        let page = ChangesResponse(changes: [.upsert(mood), .deleted(id)], token: ChangeToken(rawValue: "t"), more: true, serverTime: 7, keyID: nil, sequence: 3, setupVersion: 0)
        let data = try JSONEncoder().encode(page)
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let changes = json?["changes"] as? [[String: Any]]
        #expect(changes?.map { $0["kind"] as? String } == ["upsert", "delete"])
        #expect((changes?.first?["mood"] as? [String: Any])?["version"] as? Int == 3)
        #expect(try JSONDecoder().decode(ChangesResponse.self, from: data) == page)
    }
}

/// Sealed payloads on the wire: what a server can check of them, it checks, in words.
@Suite struct SealedWireTests {
    let key = AccountKeyID(hex: "0123456789abcdef")!

    private func upload(sealed text: String) throws -> MoodUpload {
        try JSONDecoder().decode(MoodUpload.self, from: Data(#"{"id": "3F2504E0-4F89-11D3-9A0C-0305E82C3301", "sealed": "\#(text)"}"#.utf8))
    }

    @Test func aSealedUploadIsItsIDAndBase64() throws {
        let bytes = [SealedContent.formatVersion] + key.bytes + [UInt8](repeating: 1, count: 40)
        let decoded = try upload(sealed: Data(bytes).base64EncodedString())
        #expect(decoded.payload == .sealed(try SealedContent(bytes: bytes)))
        #expect(decoded.payload.keyID == key)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(decoded)) as? [String: Any]
        #expect(Set(json?.keys.map { $0 } ?? []) == ["id", "sealed"], "nothing of the content beside it")
    }

    @Test(arguments: [
        (Data([1] + [UInt8](repeating: 0, count: 10)).base64EncodedString(), "is too short"),
        (Data([3] + [UInt8](repeating: 0, count: 60)).base64EncodedString(), "of format 3 is not one this moodtui knows (it knows 1 and 2)"),
        ("not base64!", "must be standard base64"),
        (String(repeating: "A", count: (SealedContent.maximumSize + 3) / 3 * 4 + 4), "is too large"),
    ])
    func aBlobTheServerCannotKeepIsRefusedInWords(text: String, words: String) {
        #expect {
            try upload(sealed: text)
        } throws: { error in
            "\(error)".contains(words)
        }
    }

    @Test func aKeyIDIsSixteenLowerCaseHexDigits() throws {
        #expect(key.description == "0123456789abcdef")
        for text in ["0123456789ABCDEF", "0123456789abcde", "0123456789abcdeg", ""] { #expect(AccountKeyID(hex: text) == nil) }
        let page = ChangesResponse(changes: [], token: ChangeToken(rawValue: "t"), more: false, serverTime: 1, keyID: key, sequence: 0, setupVersion: 0)
        #expect(try JSONDecoder().decode(ChangesResponse.self, from: JSONEncoder().encode(page)).keyID == key)
    }
}
