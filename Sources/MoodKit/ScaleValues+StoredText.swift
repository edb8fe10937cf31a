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
    public init(storedText: String, creatorID: String) {
        var entries: [Scale.ID: Stamped<Entry>] = [:]
        for line in storedText.split(separator: "\n") {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard parts.count == 3, let id = UUID(uuidString: String(parts[0])),
                let stamp = HybridTimestamp(storedText: parts[1], creatorID: creatorID), let entry = Entry(storedText: parts[2])
            else { continue }
            let stamped = Stamped(entry, at: stamp)
            entries[id] = entries[id].map { $0.merged(with: stamped) } ?? stamped
        }
        self.init(entries: entries)
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
        switch text {
        case "cleared": self = .cleared
        case "yes": self = .value(.yes)
        case "no": self = .value(.no)
        default:
            let parts = text.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, let number = Int(parts[1]) else { return nil }
            switch parts[0] {
            case "whole" where number.magnitude <= ScaleKind.largestMagnitude: self = .value(.whole(number))
            case "tenths" where number.magnitude <= 10 * ScaleKind.largestMagnitude: self = .value(.tenths(number))
            default: return nil
            }
        }
    }
}
