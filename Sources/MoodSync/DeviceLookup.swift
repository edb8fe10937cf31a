import Foundation
import SyncProtocol

/// Finds the device a person means among the account's (`moodtui key rotate --revoke DEVICE`):
/// by its name, ignoring case, or by a prefix of its id of at least ``shortestIDPrefix`` hex
/// digits, as `git` takes a short commit id. Anything but exactly one other device is refused.
public enum DeviceLookup {
    /// Fewer digits would match too many devices to be worth typing.
    public static let shortestIDPrefix = 4

    /// The one device `text` names.
    /// - Throws: ``DeviceLookupError`` when none or several match, or the match is this device.
    public static func device(named text: String, among devices: [ListedDevice]) throws(DeviceLookupError) -> ListedDevice {
        let wanted = text.trimmingCharacters(in: .whitespaces)
        var matches = devices.filter { $0.name?.text.caseInsensitiveCompare(wanted) == .orderedSame }
        if matches.isEmpty, wanted.count >= shortestIDPrefix {
            matches = devices.filter { $0.id.description.hasPrefix(wanted.lowercased()) }
        }
        guard let match = matches.first else { throw .noMatch(wanted) }
        guard matches.count == 1 else { throw .ambiguous(wanted, matches) }
        guard !match.current else { throw .thisDevice }
        return match
    }
}

/// Why ``DeviceLookup`` found no device to act on, in words.
public enum DeviceLookupError: Error, Equatable, CustomStringConvertible {
    /// Nothing is called this, and no id starts with it.
    case noMatch(String)
    /// Several devices answer to the text: those devices.
    case ambiguous(String, [ListedDevice])
    /// The device asking: revoking it would lock the person out of their own rotation.
    case thisDevice

    public var description: String {
        switch self {
        case .noMatch(let text):
            "no device of this account is called '\(text.prefix(40))' or has an id starting with it (the list is above; "
                + "only if an earlier run already revoked it, rotate with --keep-devices)"
        case .ambiguous(let text, let devices):
            "'\(text.prefix(40))' matches \(devices.count) devices (\(devices.map(\.id.description).joined(separator: ", "))): give more of the id"
        case .thisDevice:
            "that is this device; to stop syncing here, log out instead (`moodtui logout`)"
        }
    }
}
