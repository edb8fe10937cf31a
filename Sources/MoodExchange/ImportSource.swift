/// A file of entries being read, one at a time, in flat memory.
public protocol ImportSource {
    /// The format's name, for messages ("Daylio CSV").
    var formatName: String { get }
    /// Tells entries of this source apart from those of others with the same identity.
    var identityPrefix: String { get }
    /// The next entry, or `nil` after the last.
    /// - Throws: ``ImportError/badRow(_:)`` for an entry that cannot be read — the next call goes
    ///   on with the entry after it — and any other ``ImportError`` when the file cannot be read on.
    mutating func next() throws -> ImportedEntry?
    /// How much of the file was read, from 0 to 1: an import's progress.
    var fractionRead: Double { get }
    /// The scales the file defines before its entries, which an import makes as they are.
    var scaleDefinitions: [ImportedScale] { get }
}

extension ImportSource {
    /// Most formats define no scales; values they give are read by the journal's scales, or by
    /// scales made of what the file's values look like (``ScaleSightings``).
    public var scaleDefinitions: [ImportedScale] { [] }
}
