/// What a journal calls things beyond a mood's own text: its scales in use and its words for the
/// levels, read together wherever a mood is written out in words (`list`, `watch`, exports).
public struct JournalVocabulary: Hashable, Sendable {
    /// The scales in use, by name.
    public var scales: [Scale]
    public var levels: LevelWords

    public init(scales: [Scale] = [], levels: LevelWords = .builtIn) {
        self.scales = scales
        self.levels = levels
    }
}
