import Logging

extension UNUserNotificationCenter {
    /// Runs `operation` after every operation called before it; the engine's
    /// errors become ``UNError``.
    func enqueue<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) -> Task<T, any Error> {
        queue.enqueue {
            do {
                return try await operation()
            } catch {
                throw UNError.converting(error)
            }
        }
    }

    /// Runs `operation` in order and hands its result to `completion`.
    func enqueue<T: Sendable>(
        _ operation: @escaping @Sendable () async throws -> T,
        completion: @escaping @Sendable (Result<T, any Error>) -> Void
    ) {
        _ = queue.enqueue {
            do {
                completion(.success(try await operation()))
            } catch {
                completion(.failure(UNError.converting(error)))
            }
        }
    }

    /// Runs a fire-and-forget `operation` in order; a failure is logged and thrown
    /// from the returned task.
    @discardableResult
    func enqueueLogged(_ what: String, _ operation: @escaping @Sendable () async throws -> Void) -> Task<Void, any Error> {
        let logger = logger
        return enqueue {
            do {
                try await operation()
            } catch {
                logger.error("\(what) failed: \(UNError.converting(error))")
                throw error
            }
        }
    }

    /// The value of a result for a completion handler that, as Apple's, has no
    /// error parameter: a failure is logged and `fallback` handed over instead.
    func value<T>(of result: Result<T, any Error>, _ what: String, fallback: T) -> T {
        switch result {
        case .success(let value):
            return value
        case .failure(let error):
            logger.error("\(what) failed: \(error)")
            return fallback
        }
    }
}
