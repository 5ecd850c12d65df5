import PushService

/// The push service's stores' failures: what a store's body throws becomes
/// ``PushService/PushServiceError`` `storeFailure` naming what was being done,
/// except the refusals the stores make on purpose (a full device queue, a push
/// resource gone or full, the directory's own), which pass through unchanged.
enum PushStoreFailure {
    static func guarding<T>(_ action: @autoclosure () -> String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let refusal as APNsRefusal {
            throw refusal
        } catch let refusal as PushResourceRefusal {
            throw refusal
        } catch let error as PushServiceError {
            throw error
        } catch {
            throw PushServiceError(.storeFailure, "\(action()): \(error)")
        }
    }
}
