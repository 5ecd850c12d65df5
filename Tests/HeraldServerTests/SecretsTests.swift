@testable import HeraldServer
import Testing

@Suite("Secrets: fingerprints and constant-time comparison")
struct SecretsTests {
    @Test("a fingerprint is the token's SHA-256 in lowercase hex, as registries written by earlier versions hold it")
    func fingerprint() {
        // FIPS 180-2's test vectors.
        #expect(Secrets.fingerprint("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Secrets.fingerprint("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test("tokens compare equal only when they are the same, whatever their lengths")
    func comparison() {
        #expect(Secrets.constantTimeEqual("hrd_token", "hrd_token"))
        #expect(!Secrets.constantTimeEqual("hrd_token", "hrd_tokem"))
        #expect(!Secrets.constantTimeEqual("hrd_token", "hrd_token_longer"))
        #expect(!Secrets.constantTimeEqual("", "x"))
        #expect(!Secrets.constantTimeEqual([1, 2, 3], [1, 2]))
        #expect(Secrets.constantTimeEqual([1, 2, 3], [1, 2, 3]))
    }
}
