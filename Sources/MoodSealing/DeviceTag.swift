import Crypto
import Foundation

/// What a device sends in ``SyncProtocol/SyncEndpoint/deviceHeader`` instead of its id: an HMAC
/// of the id under the device's token. The server needs only to tell a device's requests and
/// push socket apart from others' (it pushes nobody their own writes back); the id itself stays
/// inside sealed stamps, so the header cannot tie sealed moods to the device that wrote them.
public enum DeviceTag {
    /// 128 bits as 32 lower-case hex digits: the same for every request of one device and token.
    public static func tag(deviceID: String, token: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Array("moodtui device tag 1\n\(deviceID)".utf8), using: SymmetricKey(data: Array(token.utf8)))
        return mac.prefix(16).map { String(format: "%02x", $0) }.joined()
    }
}
