import Foundation

/// A value that the server's store and a device's journal keep as JSON text in one column or
/// setting: an account's head, a device's registered key, a key handed over to a device, the
/// account's setup.
public protocol StoredAsJSON: Codable {}

extension StoredAsJSON {
    /// The value as JSON text.
    public var json: String {
        String(decoding: try! JSONEncoder().encode(self), as: UTF8.self)  // these values always encode
    }

    /// The value `json` holds, `nil` for text that is not one.
    public init?(json: String) {
        guard let value = try? JSONDecoder().decode(Self.self, from: Data(json.utf8)) else { return nil }
        self = value
    }
}

extension DeviceKeyRegistration: StoredAsJSON {}
extension KeyHandOver: StoredAsJSON {}
extension SetupResponse: StoredAsJSON {}
