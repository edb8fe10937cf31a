import Foundation

extension Scale {
    /// The id a scale made under `name` of kind `kind` gets, the same on every device: `sleep` in
    /// hours made on the laptop and on the phone before either synced is one scale, whose values
    /// merge, not two scales that share a name. Another kind gives another id, so that no scale
    /// changes kind under its values; two scales that end up sharing a name are told apart after
    /// a merge (`JournalWriter.mergeScales`). `attempt` counts past ids the journal holds already
    /// (a scale renamed away from `name`).
    ///
    /// Ids are not secrets (a sealed account's never leave its sealed records), so a plain
    /// 128-bit FNV-1a of the name and attempt, in two halves with different bases, serves.
    public static func derivedID(for name: ScaleName, kind: ScaleKind, attempt: Int) -> ID {
        let text = Array("moodtui scale\u{0}\(name.text)\u{0}\(kind.storedText)\u{0}\(attempt)".utf8)
        func fnv1a(basis: UInt64) -> UInt64 {
            text.reduce(basis) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
        }
        let (high, low) = (fnv1a(basis: 0xCBF2_9CE4_8422_2325), fnv1a(basis: 0x6C62_272E_07BB_0142))
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (56 - 8 * index))
            bytes[8 + index] = UInt8(truncatingIfNeeded: low >> (56 - 8 * index))
        }
        return UUID(uuid: (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
            bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    /// The most scales a journal keeps, removed ones included: what a setup can carry, with room
    /// for the scales of devices that made others before they synced.
    public static let maximumKept = 4 * maximumScales

    /// Whether the scale is in use (not removed).
    public var isInUse: Bool { state.value == .inUse }
}
