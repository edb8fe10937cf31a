import Foundation
import MoodKit
import SyncProtocol
import SyncTesting
import Testing

/// Scale values on the wire: read back exactly, left out when a mood has none, checked once
/// where they come in and refused in words.
@Suite struct ScaleWireTests {
    private static let sleep = UUID(uuidString: "5B1D64A2-8C1E-4F7B-9E0A-3C2D1B0A9F8E")!

    private func upload(scales: String) throws -> MoodUpload {
        try JSONDecoder().decode(MoodUpload.self, from: Data("""
            {"id": "3F2504E0-4F89-11D3-9A0C-0305E82C3301", "date": 1, "level": 3, "note": "", "creatorID": "laptop",
             "activities": {}, "scales": \(scales), "stamps": {"date": "1.0@laptop", "level": "1.0@laptop", "note": "1.0@laptop"}}
            """.utf8))
    }

    private func refusal(scales: String) -> String? { wireRefusal { try upload(scales: scales) } }

    @Test func valuesOfEveryKindTravelAndReadBackExactly() throws {
        let stamp = HybridTimestamp(wallMilliseconds: 5, counter: 1, device: "phone")
        var scales = ScaleValues()
        let (anxiety, meds, mood) = (UUID(), UUID(), UUID())
        scales.set(.tenths(75), for: Self.sleep, at: stamp)
        scales.set(.whole(-3), for: anxiety, at: stamp)
        scales.set(.no, for: meds, at: stamp)
        scales.set(.yes, for: mood, at: stamp)
        scales.set(nil, for: mood, at: HybridTimestamp(wallMilliseconds: 6, counter: 0, device: "laptop"))
        let content = MoodContent(
            date: Date(millisecondsSince1970: 1), level: .good, note: "", creatorID: "laptop",
            stamps: MoodStamps(all: HybridTimestamp(wallMilliseconds: 1, counter: 0, device: "laptop")), scales: scales)
        let upload = MoodUpload(id: UUID(), payload: .plain(content), baseVersion: nil)
        let decoded = try JSONDecoder().decode(MoodUpload.self, from: try JSONEncoder().encode(upload))
        #expect(decoded == upload)
        #expect(decoded.content?.scales.values == [Self.sleep: .tenths(75), anxiety: .whole(-3), meds: .no])
        #expect(decoded.content?.scales.entries[mood]?.value == .cleared, "a clearing travels, so a late value cannot come back")
    }

    @Test func aMoodWithoutValuesLeavesTheMemberOut() throws {
        let content = MoodContent(
            date: Date(millisecondsSince1970: 1), level: .good, note: "", creatorID: "laptop",
            stamps: MoodStamps(all: HybridTimestamp(wallMilliseconds: 1, counter: 0, device: "laptop")))
        let json = String(decoding: try JSONEncoder().encode(MoodPayload.plain(content)), as: UTF8.self)
        #expect(!json.contains("scales"))
        #expect(try upload(scales: "{}").content?.scales == ScaleValues())
    }

    @Test func badValuesAreRefusedInWords() {
        let id = Self.sleep.uuidString
        #expect(refusal(scales: #"{"\#(id)": {"stamp": "2.0@phone", "value": "tenths:75"}}"#) == nil)
        #expect(refusal(scales: #"{"sleep": {"stamp": "2.0@phone", "value": "yes"}}"#)?.contains("'sleep' is not a scale id") == true)
        #expect(refusal(scales: #"{"\#(id)": {"stamp": "2.0@phone", "value": "7.5"}}"#)?.contains("'7.5' is not a scale value") == true)
        #expect(refusal(scales: #"{"\#(id)": {"stamp": "2.0@phone", "value": "whole:1000001"}}"#)?.contains("within a million") == true)
        #expect(refusal(scales: #"{"\#(id)": {"stamp": "2.0@phone", "value": "tenths:99999999999999999999"}}"#) != nil)
        #expect(refusal(scales: #"{"\#(id)": {"stamp": "two", "value": "yes"}}"#)?.contains("is not WALL.COUNTER@DEVICE") == true)
        #expect(refusal(scales: #"{"\#(id)": {"value": "yes"}}"#) != nil, "a value without its stamp cannot be merged")
        #expect(refusal(scales: #"{"\#(id)": {"stamp": "2.0@phone", "value": "yes"}, "\#(id.lowercased())": {"stamp": "2.0@phone", "value": "no"}}"#)?.contains("twice") == true)
        let many = (0...ScaleValues.maximumEntries).map { _ in #""\#(UUID().uuidString)": {"stamp": "2.0@phone", "value": "yes"}"# }
        #expect(refusal(scales: "{" + many.joined(separator: ",") + "}")?.contains("the limit is \(ScaleValues.maximumEntries)") == true)
    }
}
