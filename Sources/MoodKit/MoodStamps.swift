/// The clock reading of the last change of each field of a mood: what decides, field by field,
/// which of two devices' changes a merge keeps (see ``MoodFields``).
public struct MoodStamps: Hashable, Sendable {
    public var level: HybridTimestamp
    public var note: HybridTimestamp
    public var date: HybridTimestamp

    public init(level: HybridTimestamp, note: HybridTimestamp, date: HybridTimestamp) {
        self.level = level
        self.note = note
        self.date = date
    }

    /// Every field set by one change, as when a mood is created.
    public init(all stamp: HybridTimestamp) {
        self.init(level: stamp, note: stamp, date: stamp)
    }

    /// The stamps every change wins over: what a stored mood whose stamps cannot be read (a
    /// journal edited by hand, a row an older server stored unchecked) is given.
    public static func earliest(of creatorID: String) -> MoodStamps {
        MoodStamps(all: .earliest(of: creatorID))
    }

    /// The latest of the three: how far a device that holds these fields has seen.
    public var latest: HybridTimestamp { max(level, note, date) }
}

extension MoodStamps {
    /// The stamps as the journal and the server store them, in one short text: most moods had
    /// every field set by one change of their creator, and three full stamps per row doubled a
    /// row's size (and the time to write it).
    ///
    /// One stamp when the three are equal, else level, note and date joined by line feeds (which
    /// no device id holds); a stamp of the creator leaves its device out: `1795341600000.0`.
    public func storedText(creatorID: String) -> String {
        func text(_ stamp: HybridTimestamp) -> String { stamp.storedText(creatorID: creatorID) }
        if level == note && note == date { return text(level) }
        return text(level) + "\n" + text(note) + "\n" + text(date)
    }

    /// Reads ``storedText(creatorID:)``; `nil` for anything else.
    public init?(storedText: String, creatorID: String) {
        func stamp(_ text: Substring) -> HybridTimestamp? { HybridTimestamp(storedText: text, creatorID: creatorID) }
        let parts = storedText.split(separator: "\n", omittingEmptySubsequences: false)
        switch parts.count {
        case 1:
            guard let all = stamp(parts[0]) else { return nil }
            self.init(all: all)
        case 3:
            guard let level = stamp(parts[0]), let note = stamp(parts[1]), let date = stamp(parts[2]) else { return nil }
            self.init(level: level, note: note, date: date)
        default:
            return nil
        }
    }
}

extension HybridTimestamp {
    /// The stamp as stored beside a mood: without its device when that is the mood's creator
    /// (`1795341600000.0`), which is most stamps.
    public func storedText(creatorID: String) -> String {
        device.utf8.elementsEqual(creatorID.utf8) ? String(wallMilliseconds) + "." + String(counter) : description
    }

    /// Reads ``storedText(creatorID:)``; `nil` for anything else. The `@` is looked for among
    /// the bytes: a device id that starts with a combining mark joins the `@` into one character.
    public init?(storedText text: Substring, creatorID: String) {
        if text.utf8.contains(UInt8(ascii: "@")) {
            self.init(String(text))
        } else {
            self.init(creatorsWallAndCounter: text.utf8, creatorID: creatorID)
        }
    }

    /// `WALL.COUNTER`, a stamp of `creatorID`'s, read without making `WALL.COUNTER@CREATOR`
    /// first; what that text would read as.
    init?(creatorsWallAndCounter bytes: some Collection<UInt8>, creatorID: String) {
        guard !creatorID.isEmpty, let (wall, counter, _) = Self.wallAndCounter(bytes, counterEnd: nil) else { return nil }
        self.init(wallMilliseconds: wall, counter: counter, device: creatorID)
    }
}
