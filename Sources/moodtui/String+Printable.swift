extension String {
    /// The text with control characters (escape sequences, new lines) shown as spaces, so that a
    /// note — which may have come from another device — cannot drive the reader's terminal.
    var printable: String {
        String(unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
    }
}
