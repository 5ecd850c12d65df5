import Crypto
import Foundation
@testable import HeraldClient
import HeraldTestSupport
import NotificationModel
import Synchronization
import Testing

/// How ``RemoteAttachmentFiles`` turns attachments read back from the daemon
/// into local files: downloaded once, checked against their digest, and a listed
/// item whose attachment is gone or changed by the time it is downloaded left out.
struct RemoteAttachmentFilesTests {
    let parent: TemporaryDirectory
    let files: RemoteAttachmentFiles
    let downloads = Counter()

    init() throws {
        parent = try TemporaryDirectory()
        files = RemoteAttachmentFiles(cache: AttachmentCache(parent: parent.url))
    }

    static func digest(_ data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }

    static func delivery(_ identifier: String, bytes: Data) -> Delivery {
        let attachment = NotificationAttachment(
            identifier: "cat", type: .png, fileName: "cat.png", size: bytes.count, digest: digest(bytes))
        let request = NotificationRequest(
            identifier: identifier, content: NotificationContent(title: identifier, attachments: [attachment]))
        let date = Date(timeIntervalSinceReferenceDate: 800_000_000)
        return Delivery(
            id: DeliveryID(), app: "com.example.photos", request: request, scheduledDate: date, date: date, isLate: false)
    }

    /// Serves `bytes`, counting the downloads.
    private func serving(_ bytes: Data) -> @Sendable (DeliveryID, NotificationAttachment) async throws -> Data {
        { [downloads] _, _ in
            downloads.add()
            return bytes
        }
    }

    @Test func bytesAreDownloadedOnceIntoReadableFiles() async throws {
        let listed = [Self.delivery("a", bytes: AttachmentSamples.png), Self.delivery("b", bytes: AttachmentSamples.png)]
        let first = try await files.delivered(listed, download: serving(AttachmentSamples.png))
        let again = try await files.delivered(listed, download: serving(AttachmentSamples.png))
        #expect(first.map(\.request.identifier) == ["a", "b"])
        let url = try #require(again.first?.request.content.attachments.first?.url)
        #expect(url.isFileURL)
        #expect(try Data(contentsOf: url) == AttachmentSamples.png)
        #expect(downloads.value == 1)
    }

    @Test func anItemWhoseBytesChangedOrWentIsLeftOut() async throws {
        let changed = Self.delivery("changed", bytes: AttachmentSamples.png)
        let gone = Self.delivery("gone", bytes: AttachmentSamples.gif)
        let kept = try await files.delivered([changed, gone]) { id, _ in
            if id == changed.id { return AttachmentSamples.gif }  // not the bytes listed
            throw NotificationError(.deliveryNotFound, "removed meanwhile")
        }
        #expect(kept.isEmpty)
    }

    @Test func aDaemonThatCannotBeReachedFailsTheList() async throws {
        await #expect(throws: HeraldClientError.self) {
            try await files.delivered([Self.delivery("a", bytes: AttachmentSamples.png)]) { _, _ in
                throw HeraldClientError(.daemonUnreachable, "no daemon")
            }
        }
    }

    @Test func aDigestThatIsNotOneNamesNoFile() async throws {
        var hostile = Self.delivery("hostile", bytes: AttachmentSamples.png)
        hostile.request.content.attachments[0].digest = "../../escape"
        let kept = try await files.delivered([hostile], download: serving(AttachmentSamples.png))
        #expect(kept.isEmpty && downloads.value == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.url.path).allSatisfy { !$0.contains("escape") })
    }

    @Test func aStreamedDeliveryReachesTheAppEvenWithoutItsBytes() async throws {
        let delivery = Self.delivery("a", bytes: AttachmentSamples.png)
        let (handed, failure) = await files.streamed(delivery) { _ in
            throw HeraldClientError(.daemonUnreachable, "no daemon")
        }
        #expect(handed == delivery && failure != nil)
        let (named, none) = await files.streamed(delivery) { _ in AttachmentSamples.png }
        #expect(none == nil)
        #expect(try Data(contentsOf: try #require(named.request.content.attachments.first?.url)) == AttachmentSamples.png)
    }

    @Test func filesNoListNamesAnyMoreAreRemoved() async throws {
        let old = Self.delivery("old", bytes: AttachmentSamples.png)
        let new = Self.delivery("new", bytes: AttachmentSamples.gif)
        let oldURL = try #require(try await files.delivered([old], download: serving(AttachmentSamples.png))
            .first?.request.content.attachments.first?.url)
        _ = try await files.delivered([new], download: serving(AttachmentSamples.gif))
        #expect(!FileManager.default.fileExists(atPath: oldURL.path))
    }
}

/// A count shared with the closures a test hands over.
final class Counter: Sendable {
    private let count = Mutex(0)

    var value: Int { count.withLock { $0 } }

    func add() {
        count.withLock { $0 += 1 }
    }
}
