import MoodKit

/// A scale as moodtui's JSON names it, with all an import needs to make it again:
/// `{"kind": "range", "max": 5, "min": 1, "name": "anxiety"}`,
/// `{"kind": "number", "max": 24, "min": 0, "name": "sleep", "unit": "h"}`, `{"kind": "yes-no", "name": "meds"}`.
struct ExchangedScale: Codable, Equatable {
    enum Kind: String, Codable {
        case range, number
        case yesNo = "yes-no"
    }

    var name: String
    var kind: Kind
    var min: ScaleValueJSON?
    var max: ScaleValueJSON?
    var unit: String?

    init(_ scale: Scale) {
        name = scale.name.value.text
        switch scale.kind {
        case .range(let range):
            (kind, min, max) = (.range, .integer(range.lowerBound), .integer(range.upperBound))
        case .number(let unit, let minimum, let maximum):
            (kind, self.unit) = (.number, unit)
            (min, max) = (minimum.map { ScaleValueJSON(.tenths($0)) }, maximum.map { ScaleValueJSON(.tenths($0)) })
        case .yesNo:
            kind = .yesNo
        }
    }

    /// The scale's name and kind, read as `moodtui scale add` reads them.
    /// - Throws: ``MoodValidationError`` in words.
    func definition() throws(MoodValidationError) -> ImportedScale {
        let name = try ScaleName.normalized(name)
        switch kind {
        case .range:
            guard let min, let max else { throw .invalidScaleValue("the range scale \(name) needs a min and a max") }
            return ImportedScale(name: name, kind: try .range(parsing: "\(min.typed)-\(max.typed)"))
        case .number:
            return ImportedScale(name: name, kind: try .number(parsingUnit: unit, minimum: min?.typed, maximum: max?.typed))
        case .yesNo:
            return ImportedScale(name: name, kind: .yesNo)
        }
    }
}

/// The first element of moodtui's JSON when the journal has scales: `{"scales": [...]}`, so
/// that the import makes them as they were before it reads a value.
struct ExchangedScaleList: Codable, Equatable {
    var scales: [ExchangedScale]
}
