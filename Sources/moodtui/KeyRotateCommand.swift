import ArgumentParser
import Foundation
import Logging
import MoodSealing
import MoodSync
import SyncProtocol

/// `moodtui key rotate`: a new key for the account, after a device or the phrase was lost.
struct KeyRotateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate", abstract: "Give the account a new key after a device or the phrase was lost.",
        discussion: """
            Revokes the lost device's token (--revoke), syncs, gives the account a new key, and \
            uploads every mood again sealed with it: the old key and phrase open nothing the server \
            holds afterwards. Prints the new recovery phrase (alone on the last line); the account's \
            other devices stop syncing until they are given it with `moodtui key enter`. Run without \
            --revoke or --keep-devices, it lists the account's devices and changes nothing. Cut off, \
            it can be run again.
            """)

    @Option(help: ArgumentHelp(
        "A lost device to revoke first: its name or the start of its id (4 hex digits or more). Repeat for several.",
        valueName: "device"))
    var revoke: [String] = []

    @Flag(help: "Rotate without revoking any device (the phrase was seen, no device was lost).")
    var keepDevices = false

    @OptionGroup var journal: JournalOptions

    func validate() throws {
        if keepDevices, !revoke.isEmpty { throw ValidationError("--keep-devices and --revoke exclude each other") }
    }

    func run() async throws {
        let store = try journal.open(ifMissing: .refuse)
        guard let account = try CommandFailure.wrapping({ try SyncSettings.account(in: store) }) else {
            throw CommandFailure("this journal is not logged in: use `moodtui login URL TOKEN`")
        }
        let logger = Logger(label: "moodtui.key") { StreamLogHandler.standardError(label: $0) }
        let remote = HTTPMoodRemote(account: account, deviceID: try store.deviceID(), logger: logger)
        let devices: [ListedDevice]
        do { devices = try await remote.devices() } catch { throw CommandFailure("nothing changed: \(error)") }
        guard keepDevices || !revoke.isEmpty else {
            print("The devices of this account:")
            print(DeviceListText.lines(devices).joined(separator: "\n"))
            throw CommandFailure(
                "nothing changed: name each lost device with --revoke DEVICE (its name or the start of its id), "
                    + "or rotate without revoking any with --keep-devices")
        }
        let lost: [ListedDevice]
        let key: AccountKey
        do {
            lost = try revoke.map { try DeviceLookup.device(named: $0, among: devices) }
            key = try await AccountKeyChange.rotationKey(store: store, remote: remote)
        } catch {
            throw CommandFailure("nothing changed: \(error)")
        }
        let report: SyncReport
        do {
            report = try await AccountKeyChange.rotate(to: key, revoking: lost.map(\.id), store: store, remote: remote, logger: logger)
        } catch {
            throw CommandFailure("the key was not rotated: \(error); run the command again (devices named with --revoke may already be revoked)")
        }
        for device in lost { print("Revoked \(DeviceListText.name(device)): it can no longer sync.") }
        print("""
            Sealed and uploaded \(report.uploaded) mood\(report.uploaded == 1 ? "" : "s") again with the account's new key: the old \
            key and phrase open nothing the server holds. The account's other devices stop syncing until they \
            are given the new phrase (`moodtui key enter`). Write it down and keep it safe; `moodtui key show` \
            prints it again. Restart moodtui if it is running here.

            \(RecoveryPhrase.phrase(for: key))
            """)
    }
}

/// The account's devices as `key rotate` lists them: id, name, the day the token was made.
enum DeviceListText {
    static func lines(_ devices: [ListedDevice]) -> [String] {
        let day = Date.ISO8601FormatStyle(timeZone: .current).year().month().day()
        let width = devices.map { name($0, withID: false).count }.max() ?? 0
        return devices.map { device in
            let name = name(device, withID: false)
            let added = Date(timeIntervalSince1970: Double(device.addedAt) / 1000).formatted(day)
            return "  \(device.id)  \(name)\(String(repeating: " ", count: width - name.count))  added \(added)"
                + (device.current ? "  (this device)" : "")
        }
    }

    /// `laptop (1a2b3c4d5e6f7a8b)`, or the id alone for a device without a name.
    static func name(_ device: ListedDevice, withID: Bool = true) -> String {
        guard let name = device.name else { return withID ? "the device \(device.id)" : "(no name)" }
        return withID ? "\(name) (\(device.id))" : name.text
    }
}
