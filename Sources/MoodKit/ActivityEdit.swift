/// How a person's edit changes a mood's activities.
public enum ActivityEdit: Hashable, Sendable {
    /// These, and no other (`moodtui edit --activity`).
    case exactly(Set<ActivityName>)
    /// These added, those removed, every other left as it is: what the form saves, so that an
    /// activity another device added while the form was open stays.
    case changing(adding: Set<ActivityName>, removing: Set<ActivityName>)

    /// The activities a mood that has `current` has after the edit.
    public func applied(to current: Set<ActivityName>) -> Set<ActivityName> {
        switch self {
        case .exactly(let names): names
        case .changing(let adding, let removing): current.subtracting(removing).union(adding)
        }
    }
}
