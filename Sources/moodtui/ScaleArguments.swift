import MoodKit

/// Scale values as `add` and `edit` take them: `--scale sleep=7.5 --scale meds=yes`, each checked
/// against its scale's kind; `--scale sleep=` clears the value.
enum ScaleArguments {
    static let help = "A scale's value, as NAME=VALUE (sleep=7.5, meds=yes); repeat it for more. "
        + "NAME= clears a value. moodtui scale list shows the scales."

    /// The values `assignments` give the scales in `scales` (those in use), by id; a cleared one
    /// is `nil`.
    /// - Throws: a ``CommandFailure`` naming a malformed assignment, an unknown scale, a scale
    ///   given twice, or a value its scale does not take.
    static func values(_ assignments: [String], scales: [Scale]) throws -> [Scale.ID: ScaleValue?] {
        var values: [Scale.ID: ScaleValue?] = [:]
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "=") else {
                throw CommandFailure(
                    "--scale '\(TerminalSafeText.singleLine(String(assignment.prefix(40))))' is not NAME=VALUE, such as sleep=7.5")
            }
            let name = try CommandFailure.wrapping { try ScaleName.normalized(String(assignment[..<equals])) }
            guard let scale = scales.first(where: { $0.name.value == name }) else {
                throw CommandFailure("no scale is named '\(name)'; add it with moodtui scale add \(name) --range 1-5 (or --number, --yes-no)")
            }
            let text = String(assignment[assignment.index(after: equals)...])
            let value = text.allSatisfy(\.isWhitespace)
                ? nil : try CommandFailure.wrapping { try scale.kind.value(parsing: text, for: name) }
            guard values.updateValue(value, forKey: scale.id) == nil else { throw CommandFailure("--scale \(name) is given twice") }
        }
        return values
    }
}
