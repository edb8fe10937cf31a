import Foundation
import FuzzingSupport
import MoodSealing
import SyncProtocol

/// The JSON of every message the protocol carries, both ways, and of what a device seals inside
/// them. The input's first byte picks the message, the rest is its JSON. Beyond not crashing: a
/// message that decodes encodes, and its encoding decodes as the same value and encodes as the
/// same bytes. A value that changed on the way would be a mood, a proof or a key changed between
/// a device and the server.
@main enum FuzzWireJSON {
    static func main() {
        Fuzzing.run { data, size in
            let input = Fuzzing.bytes(data, size)
            guard let pick = input.first else { return 0 }
            messages[Int(pick) % messages.count](Data(input.dropFirst()))
            return 0
        }
    }
}

/// Each message's check, in the order the first byte picks them.
private let messages: [@Sendable (Data) -> Void] = [
    roundTrip(UploadRequest.self), roundTrip(UploadResponse.self), roundTrip(DeletionRequest.self),
    roundTrip(DeletionResponse.self), roundTrip(ChangesResponse.self, asSent: withoutUnreadable), roundTrip(PushMessage.self),
    roundTrip(ErrorResponse.self), roundTrip(HealthResponse.self), roundTrip(AccountResponse.self),
    roundTrip(KeyChangeRequest.self), roundTrip(DeviceKeyRegistration.self), roundTrip(AccountHead.self),
    roundTrip(SetupResponse.self), roundTrip(SetupUpload.self), roundTrip(DeviceListResponse.self),
    roundTrip(ShareCreationRequest.self), roundTrip(ListedShare.self), roundTrip(ShareListResponse.self),
    roundTrip(KeyHandOver.self), roundTrip(ShareRecordUpdate.self), roundTrip(MoodContent.self),
    roundTrip(SetupContent.self), roundTrip(ShareEntry.self), roundTrip(ShareScope.self),
]

/// A page as the server sent it: the changes a device could not read are set aside in
/// `unreadable` as it decodes, a note of its own that no encoding carries.
@Sendable private func withoutUnreadable(_ page: ChangesResponse) -> ChangesResponse {
    var page = page
    page.unreadable = []
    return page
}

/// The check for one message; `asSent` turns a decoded value into what an encoding carries.
private func roundTrip<Message: Codable & Equatable & Sendable>(
    _ type: Message.Type, asSent: @escaping @Sendable (Message) -> Message = { $0 }
) -> @Sendable (Data) -> Void {
    { json in
        guard let decoded = try? JSONDecoder().decode(Message.self, from: json) else { return }
        let message = asSent(decoded)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let encoded: Data
        do { encoded = try encoder.encode(message) } catch {
            Fuzzing.fail("\(Message.self) decoded but does not encode: \(error)")
        }
        let again: Message
        do { again = try JSONDecoder().decode(Message.self, from: encoded) } catch {
            Fuzzing.fail("\(Message.self)'s own encoding does not decode: \(error)\n\(String(decoding: encoded, as: UTF8.self))")
        }
        Fuzzing.require(again == message, "\(Message.self) changed on a round trip:\n\(message)\n\(again)")
        Fuzzing.require((try? encoder.encode(again)) == encoded, "\(Message.self) encodes two ways: \(String(decoding: encoded, as: UTF8.self))")
    }
}
