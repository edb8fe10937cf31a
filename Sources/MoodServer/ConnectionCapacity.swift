/// How many connections the server serves and accepts at once, given its ``ConnectionLimits``
/// and how many files the process may open.
///
/// The server never lets `accept()` fail for want of a descriptor (at that point NIO retries
/// after a pause, but the connections already queued are neither answered nor closed): it stops
/// accepting at ``accepted`` and leaves further clients waiting in the kernel's backlog until a
/// connection closes. Between ``served`` and ``accepted`` connections are accepted only to be
/// answered 503 and closed.
struct ConnectionCapacity: Hashable, Sendable {
    /// Connections served at once: ``ConnectionLimits/maximumConnections``, lowered to what the
    /// descriptors allow.
    let served: Int
    /// Connections open at once, those being refused included; the server stops accepting there.
    let accepted: Int

    /// Connections accepted beyond ``served`` to be refused with a 503 (each holds a descriptor
    /// until its answer is read).
    static let refusalAllowance = 64

    /// Descriptors kept for everything that is not a client's socket: the store's files, the
    /// listening socket, the event loops' own descriptors, the inotify watch, the logs.
    static func reservedDescriptors(cores: Int) -> Int { 64 + 4 * cores }

    init(limits: ConnectionLimits, descriptorLimit: Int, cores: Int) {
        let room = max(2, descriptorLimit - Self.reservedDescriptors(cores: cores))
        let allowance = min(Self.refusalAllowance, room / 2)
        served = max(1, min(limits.maximumConnections, room - allowance))
        accepted = served + allowance
    }
}
