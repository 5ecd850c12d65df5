import Foundation
import HeraldTestSupport
import NotificationEngine
import Testing

/// The attachment stores the conformance suite runs against.
enum AttachmentStoreUnderTest: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case inMemory
    case files
    case postgres

    static var allCases: [AttachmentStoreUnderTest] {
        TestPostgres.url == nil ? [.inMemory, .files] : [.inMemory, .files, .postgres]
    }

    var testDescription: String { rawValue }

    /// A new, empty store, and what must live as long as it.
    func open() throws -> (store: any AttachmentStore, resources: AnyObject?) {
        switch self {
        case .inMemory:
            return (InMemoryAttachmentStore(), nil)
        case .files:
            let directory = try TemporaryDirectory()
            return (FileAttachmentStore(directory: directory.url.appendingPathComponent("attachments")), directory)
        case .postgres:
            let opened = try StoreUnderTest.postgres.open()
            return (PostgresAttachmentStore(store: try #require(opened.store as? PostgresStore)), opened.resources)
        }
    }
}

/// What every attachment store does: keep bytes by digest, pin them while a
/// change is in flight, and sweep what nothing refers to.
@Suite("Attachment store conformance")
struct AttachmentStoreConformanceTests {
    let png = AttachmentSamples.png
    let gif = AttachmentSamples.gif
    let first = String(repeating: "a", count: 64)
    let second = String(repeating: "b", count: 64)
    let third = String(repeating: "c", count: 64)

    @Test("Bytes put under a digest read back equal; an unknown digest reads nil", arguments: AttachmentStoreUnderTest.allCases)
    func roundTrip(kind: AttachmentStoreUnderTest) throws {
        let (store, resources) = try kind.open()
        #expect(store.isEmpty)
        try store.put(png, digest: first)
        try store.put(gif, digest: first)  // kept already: the first bytes stay
        #expect(try store.data(first) == png)
        #expect(try store.data(second) == nil)
        #expect(!store.isEmpty)
        withExtendedLifetime(resources) {}
    }

    @Test("pin answers how many bytes are kept, nil for none", arguments: AttachmentStoreUnderTest.allCases)
    func pin(kind: AttachmentStoreUnderTest) throws {
        let (store, resources) = try kind.open()
        try store.put(png, digest: first)
        #expect(store.pin(first) == png.count)
        #expect(store.pin(second) == nil)
        withExtendedLifetime(resources) {}
    }

    @Test("A sweep keeps what is referred to or pinned, removes the rest, and counts it",
          arguments: AttachmentStoreUnderTest.allCases)
    func sweep(kind: AttachmentStoreUnderTest) throws {
        let (store, resources) = try kind.open()
        try store.put(png, digest: first)
        try store.put(gif, digest: second)
        try store.put(png, digest: third)
        store.unpin([first, third])  // the puts' own pins
        #expect(try store.removeAll(except: [first]) == 1)
        #expect(try store.data(first) == png)
        #expect(try store.data(second) == gif)  // still pinned by its put
        #expect(try store.data(third) == nil)
        store.unpin([second])
        #expect(try store.removeAll(except: []) == 2)
        #expect(store.isEmpty)
        withExtendedLifetime(resources) {}
    }
}
