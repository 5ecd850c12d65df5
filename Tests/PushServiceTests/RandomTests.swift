import Foundation
import Testing

@testable import PushService

/// Bytes from the system's generator, eight from each of its words.
struct RandomTests {
    @Test("as many bytes as asked for, a draw of its own each time", arguments: [0, 1, 7, 8, 9, 16, 32, 33])
    func bytes(count: Int) {
        let draws = (0..<4).map { _ in Random.bytes(count) }
        #expect(draws.allSatisfy { $0.count == count && $0.startIndex == 0 })
        // Four draws of 7 bytes or more are alike by chance once in 2^168.
        if count >= 7 { #expect(Set(draws).count == draws.count) }
    }

    @Test("every byte value comes up, not only the low bits of each word")
    func spread() {
        let seen = Set(Random.bytes(64 * 1024))
        #expect(seen.count == 256)
    }
}
