import MoodKit

/// A scale value as moodtui's JSON has it: a range's whole number as an integer, a measure as a
/// decimal number (a whole one as an integer), yes and no as `true` and `false`. `list --json`,
/// `watch --json` and the export write it; the import reads it back through the scale's kind.
public enum ScaleValueJSON: Codable, Hashable, Sendable {
    case integer(Int)
    case decimal(Double)
    case yesNo(Bool)

    public init(_ value: ScaleValue) {
        switch value {
        case .whole(let whole): self = .integer(whole)
        case .tenths(let tenths): self = tenths % 10 == 0 ? .integer(tenths / 10) : .decimal(value.number)
        case .yes: self = .yesNo(true)
        case .no: self = .yesNo(false)
        }
    }

    /// The values `mood` gives the scales in `scales`, by name. Names are told apart after
    /// every merge; should two still meet, the first of `scales` stays.
    public static func values(of mood: Mood, scales: [Scale]) -> [String: ScaleValueJSON] {
        Dictionary(NamedScaleValues.of(mood, scales: scales).map { ($0.name, ScaleValueJSON($0.value)) }) { first, _ in first }
    }

    /// As a person types it (`4`, `7.5`, `yes`), for the scale's kind to read
    /// (``ScaleKind/value(parsing:for:)``), which alone says what it accepts.
    public var typed: String {
        switch self {
        case .integer(let integer): String(integer)
        case .decimal(let decimal): String(decimal)
        case .yesNo(let yes): yes ? "yes" : "no"
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let yes = try? container.decode(Bool.self) {
            self = .yesNo(yes)
        } else if let integer = try? container.decode(Int.self) {
            self = .integer(integer)
        } else {
            self = .decimal(try container.decode(Double.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .integer(let integer): try container.encode(integer)
        case .decimal(let decimal): try container.encode(decimal)
        case .yesNo(let yes): try container.encode(yes)
        }
    }
}

/// A mood's scale values by name, as every format writes them, in the order of the journal's
/// scales.
enum NamedScaleValues {
    /// `(sleep, 7.5)`, `(meds, yes)`: each scale of `scales` the mood has a value of.
    static func of(_ mood: Mood, scales: [Scale]) -> [(name: String, value: ScaleValue)] {
        scales.compactMap { scale in mood.scales[scale.id].map { (scale.name.value.text, $0) } }
    }
}
