import Foundation
import SyncProtocol
import Testing

/// Device names and ids, as the server command takes them and a device reads them.
@Suite struct DeviceListWireTests {
    @Test func aNameIsTrimmedAndRefusedInWordsWhenEmptyTooLongOrHoldingControls() throws {
        #expect(try DeviceName("  work laptop ").text == "work laptop")
        #expect(try DeviceName("Ärzte-Handy 📱").text == "Ärzte-Handy 📱")
        #expect(throws: DeviceNameError.empty) { try DeviceName("   ") }
        #expect(throws: DeviceNameError.controlCharacter("U+001B")) { try DeviceName("lap\u{1B}[2Jtop") }
        #expect(throws: DeviceNameError.controlCharacter("U+0000")) { try DeviceName("a\u{0}b") }
        #expect(throws: DeviceNameError.controlCharacter("U+202E"), "a bidi override would reorder the list's line") {
            try DeviceName("phone\u{202E}ecived siht")
        }
        #expect(try DeviceName("family 👨\u{200D}👩\u{200D}👧").text.count == 8, "emoji sequences keep their joiners")
        #expect(throws: DeviceNameError.tooLong(characters: 41, bytes: 41)) { try DeviceName(String(repeating: "x", count: 41)) }
        #expect(throws: DeviceNameError.self, "combining marks past the byte limit") {
            try DeviceName("e" + String(repeating: "\u{301}", count: 100))
        }
    }

    @Test func aListFromTheServerIsReadOnlyWithNamesInTheirForm() throws {
        let good = #"{"devices":[{"id":"0123456789abcdef","name":"laptop","addedAt":1,"current":true},{"id":"fedcba9876543210","addedAt":2,"current":false}]}"#
        let list = try JSONDecoder().decode(DeviceListResponse.self, from: Data(good.utf8))
        #expect(list.devices.map(\.name?.text) == ["laptop", nil])
        #expect(list.devices.first?.id == DeviceTokenID(hex: "0123456789abcdef"))
        for bad in [#""name":"lap\u001btop""#, #""name":" laptop""#, #""name":"""#] {
            let text = #"{"devices":[{"id":"0123456789abcdef",\#(bad),"addedAt":1,"current":true}]}"#
            #expect(throws: DecodingError.self, "\(bad)") { try JSONDecoder().decode(DeviceListResponse.self, from: Data(text.utf8)) }
        }
        let upper = #"{"devices":[{"id":"0123456789ABCDEF","addedAt":1,"current":true}]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(DeviceListResponse.self, from: Data(upper.utf8)) }
    }

    @Test func aDevicesIDIsTheStartOfItsTokensHash() {
        let hash = Data((0..<32).map { UInt8($0) })
        #expect(DeviceTokenID(tokenHash: hash).description == "0001020304050607")
        #expect(SyncEndpoint.device(DeviceTokenID(tokenHash: hash)) == "/v1/devices/0001020304050607")
    }
}
