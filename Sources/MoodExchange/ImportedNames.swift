import MoodKit

/// A kind of name an import makes from another app's text: activities and scales follow the
/// same rules.
public protocol ImportableName: Hashable, Sendable {
    /// The name in its one spelling, as a person would have typed it.
    static func normalized(_ typed: String) throws(MoodValidationError) -> Self
    static var maximumLength: Int { get }
}

extension ActivityName: ImportableName {}
extension ScaleName: ImportableName {}

/// Another app's activity and scale names as moodtui names, each worked out once per import (a
/// file names the same few dozen in every row): lower case, spaces as `-` (`Good Meal` becomes
/// `good-meal`), and any character a name cannot hold as `-` too (`movies & tv` becomes
/// `movies-tv`), cut to the name's maximum length — changes the import lists, never silent ones.
public struct ImportedNames<Name: ImportableName>: Sendable {
    private var known: [String: Result<Name, MoodValidationError>] = [:]
    /// The names that had to change beyond case and spaces, by the text the file has.
    public private(set) var renamed: [String: Name] = [:]

    public init() {}

    /// Every name worked out so far, by the text the file has.
    public var names: [String: Name] { known.compactMapValues { try? $0.get() } }

    /// - Throws: ``MoodValidationError`` when nothing of a name is left (`&&`, `123`).
    public mutating func name(_ text: String) throws(MoodValidationError) -> Name {
        if let result = known[text] { return try result.get() }
        let result: Result<Name, MoodValidationError>
        if let name = try? Name.normalized(text) {
            result = .success(name)
        } else {
            result = Result { () throws(MoodValidationError) in try Self.dashed(text) }
            if case .success(let name) = result { renamed[text] = name }
        }
        known[text] = result
        return try result.get()
    }

    private static func dashed(_ text: String) throws(MoodValidationError) -> Name {
        let dashed = String(String.UnicodeScalarView(text.lowercased().unicodeScalars.map { scalar in
            scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar.properties.generalCategory == .nonspacingMark
                || scalar == "_" ? scalar : "-"
        }))
        let tidy = dashed.split(separator: "-").joined(separator: "-")
        return try Name.normalized(String(tidy.prefix(Name.maximumLength)))
    }
}

/// Activity names an import made.
public typealias ImportedActivityNames = ImportedNames<ActivityName>
/// Scale names an import made.
public typealias ImportedScaleNames = ImportedNames<ScaleName>
