import Foundation
import HeraldTestSupport
import NotificationEngine
import Testing
import UserNotifications

/// `UNNotificationAttachment(identifier:url:options:)` checks the file as Apple's does.
struct AttachmentInitializerTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    private func file(_ data: Data, _ name: String) throws -> URL {
        try AttachmentSamples.write(data, named: name, in: directory.url)
    }

    private func code(of body: () throws -> UNNotificationAttachment) -> UNError.Code? {
        do {
            _ = try body()
            return nil
        } catch let error as UNError {
            return error.code
        } catch {
            return nil
        }
    }

    @Test func typeComesFromTheExtension() throws {
        let png = try UNNotificationAttachment(identifier: "cat", url: try file(AttachmentSamples.png, "cat.PNG"))
        #expect(png.identifier == "cat" && png.type == "public.png")
        #expect(png.url == directory.url.appendingPathComponent("cat.PNG"))
        let gif = try UNNotificationAttachment(identifier: "g", url: try file(AttachmentSamples.gif, "g.gif"))
        #expect(gif.type == "com.compuserve.gif")
        let wav = try UNNotificationAttachment(identifier: "w", url: try file(AttachmentSamples.wav(samples: 8), "w.wav"))
        #expect(wav.type == "com.microsoft.waveform-audio")
    }

    @Test func typeHintWinsOverTheExtension() throws {
        let url = try file(AttachmentSamples.png, "blob.dat")
        #expect(code { try UNNotificationAttachment(identifier: "b", url: url) } == .attachmentUnrecognizedType)
        let hinted = try UNNotificationAttachment(
            identifier: "b", url: url, options: [UNNotificationAttachmentOptionsTypeHintKey: "public.png"])
        #expect(hinted.type == "public.png")
        let unsupported: [AnyHashable: Any] = [UNNotificationAttachmentOptionsTypeHintKey: "public.plain-text"]
        #expect(code { try UNNotificationAttachment(identifier: "b", url: url, options: unsupported) } == .attachmentUnrecognizedType)
    }

    @Test func emptyIdentifierGetsAUUID() throws {
        let attachment = try UNNotificationAttachment(identifier: "", url: try file(AttachmentSamples.png, "a.png"))
        #expect(UUID(uuidString: attachment.identifier) != nil)
    }

    @Test func urlMustBeAnExistingFile() throws {
        let remote = try #require(URL(string: "https://example.com/cat.png"))
        #expect(code { try UNNotificationAttachment(identifier: "r", url: remote) } == .attachmentInvalidURL)
        let missing = directory.url.appendingPathComponent("missing.png")
        #expect(code { try UNNotificationAttachment(identifier: "m", url: missing) } == .attachmentInvalidURL)
        #expect(code { try UNNotificationAttachment(identifier: "d", url: directory.url) } == .attachmentInvalidURL)
    }

    @Test func bytesMustMatchTheType() throws {
        let gifNamedPNG = try file(AttachmentSamples.gif, "fake.png")
        #expect(code { try UNNotificationAttachment(identifier: "f", url: gifNamedPNG) } == .attachmentCorrupt)
        let png = try file(AttachmentSamples.png, "real.png")
        let asJPEG: [AnyHashable: Any] = [UNNotificationAttachmentOptionsTypeHintKey: "public.jpeg"]
        #expect(code { try UNNotificationAttachment(identifier: "j", url: png, options: asJPEG) } == .attachmentCorrupt)
        let text = try file(Data("hello".utf8), "text.mp3")
        #expect(code { try UNNotificationAttachment(identifier: "t", url: text) } == .attachmentCorrupt)
    }

    @Test func sizesHaveTheirTypesLimits() throws {
        let empty = try file(Data(), "empty.png")
        #expect(code { try UNNotificationAttachment(identifier: "e", url: empty) } == .attachmentInvalidFileSize)
        let image = 10 * 1_048_576
        let largestImage = try file(AttachmentSamples.padded(AttachmentSamples.png, to: image), "big.png")
        #expect(code { try UNNotificationAttachment(identifier: "i", url: largestImage) } == nil)
        let tooLargeImage = try file(AttachmentSamples.padded(AttachmentSamples.png, to: image + 1), "huge.png")
        #expect(code { try UNNotificationAttachment(identifier: "i", url: tooLargeImage) } == .attachmentInvalidFileSize)
        let audio = 5 * 1_048_576
        let largestSound = try file(AttachmentSamples.wav(samples: (audio - 44) / 2), "long.wav")
        #expect(code { try UNNotificationAttachment(identifier: "a", url: largestSound) } == nil)
        let tooLargeSound = try file(AttachmentSamples.wav(samples: (audio - 44) / 2 + 1), "longer.wav")
        #expect(code { try UNNotificationAttachment(identifier: "a", url: tooLargeSound) } == .attachmentInvalidFileSize)
    }

    @Test func thumbnailOptionsAreChecked() throws {
        let url = try file(AttachmentSamples.png, "t.png")
        let valid: [AnyHashable: Any] = [
            UNNotificationAttachmentOptionsThumbnailHiddenKey: true,
            UNNotificationAttachmentOptionsThumbnailClippingRectKey: ["X": 0.25, "Y": 0, "Width": 0.5, "Height": 1.0],
            UNNotificationAttachmentOptionsThumbnailTimeKey: 2.5,
        ]
        #expect(code { try UNNotificationAttachment(identifier: "v", url: url, options: valid) } == nil)
        let invalid: [[AnyHashable: Any]] = [
            [UNNotificationAttachmentOptionsThumbnailHiddenKey: "yes"],
            [UNNotificationAttachmentOptionsThumbnailClippingRectKey: ["X": 0, "Y": 0, "Width": 1.5, "Height": 1]],
            [UNNotificationAttachmentOptionsThumbnailClippingRectKey: ["X": 0, "Y": 0]],
            [UNNotificationAttachmentOptionsThumbnailTimeKey: -1],
            [UNNotificationAttachmentOptionsThumbnailTimeKey: "soon"],
        ]
        for options in invalid {
            #expect(code { try UNNotificationAttachment(identifier: "x", url: url, options: options) } == .attachmentCorrupt)
        }
    }

    @Test func optionKeysHaveApplesValues() {
        #expect(UNNotificationAttachmentOptionsTypeHintKey == "UNNotificationAttachmentOptionsTypeHintKey")
        #expect(UNNotificationAttachmentOptionsThumbnailHiddenKey == "UNNotificationAttachmentOptionsThumbnailHiddenKey")
        #expect(
            UNNotificationAttachmentOptionsThumbnailClippingRectKey
                == "UNNotificationAttachmentOptionsThumbnailClippingRectKey")
        #expect(UNNotificationAttachmentOptionsThumbnailTimeKey == "UNNotificationAttachmentOptionsThumbnailTimeKey")
    }

    @Test func copiesAndArchives() throws {
        let attachment = try UNNotificationAttachment(
            identifier: "cat", url: try file(AttachmentSamples.png, "cat.png"),
            options: [UNNotificationAttachmentOptionsThumbnailHiddenKey: true])
        #expect(attachment.copy() as? UNNotificationAttachment == attachment)
        #expect(UNNotificationAttachment.supportsSecureCoding)
        let archive = try NSKeyedArchiver.archivedData(withRootObject: attachment, requiringSecureCoding: true)
        let read = try #require(
            try NSKeyedUnarchiver.unarchivedObject(ofClass: UNNotificationAttachment.self, from: archive))
        #expect(read == attachment)
        #expect(read.identifier == "cat" && read.type == "public.png" && read.url == attachment.url)
    }
}
