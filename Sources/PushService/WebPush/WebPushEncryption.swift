import Crypto
public import Foundation

/// Message encryption for Web Push (RFC 8291): one `aes128gcm` record (RFC 8188)
/// that only the subscribed browser can read, keyed by an ECDH agreement between a
/// key made for the message and the subscription's key, and the subscription's
/// authentication secret. The body carries the salt, the record size and the
/// sender's public key in its header, so a push needs no other encryption header
/// than `Content-Encoding: aes128gcm`.
///
/// ```swift
/// let keys = try WebPushSubscriptionKeys(p256dh: subscription.p256dh, auth: subscription.auth)
/// let body = try WebPushEncryption.encrypt(Data(#"{"title":"Lunch?"}"#.utf8), for: keys)
/// ```
public enum WebPushEncryption {
    /// The most bytes a push service must take in a message's body (RFC 8030 §7.2).
    public static let maximumBodySize = 4096
    /// The header before the record: salt (16), record size (4), key length (1), key (65).
    static let headerSize = 86
    /// AES-GCM's tag (16) and the last record's delimiter (1).
    static let recordOverhead = 17
    /// The longest plaintext that fits a push: 3,993 bytes.
    public static let maximumPlaintextSize = maximumBodySize - headerSize - recordOverhead

    /// Encrypts `plaintext` for the subscription with `keys`, with a key pair and a
    /// salt made for this message.
    ///
    /// - Throws: ``WebPushError`` `payloadTooLarge` for a plaintext over
    ///   ``maximumPlaintextSize`` bytes.
    public static func encrypt(_ plaintext: Data, for keys: WebPushSubscriptionKeys) throws -> Data {
        try encrypt(plaintext, for: keys, senderKey: messageKey(), salt: Random.bytes(16))
    }

    /// A key pair made for one message (RFC 8291 §3.1): 32 random bytes as the private
    /// scalar (drawn again in the rare case they are not one, at least P-256's order)
    /// and its public point. `P256.KeyAgreement.PrivateKey()` costs more: it draws until
    /// the public key is compact-representable (half the keys are not) and checks each
    /// pair it draws as FIPS asks (a signature made and verified); a message's key serves
    /// one agreement and is thrown away.
    static func messageKey() -> P256.KeyAgreement.PrivateKey {
        for _ in 0..<8 {
            if let key = try? P256.KeyAgreement.PrivateKey(rawRepresentation: Random.bytes(32)) { return key }
        }
        // Eight draws out of range: never, short of a broken generator; swift-crypto's own then.
        return P256.KeyAgreement.PrivateKey(compactRepresentable: false)
    }

    /// Encrypts with the given sender key and salt: RFC 8291 §3.4, then RFC 8188 §2
    /// with one record.
    static func encrypt(
        _ plaintext: Data, for keys: WebPushSubscriptionKeys, senderKey: P256.KeyAgreement.PrivateKey, salt: Data
    ) throws -> Data {
        guard plaintext.count <= maximumPlaintextSize else {
            throw WebPushError(
                .payloadTooLarge, "the message is \(plaintext.count) bytes; a push holds at most \(maximumPlaintextSize)")
        }
        let senderPublic = senderKey.publicKey.x963Representation
        let secret = try senderKey.sharedSecretFromKeyAgreement(with: keys.agreementKey)
        let (contentKey, nonce) = try derive(
            secret: secret, authSecret: keys.authSecret, receiverKey: keys.publicKey, senderKey: senderPublic, salt: salt)
        var record = plaintext
        record.append(0x02)
        let sealed = try AES.GCM.seal(record, using: contentKey, nonce: nonce)
        var body = header(salt: salt, senderKey: senderPublic)
        body.append(sealed.ciphertext)
        body.append(sealed.tag)
        return body
    }

    /// The content encryption key and nonce (RFC 8291 §3.3–3.4, RFC 8188 §2.2–2.3).
    static func derive(
        secret: SharedSecret, authSecret: Data, receiverKey: Data, senderKey: Data, salt: Data
    ) throws -> (SymmetricKey, AES.GCM.Nonce) {
        var keyInfo = Data("WebPush: info".utf8)
        keyInfo.append(0)
        keyInfo.append(receiverKey)
        keyInfo.append(senderKey)
        let inputKey = secret.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: authSecret, sharedInfo: keyInfo, outputByteCount: 32)
        let pseudoRandomKey = HKDF<SHA256>.extract(inputKeyMaterial: inputKey, salt: salt)
        let contentKey = HKDF<SHA256>.expand(pseudoRandomKey: pseudoRandomKey, info: contentKeyInfo, outputByteCount: 16)
        let nonce = HKDF<SHA256>.expand(pseudoRandomKey: pseudoRandomKey, info: nonceInfo, outputByteCount: 12)
        return (contentKey, try AES.GCM.Nonce(data: nonce.withUnsafeBytes { Data($0) }))
    }

    /// RFC 8188 §2.2's and §2.3's infos.
    private static let contentKeyInfo = Data("Content-Encoding: aes128gcm\0".utf8)
    private static let nonceInfo = Data("Content-Encoding: nonce\0".utf8)

    /// The `aes128gcm` header: the salt, one record of ``maximumBodySize``, the sender's key.
    private static func header(salt: Data, senderKey: Data) -> Data {
        var header = salt
        let recordSize = UInt32(maximumBodySize)
        header.append(contentsOf: withUnsafeBytes(of: recordSize.bigEndian) { Array($0) })
        header.append(UInt8(senderKey.count))
        header.append(senderKey)
        return header
    }
}
