import Foundation
import MoodKit
import SyncProtocol
import Testing

/// The account's setup on the wire: plain or sealed, read back exactly, its scales and level
/// words checked once where they come in and refused in words; a page of the feed says its
/// version.
@Suite struct SetupWireTests {
    private static let stamp = HybridTimestamp(wallMilliseconds: 1_795_000_000_000, counter: 2, device: "laptop")

    private func setup(scales: String) throws -> SetupResponse {
        try JSONDecoder().decode(SetupResponse.self, from: Data(#"{"version": 2, "plain": {"scales": \#(scales)}}"#.utf8))
    }

    private func scale(
        id: String = "5B1D64A2-8C1E-4F7B-9E0A-3C2D1B0A9F8E", name: String = "sleep", kind: String = "number 0 240 h", state: String = "inUse",
        stamp: String = "1.0@laptop"
    ) -> String {
        #"{"id": "\#(id)", "name": "\#(name)", "nameStamp": "\#(stamp)", "kind": "\#(kind)", "state": "\#(state)", "stateStamp": "1.0@laptop"}"#
    }

    @Test func plainAndSealedSetupsTravelAndReadBackExactly() throws {
        var removed = Scale(name: try ScaleName.normalized("pain"), kind: .range(0...10), at: Self.stamp)
        removed.state = Stamped(.removed, at: HybridTimestamp(wallMilliseconds: 1_795_000_000_001, counter: 0, device: "phone"))
        let content = SetupContent(
            scales: [
                Scale(name: try ScaleName.normalized("sleep"), kind: .number(unit: "h", minimum: 0, maximum: 240), at: Self.stamp),
                Scale(name: try ScaleName.normalized("meds"), kind: .yesNo, at: Self.stamp), removed,
            ],
            levels: Stamped(try LevelWords(topToBottom: ["rad", "good", "meh", "bad", "awful"]), at: Self.stamp))
        let encoded = String(decoding: try JSONEncoder().encode(content), as: UTF8.self)
        #expect(encoded.contains(#""levels":{"stamp":"1795000000000.2@laptop","words":["rad","good","meh","bad","awful"]}"#)
            || encoded.contains(#""levels":{"words":["rad","good","meh","bad","awful"],"stamp":"1795000000000.2@laptop"}"#), "\(encoded)")
        let reset = SetupContent(scales: [], levels: Stamped(.builtIn, at: Self.stamp))
        #expect(try JSONDecoder().decode(SetupContent.self, from: try JSONEncoder().encode(reset)) == reset, "the built-in names travel as no words")
        let sealed = SetupPayload.sealed(try SealedContent(bytes: [SealedContent.formatVersion] + Array(repeating: 9, count: 70)))
        for payload in [SetupPayload.plain(content), sealed] {
            let upload = SetupUpload(baseVersion: 4, payload: payload)
            #expect(try JSONDecoder().decode(SetupUpload.self, from: try JSONEncoder().encode(upload)) == upload)
            let answer = SetupResponse(version: 5, payload: payload)
            #expect(try JSONDecoder().decode(SetupResponse.self, from: try JSONEncoder().encode(answer)) == answer)
        }
        let none = SetupResponse(version: 0, payload: nil)
        #expect(String(decoding: try JSONEncoder().encode(none), as: UTF8.self) == #"{"version":0}"#)
        #expect(try JSONDecoder().decode(SetupResponse.self, from: try JSONEncoder().encode(none)) == none)
    }

    @Test func badScalesAreRefusedInWords() {
        #expect(wireRefusal { try setup(scales: "[\(scale())]") } == nil)
        #expect(wireRefusal { try setup(scales: "[\(scale(name: "Sleep"))]") } != nil, "one spelling only")
        #expect(wireRefusal { try setup(scales: "[\(scale(kind: "range 5 1"))]") }?.contains("is not a scale's kind") == true)
        #expect(wireRefusal { try setup(scales: "[\(scale(state: "gone"))]") }?.contains("is not inUse or removed") == true)
        #expect(wireRefusal { try setup(scales: "[\(scale(stamp: "soon"))]") }?.contains("WALL.COUNTER@DEVICE") == true)
        #expect(wireRefusal { try setup(scales: "[\(scale()), \(scale(name: "rest"))]") }?.contains("twice") == true)
        let many = (0...SetupContent.maximumScales).map { _ in scale(id: UUID().uuidString) }
        #expect(wireRefusal { try setup(scales: "[" + many.joined(separator: ",") + "]") }?.contains("the limit is") == true)
        #expect(wireRefusal { try JSONDecoder().decode(SetupUpload.self, from: Data(#"{"baseVersion": 1}"#.utf8)) } != nil)
        func levels(_ words: String) -> String? {
            wireRefusal { try JSONDecoder().decode(SetupContent.self, from: Data(#"{"scales": [], "levels": {"words": \#(words), "stamp": "1.0@laptop"}}"#.utf8)) }
        }
        #expect(levels(#"["rad", "good", "meh", "bad", "awful"]"#) == nil && levels("[]") == nil)
        #expect(levels(#"["rad", "good"]"#)?.contains("give five words") == true)
        #expect(levels(#"["rad", "good", "meh", "bad", "\u001b[2J"]"#)?.contains("control or formatting character") == true)
    }

    @Test func endedSharesTravelMergeAsAUnionAndAreBounded() throws {
        let (one, two) = (ShareID.random(), ShareID.random())
        let content = SetupContent(scales: [], endedShares: [one])
        let decoded = try JSONDecoder().decode(SetupContent.self, from: try JSONEncoder().encode(content))
        #expect(decoded == content)
        #expect(!String(decoding: try JSONEncoder().encode(SetupContent(scales: [])), as: UTF8.self).contains("endedShares"), "left out while empty")
        #expect(content.merged(with: SetupContent(scales: [], endedShares: [two])).endedShares == [one, two])
        let tooMany = (0...SetupContent.maximumEndedShares).map { _ in "\"\(ShareID.random())\"" }.joined(separator: ",")
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(SetupContent.self, from: Data(#"{"scales": [], "endedShares": [\#(tooMany)]}"#.utf8))
        }
    }

    @Test func aPageSaysTheSetupsVersionAndAnOlderServersPageReadsAsNone() throws {
        let page = ChangesResponse(
            changes: [], token: ChangeToken(rawValue: "t"), more: false, serverTime: 1, keyID: nil, sequence: 0, setupVersion: 7)
        #expect(try JSONDecoder().decode(ChangesResponse.self, from: try JSONEncoder().encode(page)).setupVersion == 7)
        let older = #"{"changes": [], "token": "t", "more": false, "serverTime": 1, "sequence": 0}"#
        #expect(try JSONDecoder().decode(ChangesResponse.self, from: Data(older.utf8)).setupVersion == 0)
    }
}
