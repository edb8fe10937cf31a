import AppTesting
import Foundation
import MoodKit
import MoodSync

/// What the liar's storm did and saw: the moods written and those a person deleted, what each
/// device held after the last round, what each said when it did not sync, and every invariant
/// broken, in words.
struct LiarLedger {
    /// Moods written on any device.
    private(set) var written: Set<Mood.ID> = []
    /// Moods a person deleted on some device: the only ones that may leave a device.
    private(set) var deleted: Set<Mood.ID> = []
    private var held: [Set<Mood.ID>]
    private(set) var lastWords: [Int: String] = [:]
    private(set) var violations: [String] = []
    private(set) var checks = 0
    private(set) var refusals = 0

    init(devices: Int) {
        held = Array(repeating: [], count: devices)
    }

    /// The moods written and not deleted.
    var live: Set<Mood.ID> { written.subtracting(deleted) }

    /// A person's add, edit or delete on `device`.
    mutating func work(on device: LiveDevice, index: Int, round: Int, using random: inout SeededGenerator) throws {
        let mine = Array(try device.list().keys).sorted { $0.uuidString < $1.uuidString }
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<5:
            written.insert(try device.add("round \(round)", level: MoodLevel.allCases.randomElement(using: &random)!).id)
        case 5..<8:
            guard let id = mine.randomElement(using: &random) else { return }
            if Bool.random(using: &random) {
                try device.edit(id, level: MoodLevel.allCases.randomElement(using: &random)!)
            } else {
                try device.edit(id, note: "edited in round \(round)")
            }
        default:
            guard let id = mine.randomElement(using: &random) else { return }
            try device.delete(id)
            deleted.insert(id)
        }
        held[index] = Set(try device.list().keys)
    }

    /// What `device` said of its last sync, `nil` when it synced; a sync that returned is no hang.
    mutating func synced(_ device: Int, saying words: String?) {
        checks += 1
        guard let words else { return }
        refusals += 1
        lastWords[device] = words
        if words.trimmingCharacters(in: .whitespaces).isEmpty { violation("device \(device) refused to sync without a word") }
    }

    mutating func recipientSynced(saying words: String?) {
        checks += 1
        if let words {
            refusals += 1
            if words.trimmingCharacters(in: .whitespaces).isEmpty { violation("the recipient refused to sync without a word") }
        }
    }

    /// Holds every device and the recipient to what was written, after round `round`.
    mutating func check(_ devices: [LiveDevice], recipient: ShareRecipient, shareSince: Int64, plaintextSeen: Int, round: Int) throws {
        for (index, device) in devices.enumerated() {
            let now = Set(try device.list().keys)
            let lost = held[index].subtracting(now).subtracting(deleted)
            if !lost.isEmpty { violation("round \(round): \(lost.count) moods left device \(index) without a person deleting them") }
            let madeUp = now.subtracting(written)
            if !madeUp.isEmpty { violation("round \(round): device \(index) holds \(madeUp.count) moods no device wrote") }
            held[index] = now
            checks += 2
        }
        if plaintextSeen > 0 { violation("round \(round): \(plaintextSeen) moods went up readable") }
        for (id, shown) in try recipient.shown() {
            if !written.contains(id) { violation("round \(round): the recipient shows a mood no device wrote") }
            if shown.date.millisecondsSince1970 < shareSince { violation("round \(round): the recipient shows a mood dated before the share") }
            checks += 2
        }
        checks += 1
    }

    mutating func violation(_ words: String) {
        violations.append(words)
    }
}
