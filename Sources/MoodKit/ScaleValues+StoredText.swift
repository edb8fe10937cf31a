import Foundation

extension ScaleValues {
    /// The values as the journal and the server store them: a line per scale, in the order of
    /// the ids, of the scale's id, the stamp (its device left out when it is the creator's, as in
    /// ``MoodStamps/storedText(creatorID:)``) and the entry (``ScaleValues/Entry/storedText``),
    /// separated by tabs: `5B1D…\t1795341600000.0\ttenths:75`. No entry is the empty text.
    public func storedText(creatorID: String) -> String {
        entries.sorted { $0.key.uuidString < $1.key.uuidString }.map { id, entry in
            id.uuidString + "\t" + entry.stamp.storedText(creatorID: creatorID) + "\t" + entry.value.storedText
        }.joined(separator: "\n")
    }

    /// Reads ``storedText(creatorID:)``. A line that cannot be read (a journal edited by hand)
    /// is left out, and only it, as a bad activity is.
    ///
    /// Read by bytes: insights and the `/sleep<6` filter read the values of every mood of a
    /// journal, and splitting by characters costs ten times the rest.
    public init(storedText: String, creatorID: String) {
        var entries: [Scale.ID: Stamped<Entry>] = [:]
        var text = storedText
        text.withUTF8 { bytes in
            var lineStart = 0
            while lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                if let (id, stamped) = Self.line(bytes[lineStart..<lineEnd], creatorID: creatorID) {
                    entries[id] = entries[id].map { $0.merged(with: stamped) } ?? stamped
                }
                lineStart = lineEnd + 1
            }
        }
        self.init(entries: entries)
    }

    /// `ID\tSTAMP\tENTRY`, or `nil` for a line that is not.
    private static func line(_ line: Slice<UnsafeBufferPointer<UInt8>>, creatorID: String) -> (Scale.ID, Stamped<Entry>)? {
        guard let firstTab = line.firstIndex(of: UInt8(ascii: "\t")),
            let secondTab = line[(firstTab + 1)...].firstIndex(of: UInt8(ascii: "\t")),
            !line[(secondTab + 1)...].contains(UInt8(ascii: "\t")),
            let id = UUID(hyphenatedUTF8: line[..<firstTab])
        else { return nil }
        let stampBytes = line[(firstTab + 1)..<secondTab]
        let stamp = stampBytes.contains(UInt8(ascii: "@"))
            ? HybridTimestamp(String(decoding: stampBytes, as: UTF8.self))
            : HybridTimestamp(creatorsWallAndCounter: stampBytes, creatorID: creatorID)
        guard let stamp, let entry = Entry(storedBytes: line[(secondTab + 1)...]) else { return nil }
        return (id, Stamped(entry, at: stamp))
    }
}

extension ScaleValues.Entry {
    /// `whole:4`, `tenths:75`, `yes`, `no`, or `cleared`: the kind of value spelled out, so that
    /// a whole 7 and 7.0 hours stay apart.
    public var storedText: String {
        switch self {
        case .cleared: "cleared"
        case .value(.yes): "yes"
        case .value(.no): "no"
        case .value(.whole(let value)): "whole:" + String(value)
        case .value(.tenths(let tenths)): "tenths:" + String(tenths)
        }
    }

    /// Reads ``storedText``; `nil` for anything else, or a number past
    /// ``ScaleKind/largestMagnitude``.
    public init?(storedText text: Substring) {
        self.init(storedBytes: text.utf8)
    }

    /// Reads ``storedText`` from its UTF-8 bytes.
    init?(storedBytes bytes: some Collection<UInt8>) {
        func spells(_ word: String) -> Bool { bytes.elementsEqual(word.utf8) }
        if spells("cleared") { self = .cleared; return }
        if spells("yes") { self = .value(.yes); return }
        if spells("no") { self = .value(.no); return }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), let number = Self.integer(bytes[bytes.index(after: colon)...]) else { return nil }
        let kind = bytes[..<colon]
        if kind.elementsEqual("whole".utf8), number.magnitude <= ScaleKind.largestMagnitude {
            self = .value(.whole(number))
        } else if kind.elementsEqual("tenths".utf8), number.magnitude <= 10 * ScaleKind.largestMagnitude {
            self = .value(.tenths(number))
        } else {
            return nil
        }
    }

    /// A decimal integer with an optional sign, as `Int(_:)` reads one; `nil` when it does not fit.
    private static func integer(_ bytes: some Collection<UInt8>) -> Int? {
        var digits = bytes[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        guard !digits.isEmpty else { return nil }
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = negative ? times10.subtractingReportingOverflow(Int(byte - UInt8(ascii: "0")))
                : times10.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            value = next
        }
        return value
    }
}

extension UUID {
    /// `5B1D64A2-8C1E-4F7B-9E0A-3C2D1B0A9F8E` (hex digits of either case) read from its bytes,
    /// as `UUID(uuidString:)` reads it, without making a string first; anything else (a space
    /// before it, which `UUID(uuidString:)` lets pass) is refused.
    init?(hyphenatedUTF8 bytes: some Collection<UInt8>) {
        guard bytes.count == 36 else { return nil }
        var uuid = [UInt8](repeating: 0, count: 16)
        var (index, nibbles) = (0, 0)
        for (offset, byte) in bytes.enumerated() {
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            let value: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            uuid[index] = nibbles % 2 == 0 ? value << 4 : uuid[index] | value
            if nibbles % 2 == 1 { index += 1 }
            nibbles += 1
        }
        self.init(uuid: (
            uuid[0], uuid[1], uuid[2], uuid[3], uuid[4], uuid[5], uuid[6], uuid[7],
            uuid[8], uuid[9], uuid[10], uuid[11], uuid[12], uuid[13], uuid[14], uuid[15]))
    }
}
