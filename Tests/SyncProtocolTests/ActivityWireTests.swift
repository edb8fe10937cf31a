import Foundation
import MoodKit
import SyncProtocol
import SyncTesting
import Testing

/// Activities on the wire: read back exactly, checked once where they come in, refused in words.
@Suite struct ActivityWireTests {
    private func upload(activities: String) throws -> MoodUpload {
        try JSONDecoder().decode(MoodUpload.self, from: Data("""
            {"id": "3F2504E0-4F89-11D3-9A0C-0305E82C3301", "date": 1, "level": 3, "note": "", "creatorID": "laptop",
             "activities": \(activities), "stamps": {"date": "1.0@laptop", "level": "1.0@laptop", "note": "1.0@laptop"}}
            """.utf8))
    }

    private func refusal(activities: String) -> String? { wireRefusal { try upload(activities: activities) } }

    @Test func aSetWithRemovalsTravelsAndReadsBackExactly() throws {
        var activities = ActivitySet(adding: ["run", "tea", "été"].map { try! ActivityName.normalized($0) },
                                     at: HybridTimestamp(wallMilliseconds: 5, counter: 1, device: "laptop"))
        activities.remove(try ActivityName.normalized("tea"))
        let content = MoodContent(
            date: Date(millisecondsSince1970: 1), level: .good, note: "", creatorID: "laptop",
            stamps: MoodStamps(all: HybridTimestamp(wallMilliseconds: 1, counter: 0, device: "laptop")), activities: activities)
        let upload = MoodUpload(id: UUID(), payload: .plain(content), baseVersion: nil)
        let decoded = try JSONDecoder().decode(MoodUpload.self, from: try JSONEncoder().encode(upload))
        #expect(decoded == upload)
        #expect(decoded.content?.activities.names.map(\.text) == ["run", "été"])
    }

    @Test func theMemberIsRequired() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(MoodContent.self, from: Data(#"{"date": 1, "level": 3, "creatorID": "x", "stamps": {"date": "1.0@x", "level": "1.0@x", "note": "1.0@x"}}"#.utf8))
        }
    }

    @Test(arguments: [
        (#"{"Run": {"added": ["1.0@laptop"]}}"#, "activities.Run: invalid activity: 'Run' is not in lower case"),
        (#"{"a b": {"added": ["1.0@laptop"]}}"#, "activities.a b: invalid activity: 'a b' holds ' '"),
        (#"{"run": {"added": ["yesterday"]}}"#, "activities.run.added: invalid stamp"),
        (#"{"run": {"added": ["1.0@laptop", "2.0@laptop"]}}"#, "activities.run.added: invalid stamp: two stamps of device 'laptop'"),
        (#"{"run": {"removed": ["1.0@laptop"]}}"#, "activities.run: missing 'added'"),
        (#"["run"]"#, "activities: "),
    ])
    func activitiesThatBreakTheRulesAreRefusedNamingWhere(json: String, words: String) {
        let refused = refusal(activities: json)
        #expect(refused?.hasPrefix(words) == true, "\(refused ?? "accepted")")
    }

    @Test func moreActivitiesThanTheLimitAreRefused() {
        let members = (0...ActivitySet.maximumHistories).map { #""a\#($0)": {"added": ["1.0@laptop"]}"# }
        #expect(refusal(activities: "{" + members.joined(separator: ",") + "}")?.contains("too many activities") == true)
    }
}
