/// Values given to scales as a person types them, `sleep=7.5 meds=yes`, each checked against
/// its scale's kind: what `add` and `edit --scale` and the form's scales field take. `sleep=`
/// clears a value.
public enum ScaleAssignments {
    /// Why typed assignments cannot be taken, in words.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// Not `NAME=VALUE`.
        case notAnAssignment(String)
        /// No scale in use has the name.
        case unknownScale(ScaleName)
        /// One scale was given two values.
        case givenTwice(ScaleName)
        /// The name or the value breaks the rules.
        case invalid(MoodValidationError)

        public var description: String {
            switch self {
            case .notAnAssignment(let text):
                "'\(TerminalSafeText.singleLine(String(text.prefix(40))))' is not NAME=VALUE, such as sleep=7.5"
            case .unknownScale(let name): "no scale is named '\(name)'; add it with moodtui scale add \(name) --range 1-5 (or --number, --yes-no)"
            case .givenTwice(let name): "\(name) is given twice"
            case .invalid(let error): error.description
            }
        }
    }

    /// The values `assignments` give the scales in `scales` (those in use), by id; a cleared one
    /// is `nil`.
    public static func values(_ assignments: some Sequence<some StringProtocol>, scales: [Scale]) throws(Failure) -> [Scale.ID: ScaleValue?] {
        var values: [Scale.ID: ScaleValue?] = [:]
        for assignment in assignments {
            let (scale, value) = try parse(assignment, scales: scales)
            guard values.updateValue(value, forKey: scale.id) == nil else { throw .givenTwice(scale.name.value) }
        }
        return values
    }

    /// The scale `assignment` names and the value it gives it (`nil`: cleared).
    public static func parse(_ assignment: some StringProtocol, scales: [Scale]) throws(Failure) -> (scale: Scale, value: ScaleValue?) {
        guard let equals = assignment.firstIndex(of: "=") else { throw .notAnAssignment(String(assignment)) }
        let name: ScaleName
        do { name = try ScaleName.normalized(String(assignment[..<equals])) } catch { throw .invalid(error) }
        guard let scale = scales.first(where: { $0.isInUse && $0.name.value == name }) else { throw .unknownScale(name) }
        let text = String(assignment[assignment.index(after: equals)...])
        guard !text.allSatisfy(\.isWhitespace) else { return (scale, nil) }
        do { return (scale, try scale.kind.value(parsing: text, for: name)) } catch { throw .invalid(error) }
    }
}
