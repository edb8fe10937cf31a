import Foundation
import FuzzingSupport
import MoodKit
import MoodSealing
import SyncProtocol

/// A sealed mood as a hostile server may hand it back. The input's first byte picks how: even, the
/// rest of the input is the sealed bytes, which never open (no key but the account's seals); odd,
/// the rest is laid over a mood sealed here (each byte XORed into the byte at its place, the
/// sealed bytes cut or grown to the input's length), which opens only when nothing changed, and
/// then as the mood sealed.
@main enum FuzzSealedMoods {
    static func main() {
        Fuzzing.run { data, size in
            let input = Fuzzing.bytes(data, size)
            guard let mode = input.first else { return 0 }
            if mode & 1 == 0 { checkForged(Array(input.dropFirst())) } else { checkTampered(Array(input.dropFirst())) }
            return 0
        }
    }
}

private enum Reference {
    /// A fixed key (bytes 0 to 31), so that inputs found in one run mean the same in the next.
    static let key = try! RecoveryPhrase.key(from: "000G4-0R40M-30E20-9185G-R38E1-W8124-GK2GA-HC5RR-34D1P-70X3R-FP638")
    static let moodID = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!
    static let account = "fuzz"
    static let content = MoodContent(
        date: Date(timeIntervalSince1970: 1_780_000_000), level: .good, note: "a walk by the sea", creatorID: "device-a",
        stamps: MoodStamps(all: HybridTimestamp(wallMilliseconds: 1_780_000_000_000, counter: 0, device: "device-a")))
    static let sealed = try! MoodSeal.seal(content, moodID: moodID, account: account, key: key).bytes
}

private func open(_ bytes: [UInt8]) -> MoodContent? {
    guard let sealed = try? SealedContent(bytes: bytes) else { return nil }
    return try? MoodSeal.open(sealed, moodID: Reference.moodID, account: Reference.account, key: Reference.key)
}

private func checkForged(_ bytes: [UInt8]) {
    Fuzzing.require(bytes == Reference.sealed || open(bytes) == nil, "sealed bytes made without the key opened")
}

private func checkTampered(_ mask: [UInt8]) {
    var bytes = Reference.sealed
    if mask.count > 1 {  // the first byte of the mask says whether to cut or grow
        let length = mask[0] & 1 == 0 ? max(0, bytes.count - Int(mask[1])) : bytes.count + Int(mask[1])
        bytes = Array(bytes.prefix(length)) + [UInt8](repeating: 0, count: max(0, length - bytes.count))
    }
    for (offset, byte) in mask.dropFirst(2).enumerated() where offset < bytes.count { bytes[offset] ^= byte }
    let opened = open(bytes)
    if bytes == Reference.sealed {
        Fuzzing.require(opened == Reference.content, "the mood sealed here did not open as itself")
    } else {
        Fuzzing.require(opened == nil, "a sealed mood changed by the server still opened")
    }
}
