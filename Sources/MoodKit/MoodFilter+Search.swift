extension MoodFilter {
    /// The journal list's filter for what a person typed after `/`: each `#name` asks for moods
    /// with that activity (``ActivityName/hashtags(in:)``), each word such as `sleep<6` for moods
    /// whose value of one of `scales` meets it (``ScaleCondition/init(word:scales:)``), the rest
    /// for notes holding it. Text without either is searched for exactly as typed.
    public init(search typed: String, scales: [Scale] = []) {
        let names = ActivityName.hashtags(in: typed)
        let words = typed.split(separator: " ", omittingEmptySubsequences: true).map { ($0, ScaleCondition(word: $0, scales: scales)) }
        let conditions = words.compactMap(\.1)
        var text = typed
        if !names.isEmpty || !conditions.isEmpty {
            text = words.filter { word, condition in condition == nil && ActivityName.hashtags(in: String(word)).isEmpty }.map(\.0)
                .joined(separator: " ")
        }
        self.init(noteContains: text.isEmpty ? nil : text, activities: Set(names), scaleConditions: Set(conditions))
    }
}
