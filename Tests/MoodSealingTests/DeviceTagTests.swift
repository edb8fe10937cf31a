import MoodSealing
import Testing

/// The device header's value: stable for one device and token, telling nothing of the id.
@Suite struct DeviceTagTests {
    @Test func aTagIsStableForADeviceAndTokenAndHidesTheID() {
        let id = "3f2a9c41d7e84b0f"
        let tag = DeviceTag.tag(deviceID: id, token: "token-a")
        #expect(tag == DeviceTag.tag(deviceID: id, token: "token-a"), "the server tells the device's requests apart by it")
        #expect(tag.count == 32 && tag.allSatisfy(\.isHexDigit) && tag == tag.lowercased())
        #expect(!tag.contains(id))
        #expect(tag != DeviceTag.tag(deviceID: id, token: "token-b"), "under another token it is another tag")
        #expect(tag != DeviceTag.tag(deviceID: "3f2a9c41d7e84b0e", token: "token-a"))
    }
}
