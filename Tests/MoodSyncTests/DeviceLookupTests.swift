import MoodSync
import SyncProtocol
import Testing

/// `key rotate --revoke DEVICE`: a name or a short id finds exactly one other device, or nothing.
@Suite struct DeviceLookupTests {
    private static func device(_ hex: String, _ name: String?, current: Bool = false) -> ListedDevice {
        ListedDevice(id: DeviceTokenID(hex: hex)!, name: try! name.map { try DeviceName($0) }, addedAt: 0, current: current)
    }

    private let devices = [
        device("1a2b3c4d5e6f7a8b", "Laptop", current: true),
        device("1a2b99990000aaaa", "phone"),
        device("ffee000011112222", nil),
        device("0123456789abcdef", "old phone"),
        device("0123000000000000", "old phone"),
    ]

    @Test func aNameIgnoringCaseOrAnIDPrefixOfFourDigitsFindsTheDevice() throws {
        #expect(try DeviceLookup.device(named: "PHONE", among: devices).id.description == "1a2b99990000aaaa")
        #expect(try DeviceLookup.device(named: " ffee ", among: devices).name == nil)
        #expect(try DeviceLookup.device(named: "1A2B9", among: devices).name?.text == "phone")
        #expect(try DeviceLookup.device(named: "0123456789abcdef", among: devices).name?.text == "old phone")
    }

    @Test func anythingButExactlyOneOtherDeviceIsRefusedInWords() {
        #expect(throws: DeviceLookupError.noMatch("ffe"), "three digits are too few") { try DeviceLookup.device(named: "ffe", among: devices) }
        #expect(throws: DeviceLookupError.noMatch("tablet")) { try DeviceLookup.device(named: "tablet", among: devices) }
        #expect(throws: DeviceLookupError.thisDevice) { try DeviceLookup.device(named: "laptop", among: devices) }
        do {
            _ = try DeviceLookup.device(named: "1a2b", among: devices)
            Issue.record("a prefix of two devices' ids was taken")
        } catch {
            #expect(error.description.contains("1a2b3c4d5e6f7a8b, 1a2b99990000aaaa"))
        }
        #expect(throws: DeviceLookupError.self, "two devices share the name") { try DeviceLookup.device(named: "old phone", among: devices) }
    }
}
