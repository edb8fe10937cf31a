import Foundation
import MoodKit
import SyncProtocol
import SyncTesting
import Testing

/// The one validation both sides run on a mood's JSON: hostile values are refused in words,
/// never trapped on, never stored changed.
@Suite struct WireValidationTests {
    static let id = "3F2504E0-4F89-11D3-9A0C-0305E82C3301"

    private func upload(date: String = "1795000000000", levelStamp: String = #""1795000000000.0@laptop""#, note: String = #""ok""#,
                        creatorID: String = #""laptop""#, id: String = id) throws -> MoodUpload {
        try JSONDecoder().decode(MoodUpload.self, from: Data("""
            {"id": "\(id)", "date": \(date), "level": 3, "note": \(note), "creatorID": \(creatorID),
             "activities": {}, "stamps": {"date": "1795000000000.0@laptop", "level": \(levelStamp), "note": "1795000000000.0@laptop"}}
            """.utf8))
    }

    /// The words a refusal carries, as the server sends them back.
    private func refusal(_ decode: () throws -> MoodUpload) -> String? { wireRefusal(decode) }

    @Test(arguments: ["9223372036854775296", "9223372036854775807", "9007199254740993", "253402300800000", "-1", "-9223372036854775808"])
    func aDateOutsideTheRangeIsRefusedNamingTheField(milliseconds: String) {
        #expect(refusal { try upload(date: milliseconds) }?.hasPrefix("date: date \(milliseconds) is out of range") == true)
        #expect(refusal { try upload(levelStamp: "\"\(milliseconds).0@laptop\"") }?.hasPrefix("stamps.level: invalid stamp") == true)
    }

    @Test(arguments: ["1e30", "1795000000000.5", "\"1795000000000\""])
    func aDateThatIsNotAnIntegerIsRefused(text: String) {
        #expect(refusal { try upload(date: text) } != nil)
    }

    @Test func theLastMillisecondOf9999IsAcceptedExactly() throws {
        let last = MoodDateRange.milliseconds.upperBound
        let decoded = try upload(date: String(last), levelStamp: #""0.0@laptop""#)
        #expect(decoded.content?.date.millisecondsSince1970 == last)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(decoded)) as? [String: Any]
        #expect((json?["date"] as? NSNumber)?.int64Value == last)
    }

    @Test func aStampIsReadExactlyAndAMalformedOneIsRefusedNamingTheField() throws {
        #expect(try upload(levelStamp: #""1795000000000.7@phone@home""#).content?.stamps.level
            == HybridTimestamp(wallMilliseconds: 1_795_000_000_000, counter: 7, device: "phone@home"))
        for text in [#""1795000000000@laptop""#, #""1795000000000.1""#, #""1795000000000.1@""#, #""-1.0@laptop""#,
                     #""1795000000000.4294967296@laptop""#, #""1795000000000.1@a\u0000b""#, "17", "null"] {
            let words = refusal { try upload(levelStamp: text) }
            #expect(words?.hasPrefix("stamps.level") == true, "\(words ?? "accepted")")
        }
    }

    @Test func aNULInANoteIsRefusedNotCut() {
        #expect(refusal { try upload(note: #""a\u0000b""#) } == "note: note contains the control character U+0000; only tab and line feed are allowed")
    }

    @Test func escapeAndC1ControlsInANoteAreRefused() {
        #expect(refusal { try upload(note: #""\u001b[31mred""#) } != nil)
        #expect(refusal { try upload(note: #""a\u009bb""#) } != nil)
        #expect(refusal { try upload(note: #""line one\nline two\tand a tab""#) } == nil)
    }

    @Test func aCreatorIDWithANULOrNothingIsRefused() {
        #expect(refusal { try upload(creatorID: #""\u0000evil""#) } == "creatorID: invalid creatorID: it contains the control character U+0000")
        #expect(refusal { try upload(creatorID: #""""#) } == "creatorID: invalid creatorID: it is empty")
        #expect(refusal { try upload(creatorID: "\"\(String(repeating: "é", count: 101))\"") } != nil)
    }

    @Test func aLowerCaseIDIsRefusedSoThatAnswersMatchRequestsByText() throws {
        #expect(refusal { try upload(id: Self.id.lowercased()) }?.contains("upper case") == true)
        #expect(refusal { try upload(id: "{\(Self.id)}") }?.contains("is not a UUID") == true)
        let deletion = #"{"deletions": [{"id": "\#(Self.id)"}, {"id": "\#(Self.id.lowercased())"}]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(DeletionRequest.self, from: Data(deletion.utf8)) }
        let fine = #"{"deletions": [{"id": "\#(Self.id)"}]}"#
        #expect(try JSONDecoder().decode(DeletionRequest.self, from: Data(fine.utf8)).deletions.map(\.id.uuidString) == [Self.id])
    }

    @Test func aDeletionsProofComesWholeOrNotAtAll() {
        let keyID = "\"keyID\": \"0123456789abcdef\""
        let signature = "\"signature\": \"\(String(repeating: "ab", count: AccountSignature.byteCount))\""
        for half in [keyID, signature] {
            let deletion = #"{"deletions": [{"id": "\#(Self.id)", \#(half)}]}"#
            #expect(throws: DecodingError.self, "\(half)") { try JSONDecoder().decode(DeletionRequest.self, from: Data(deletion.utf8)) }
        }
        let whole = #"{"deletions": [{"id": "\#(Self.id)", \#(keyID), \#(signature)}]}"#
        let decoded = try? JSONDecoder().decode(DeletionRequest.self, from: Data(whole.utf8))
        #expect(decoded?.deletions.first?.proof != nil)
    }

    @Test func aChangePageSetsAsideWhatBreaksTheRulesAndKeepsTheRest() throws {
        let good = UUID(), bad = UUID(), deleted = UUID()
        func mood(_ id: UUID, creatorID: String) -> String {
            #"{"kind": "upsert", "mood": {"id": "\#(id.uuidString)", "date": 1, "activities": {}, "stamps": {"date": "2.0@laptop", "level": "2.0@laptop", "note": "2.0@laptop"}, "level": 3, "note": "n", "creatorID": \#(creatorID), "version": 4}}"#
        }
        let page = """
            {"changes": [\(mood(good, creatorID: #""laptop""#)), \(mood(bad, creatorID: #""""#)),
                         {"kind": "delete", "id": "\(deleted.uuidString)"}, {"kind": "delete", "id": "nope"}],
             "token": "t", "more": false, "serverTime": 1795000000000, "sequence": 9}
            """
        let decoded = try JSONDecoder().decode(ChangesResponse.self, from: Data(page.utf8))
        #expect(decoded.changes.map(\.id) == [good, deleted])
        #expect(decoded.unreadable.map(\.id) == [bad, nil])
        #expect(decoded.unreadable.first?.reason == "changes[1].mood.creatorID: invalid creatorID: it is empty")
        #expect(decoded.token == ChangeToken(rawValue: "t"))
    }

    @Test func aPageWhoseShapeIsWrongStillFailsAsAWhole() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ChangesResponse.self, from: Data(#"{"changes": 5, "token": "t", "more": false}"#.utf8))
        }
    }
}
