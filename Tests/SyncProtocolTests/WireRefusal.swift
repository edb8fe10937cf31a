import SyncProtocol

/// The words a refusal of `decode` carries, as the server sends them back; `nil` when it decodes.
func wireRefusal<T>(_ decode: () throws -> T) -> String? {
    do {
        _ = try decode()
        return nil
    } catch let error as DecodingError {
        return DecodingErrorText.describe(error)
    } catch {
        return "\(error)"
    }
}
