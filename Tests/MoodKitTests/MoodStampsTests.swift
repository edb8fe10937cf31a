import MoodKit
import Testing

@Suite struct MoodStampsTests {
    static func stamp(_ wall: Int64, _ counter: UInt32, _ device: String) -> HybridTimestamp {
        HybridTimestamp(wallMilliseconds: wall, counter: counter, device: device)
    }

    @Test func storedTextIsShortForAMoodSetAtOnceByItsCreatorAndReadsBackExactly() {
        let created = MoodStamps(all: Self.stamp(1_795_341_600_000, 0, "laptop"))
        #expect(created.storedText(creatorID: "laptop") == "1795341600000.0")
        let edited = MoodStamps(level: Self.stamp(1_795_341_700_000, 2, "phone@home"), note: created.note, date: created.date)
        #expect(edited.storedText(creatorID: "laptop") == "1795341700000.2@phone@home\n1795341600000.0\n1795341600000.0")
        for stamps in [created, edited, MoodStamps(all: Self.stamp(0, .max, "東京 📱"))] {
            #expect(MoodStamps(storedText: stamps.storedText(creatorID: "laptop"), creatorID: "laptop") == stamps)
        }
        for text in ["", "1.0\n2.0", "x", "1.0\n1.0\n", "1.0@"] {
            #expect(MoodStamps(storedText: text, creatorID: "laptop") == nil, "\(text)")
        }
    }
}
