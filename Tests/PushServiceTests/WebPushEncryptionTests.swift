import Crypto
import Foundation
import Testing

@testable import PushService

/// Web Push message encryption (RFC 8291) against the RFC's worked example, and
/// against a receiver written here from RFC 8188 and RFC 8291 §3.4, as a browser
/// reads a push.
struct WebPushEncryptionTests {
    /// RFC 8291, Appendix A.
    enum Example {
        static let plaintext = "When I grow up, I want to be a watermelon"
        static let senderPrivate = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"
        static let senderPublic = "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"
        static let receiverPrivate = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"
        static let receiverPublic = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
        static let salt = "DGv6ra1nlYgDCS1FRnbzlw"
        static let auth = "BTBZMqHH6r4Tts7J_aSIgg"
        static let body = """
            DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru\
            3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN
            """
    }

    static func bytes(_ base64URL: String) throws -> Data {
        try #require(Data(base64URL: base64URL))
    }

    @Test func theRFCsExampleByteForByte() throws {
        let sender = try P256.KeyAgreement.PrivateKey(rawRepresentation: Self.bytes(Example.senderPrivate))
        #expect(sender.publicKey.x963Representation.base64URLEncoded == Example.senderPublic)
        let keys = try WebPushSubscriptionKeys(p256dh: Example.receiverPublic, auth: Example.auth)
        let body = try WebPushEncryption.encrypt(
            Data(Example.plaintext.utf8), for: keys, senderKey: sender, salt: Self.bytes(Example.salt))
        #expect(body.base64URLEncoded == Example.body)
    }

    @Test func theReceiverReadsTheRFCsExample() throws {
        let receiver = try P256.KeyAgreement.PrivateKey(rawRepresentation: Self.bytes(Example.receiverPrivate))
        let plaintext = try Receiver(key: receiver, auth: Self.bytes(Example.auth)).read(Self.bytes(Example.body))
        #expect(String(decoding: plaintext, as: UTF8.self) == Example.plaintext)
    }

    @Test(arguments: [0, 1, 41, 1000, WebPushEncryption.maximumPlaintextSize])
    func aBrowserReadsWhatWasSent(size: Int) throws {
        let receiver = P256.KeyAgreement.PrivateKey()
        let auth = Data((0..<16).map { _ in UInt8.random(in: 0...255) })
        let keys = try WebPushSubscriptionKeys(publicKey: receiver.publicKey.x963Representation, authSecret: auth)
        let plaintext = Data((0..<size).map { _ in UInt8.random(in: 0...255) })
        let body = try WebPushEncryption.encrypt(plaintext, for: keys)
        #expect(body.count == size + 86 + 17)
        #expect(body.count <= WebPushEncryption.maximumBodySize)
        #expect(try Receiver(key: receiver, auth: auth).read(body) == plaintext)
        // A salt and a key of its own for every message.
        #expect(try WebPushEncryption.encrypt(plaintext, for: keys).prefix(86) != body.prefix(86))
    }

    @Test func eachMessageKeyIsAPairOfItsOwn() throws {
        let receiver = P256.KeyAgreement.PrivateKey()
        let keys = (0..<16).map { _ in WebPushEncryption.messageKey() }
        #expect(Set(keys.map(\.rawRepresentation)).count == keys.count)
        for key in keys {
            // The public point is the private scalar's: both sides agree on the secret.
            let sent = try key.sharedSecretFromKeyAgreement(with: receiver.publicKey)
            let read = try receiver.sharedSecretFromKeyAgreement(with: key.publicKey)
            #expect(sent.withUnsafeBytes { Data($0) } == read.withUnsafeBytes { Data($0) })
        }
    }

    @Test func aMessageOverTheLimitIsRefused() throws {
        let keys = try WebPushSubscriptionKeys(p256dh: Example.receiverPublic, auth: Example.auth)
        let tooLarge = Data(count: WebPushEncryption.maximumPlaintextSize + 1)
        #expect(throws: WebPushError(.payloadTooLarge, "the message is 3994 bytes; a push holds at most 3993")) {
            try WebPushEncryption.encrypt(tooLarge, for: keys)
        }
    }

    static let badKeys: [(p256dh: String, auth: String)] = [
        ("", Example.auth),
        ("not base64url!", Example.auth),
        // Compressed, then the right length with a point off the curve, then 64 bytes.
        (Data([0x02] + Array(repeating: UInt8(7), count: 32)).base64URLEncoded, Example.auth),
        (Data([0x04] + Array(repeating: UInt8(7), count: 64)).base64URLEncoded, Example.auth),
        (Data(Array(repeating: UInt8(4), count: 64)).base64URLEncoded, Example.auth),
        (Example.receiverPublic, "BTBZMqHH6r4Tts7J_aSI"),
        (Example.receiverPublic, Example.auth + "AA"),
        (Example.receiverPublic, "BTBZMqHH6r4Tts7J/aSIgg"),
    ]

    @Test(arguments: badKeys)
    func keysThatAreNotASubscriptionsAreRefused(p256dh: String, auth: String) {
        #expect {
            try WebPushSubscriptionKeys(p256dh: p256dh, auth: auth)
        } throws: { error in
            (error as? WebPushError)?.code == .invalidSubscription
        }
    }
}

/// A browser's side of RFC 8291, written from the RFCs apart from the sender's code:
/// reads the header, agrees on the secret, derives the key and nonce step by step,
/// opens the record and strips its padding to the delimiter.
struct Receiver {
    let key: P256.KeyAgreement.PrivateKey
    let auth: Data

    struct Unreadable: Error {}

    func read(_ body: Data) throws -> Data {
        let bytes = [UInt8](body)
        guard bytes.count > 21 else { throw Unreadable() }
        let salt = Data(bytes[0..<16])
        let recordSize = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let keyLength = Int(bytes[20])
        guard keyLength == 65, bytes.count >= 21 + keyLength + 17, bytes.count - 21 - keyLength <= recordSize else {
            throw Unreadable()
        }
        let senderPublic = Data(bytes[21..<(21 + keyLength)])
        let secret = try key.sharedSecretFromKeyAgreement(
            with: P256.KeyAgreement.PublicKey(x963Representation: senderPublic))
        let ecdh = secret.withUnsafeBytes { Data($0) }
        let info = Data("WebPush: info\0".utf8) + key.publicKey.x963Representation + senderPublic
        let prkKey = HMAC<SHA256>.authenticationCode(for: ecdh, using: SymmetricKey(data: auth))
        let ikm = Data(HMAC<SHA256>.authenticationCode(for: info + [1], using: SymmetricKey(data: Data(prkKey))))
        let prk = HMAC<SHA256>.authenticationCode(for: ikm, using: SymmetricKey(data: salt))
        let cek = Data(HMAC<SHA256>.authenticationCode(
            for: Data("Content-Encoding: aes128gcm\0".utf8) + [1], using: SymmetricKey(data: Data(prk)))).prefix(16)
        let nonce = Data(HMAC<SHA256>.authenticationCode(
            for: Data("Content-Encoding: nonce\0".utf8) + [1], using: SymmetricKey(data: Data(prk)))).prefix(12)
        let record = Data(bytes[(21 + keyLength)...])
        let box = try AES.GCM.SealedBox(
            nonce: AES.GCM.Nonce(data: nonce), ciphertext: record.dropLast(16), tag: record.suffix(16))
        var plaintext = try AES.GCM.open(box, using: SymmetricKey(data: cek))
        while plaintext.last == 0 { plaintext.removeLast() }
        guard plaintext.last == 2 else { throw Unreadable() }
        return plaintext.dropLast()
    }
}
