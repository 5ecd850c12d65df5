import Crypto
import Foundation
import PushService
import Synchronization

/// The keys that let a browser's service worker answer the deliveries pushed to it
/// without a session (the center may be closed): each push carries its delivery's
/// key, an HMAC of the delivery's identifier under a secret derived from the daemon's
/// VAPID key (the same on every node), and only the browser it was encrypted for can
/// read it. A key answers its delivery alone, and signs the browser in to the center
/// once.
final class WebPushAnswerKeys: Sendable {
    private let directory: PushDirectory
    private let secret = Mutex<Data?>(nil)
    /// The deliveries whose key signed a browser in already (this process's).
    private let signedIn = Mutex<Set<String>>([])

    init(directory: PushDirectory) {
        self.directory = directory
    }

    /// The key of `delivery`.
    ///
    /// - Throws: ``PushServiceError`` when the VAPID key cannot be read or made.
    func key(for delivery: String) throws -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Data(delivery.utf8), using: SymmetricKey(data: try derived()))
        return Data(code).base64URLEncoded
    }

    /// Whether `key` is `delivery`'s (compared in constant time).
    func admits(_ key: String, for delivery: String) -> Bool {
        guard let given = Data(base64URL: key), let secret = try? derived() else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(given, authenticating: Data(delivery.utf8), using: SymmetricKey(data: secret))
    }

    /// Whether `delivery`'s key may still sign a browser in: the first time only.
    func takeSignIn(for delivery: String) -> Bool {
        signedIn.withLock { $0.insert(delivery).inserted }
    }

    private func derived() throws -> Data {
        if let secret = secret.withLock({ $0 }) { return secret }
        let made = try directory.vapidKey().derivedSecret(for: "herald web push answer keys")
        secret.withLock { $0 = made }
        return made
    }
}
