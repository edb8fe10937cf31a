/// An answer of the server that breaks the protocol's rules, in words: nothing was changed on
/// its word, and what it concerns is tried again after a backoff.
public enum BrokenAnswer: Error, Hashable, Sendable, CustomStringConvertible {
    /// An upload's answer: `stale` conflicts without a newer copy of the mood, answers about moods the
    /// request did not send, and moods sent that it answered not once.
    case upload(staleWithoutNewerCopy: Int, notSent: Int, unanswered: Int)

    public var description: String {
        switch self {
        case .upload(let staleWithoutNewerCopy, let notSent, let unanswered):
            let stale = "\(staleWithoutNewerCopy) conflict\(staleWithoutNewerCopy == 1 ? "" : "s") without a newer copy of the mood"
            let faults = [
                staleWithoutNewerCopy > 0 ? stale : nil,
                notSent > 0 ? "answers about \(notSent) mood\(notSent == 1 ? "" : "s") this device did not send" : nil,
                unanswered > 0 ? "no single answer for \(unanswered) mood\(unanswered == 1 ? "" : "s") it did send" : nil,
            ].compactMap { $0 }
            return "the server's answer to an upload broke the protocol (\(faults.joined(separator: ", "))); "
                + "nothing here was changed on its word, and the moods go up again later"
        }
    }
}
