extension ScaleKind {
    /// The kind as the journal keeps it, in one short text: `range 1 5`, `yes-no`, and
    /// `number MIN MAX UNIT` with the bounds in tenths, `-` for a bound not given, and the unit
    /// last (it may hold spaces) or left out: `number 0 240 h`, `number - - `.
    public var storedText: String {
        switch self {
        case .range(let range): "range \(range.lowerBound) \(range.upperBound)"
        case .number(let unit, let minimum, let maximum):
            "number \(minimum.map(String.init) ?? "-") \(maximum.map(String.init) ?? "-") \(unit ?? "")"
        case .yesNo: "yes-no"
        }
    }

    /// Reads ``storedText``; `nil` for anything else, or a kind that breaks the rules.
    public init?(storedText: String) {
        let parts = storedText.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
        switch parts.first {
        case "range":
            guard parts.count == 3, let low = Int(parts[1]), let high = Int(parts[2]), low < high,
                low.magnitude <= Self.largestMagnitude, high.magnitude <= Self.largestMagnitude
            else { return nil }
            self = .range(low...high)
        case "number":
            func bound(_ text: Substring) -> Int?? { text == "-" ? .some(nil) : Int(text).map { .some($0) } }
            guard parts.count == 4, let minimum = bound(parts[1]), let maximum = bound(parts[2]) else { return nil }
            let unit = parts[3].isEmpty ? nil : String(parts[3])
            guard let kind = try? ScaleKind.number(
                parsingUnit: unit, minimum: minimum.map(ScaleValue.decimal), maximum: maximum.map(ScaleValue.decimal))
            else { return nil }
            self = kind
        case "yes-no" where parts.count == 1:
            self = .yesNo
        default:
            return nil
        }
    }

    /// A total order on kinds, for the merge of copies that disagree.
    func sortsBefore(_ other: ScaleKind) -> Bool {
        !other.storedText.utf8.lexicographicallyPrecedes(storedText.utf8)
    }
}
