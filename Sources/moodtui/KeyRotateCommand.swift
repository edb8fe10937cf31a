import ArgumentParser
import Foundation
import Logging
import MoodSealing
import MoodStore
import MoodSync
import SyncProtocol

/// `moodtui key rotate`: a new key for the account, after a device or the phrase was lost.
struct KeyRotateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate", abstract: "Give the account a new key after a device or the phrase was lost.",
        discussion: """
            Revokes the lost device's token (--revoke), syncs, gives the account a new key, and \
            uploads every mood again sealed with it: the old key and phrase open nothing the server \
            holds afterwards. The new key is wrapped for each device kept whose key this device has \
            seen, which moves to it on its own; any other device stops until given the new phrase \
            (`moodtui key enter`). Prints the new recovery phrase (alone on the last line). Run without \
            --revoke or --keep-devices, it lists the account's devices and changes nothing. Cut off \
            before this journal took the new key, it can be run again; after, it prints the new phrase \
            and `moodtui sync --once` finishes the upload.
            """)

    @Option(help: ArgumentHelp(
        "A lost device to revoke first: its name or the start of its id (4 hex digits or more). Repeat for several.",
        valueName: "device"))
    var revoke: [String] = []

    @Flag(help: "Rotate without revoking any device (the phrase was seen, no device was lost).")
    var keepDevices = false

    @Flag(help: ArgumentHelp(
        "Hand the new key to no device: each is given the new phrase by hand.",
        discussion: "For when the server may be working with whoever holds the lost device: see the listing's marks."))
    var noHandOver = false

    @OptionGroup var journal: JournalOptions

    func validate() throws {
        if keepDevices, !revoke.isEmpty { throw ValidationError("--keep-devices and --revoke exclude each other") }
    }

    func run() async throws {
        let logger = Logger(label: "moodtui.key") { StreamLogHandler.standardError(label: $0) }
        let (store, remote) = try KeyChangeReport.open(journal, logger: logger)
        let devices: [ListedDevice]
        do { devices = try await remote.devices() } catch { throw CommandFailure("nothing changed: \(error)") }
        let lost = try await lostDevices(among: devices, store: store, remote: remote, logger: logger)
        let keyBefore: AccountKey?
        let key: AccountKey
        do {
            keyBefore = try await store.read { try SyncSettings.accountKey(in: $0) }
            key = try await AccountKeyChange.rotationKey(store: store, remote: remote)
        } catch {
            throw CommandFailure("nothing changed: \(error)")
        }
        let rotation: KeyRotationOutcome
        do {
            rotation = try await AccountKeyChange.rotate(
                to: key, revoking: lost.map(\.id), handingOver: !noHandOver, store: store, remote: remote, logger: logger)
        } catch {
            throw KeyChangeReport.unfinished(error, keyBefore: keyBefore, store: store)
        }
        let report = rotation.report
        for device in lost { print("Revoked \(DeviceListText.title(device)): it can no longer sync.") }
        if rotation.endedShares > 0 {
            print("Ended \(rotation.endedShares) share\(rotation.endedShares == 1 ? "" : "s") whose record did not open with the account's key: "
                + "no device of this account made \(rotation.endedShares == 1 ? "it" : "them").")
        }
        let kept = devices.filter { !$0.current && !lost.contains($0) }
        print("""
            Sealed and uploaded \(report.uploaded) mood\(report.uploaded == 1 ? "" : "s") again with the account's new key: the old \
            key and phrase open nothing else the server holds.\(KeyChangeReport.leftBehind(report, asBefore: "sealed with the old key")) \
            \(Self.otherDevices(kept: kept, handedOver: rotation.handedOver)) Write the new phrase down and keep it safe: it is what \
            a new device or a recovery needs, and `moodtui key show` prints it again. Restart moodtui if it is running here.

            \(RecoveryPhrase.phrase(for: key))
            """)
    }

    /// What becomes of the devices kept, in words: those handed the key move on their own.
    static func otherDevices(kept: [ListedDevice], handedOver: [ListedDevice]?) -> String {
        guard let handedOver else {
            return "The run before handed the new key over to the devices it could; any other stops syncing until given the new phrase (`moodtui key enter`)."
        }
        let handed = Set(handedOver.map(\.id))
        let waiting = kept.filter { !handed.contains($0.id) }
        var lines: [String] = []
        if !handedOver.isEmpty {
            lines.append(
                "The new key was handed over to \(handedOver.map(DeviceListText.title).joined(separator: ", ")), which "
                    + (handedOver.count == 1 ? "moves to it on its own the next time it syncs." : "move to it on their own the next time they sync."))
        }
        if !waiting.isEmpty {
            lines.append(
                "Nothing could be handed over to \(waiting.map(DeviceListText.title).joined(separator: ", ")) (this device has not seen "
                    + "its key under the key before): each stops syncing until given the new phrase (`moodtui key enter`).")
        }
        return lines.joined(separator: " ")
    }

    /// The devices `--revoke` names, each once; the list and a refusal when a name finds none,
    /// or when neither `--revoke` nor `--keep-devices` was given.
    private func lostDevices(among devices: [ListedDevice], store: JournalStore, remote: HTTPMoodRemote, logger: Logger) async throws
        -> [ListedDevice]
    {
        guard keepDevices || !revoke.isEmpty else {
            let candidates = (try? await AccountKeyChange.handOverCandidates(among: devices, store: store, remote: remote, logger: logger)) ?? []
            printList(devices, handedOver: candidates)
            throw CommandFailure(
                "nothing changed: name each lost device with --revoke DEVICE (its name or the start of its id), "
                    + "or rotate without revoking any with --keep-devices")
        }
        var lost: [ListedDevice] = []
        for text in revoke {
            do {
                let device = try DeviceLookup.device(named: text, among: devices)
                if !lost.contains(device) { lost.append(device) }
            } catch {
                printList(devices, handedOver: nil)
                throw CommandFailure("nothing changed: \(error)")
            }
        }
        return lost
    }

    /// The list, and, when `handedOver` is given, which devices would move to the new key on
    /// their own: those whose key this device saw before.
    private func printList(_ devices: [ListedDevice], handedOver: Set<DeviceTokenID>?) {
        print("The devices of this account:")
        let marks = handedOver.map { handed in
            devices.map { $0.current ? "" : handed.contains($0.id) ? "  moves to the new key on its own" : "  will need the new phrase" }
        }
        print(zip(DeviceListText.lines(devices), marks ?? devices.map { _ in "" }).map { $0 + $1 }.joined(separator: "\n"))
        if handedOver != nil {
            print("A device moves on its own when this device saw its key before; --no-hand-over gives every device the phrase by hand.")
        }
    }
}

/// The account's devices as `key rotate` lists them: id, name, the day the token was made.
enum DeviceListText {
    static func lines(_ devices: [ListedDevice]) -> [String] {
        let day = Date.ISO8601FormatStyle(timeZone: .current).year().month().day()
        let width = devices.map { label($0).count }.max() ?? 0
        return devices.map { device in
            let name = label(device)
            let added = Date(timeIntervalSince1970: Double(device.addedAt) / 1000).formatted(day)
            return "  \(device.id)  \(name)\(String(repeating: " ", count: width - name.count))  added \(added)"
                + (device.current ? "  (this device)" : "")
        }
    }

    /// `laptop (1a2b3c4d5e6f7a8b)`, or `the device 1a2b3c4d5e6f7a8b` for one without a name.
    static func title(_ device: ListedDevice) -> String {
        device.name.map { "\($0) (\(device.id))" } ?? "the device \(device.id)"
    }

    /// The name column of the list.
    static func label(_ device: ListedDevice) -> String {
        device.name?.text ?? "(no name)"
    }
}
