/// A `DecodingError` in words that name the field, for the people behind a refused request or
/// a change set aside: `moods[2].note: note contains the control character U+0000`.
public enum DecodingErrorText {
    /// The error's path and what was wrong there.
    public static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return path.isEmpty ? "the body" : String(path.drop { $0 == "." })
        }
        switch error {
        case .typeMismatch(let type, let context): return "\(path(context)): expected \(type)"
        case .valueNotFound(let type, let context): return "\(path(context)): expected \(type), got null"
        case .keyNotFound(let key, let context): return "\(path(context)): missing '\(key.stringValue)'"
                .replacingOccurrences(of: "the body: ", with: "")
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "the body is not valid JSON" : "\(path(context)): \(context.debugDescription)"
        @unknown default: return "the body does not match the protocol"
        }
    }
}
