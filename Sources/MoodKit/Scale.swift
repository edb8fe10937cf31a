import Foundation

/// Something a person tracks beside their mood — hours slept, anxiety, whether medication was
/// taken — defined once for the journal and given a value on any mood.
///
/// Its id never changes, so a value follows the scale through a rename on any device. Name and
/// removal are fields with stamps that devices merge as they merge a mood's level; the kind is
/// chosen when the scale is made and never changes.
public struct Scale: Identifiable, Hashable, Sendable {
    public typealias ID = UUID

    public let id: ID
    public var name: Stamped<ScaleName>
    public let kind: ScaleKind
    /// Whether the scale is in use or was removed, and when: a removed scale stays, so that a
    /// late copy of a value or a rename from another device does not bring it back.
    public var state: Stamped<State>

    /// In use, or removed. Of two changes with one stamp, a removal wins.
    public enum State: Int, Hashable, Sendable, Comparable {
        case inUse, removed

        public static func < (a: State, b: State) -> Bool { a.rawValue < b.rawValue }
    }

    /// The most scales a journal holds.
    public static let maximumScales = 32

    public init(id: ID, name: Stamped<ScaleName>, kind: ScaleKind, state: Stamped<State>) {
        self.id = id
        self.name = name
        self.kind = kind
        self.state = state
    }

    /// A new scale named `name`, made by the change stamped `stamp`.
    public init(name: ScaleName, kind: ScaleKind, at stamp: HybridTimestamp) {
        self.init(id: UUID(), name: Stamped(name, at: stamp), kind: kind, state: Stamped(.inUse, at: stamp))
    }

    /// This scale and another device's copy of it, each field at its later change. The kind of
    /// both is the same, made once; should a hostile copy say otherwise, the one that sorts
    /// first is kept, so that every device still agrees.
    public func merged(with other: Scale) -> Scale {
        precondition(other.id == id, "only copies of one scale merge")
        return Scale(
            id: id, name: name.merged(with: other.name), kind: kind.sortsBefore(other.kind) ? kind : other.kind,
            state: state.merged(with: other.state))
    }
}
