import Foundation
import PushService
import Testing

@testable import HeraldServer

/// The messages of Firefox's push protocol on Herald's push socket, read as the
/// browser sends them and written as it expects them.
struct MozillaPushMessageTests {
    static let key = "BP-i1AjzDCiDAUMpv5HHVkGiOUQXqeOruhfEJ6QtcoH19YB4k_9sPJCMRdzPzYmXZCorNOgZKj74VKCs0Lo1SB8="
    static let channel = "5B2A4F4C-0C4C-4B8E-9A53-7E0D9A3B1C22"

    @Test(arguments: [
        (#"{"messageType":"hello","broadcasts":{},"use_webpush":true}"#, MozillaPushMessage.hello(uaid: nil)),
        (#"{"messageType":"hello","uaid":"ab","use_webpush":true}"#, .hello(uaid: "ab")),
        (#"{"messageType":"hello","uaid":""}"#, .hello(uaid: nil)),
        (#"{"channelID":"\#(channel)","messageType":"register"}"#, .register(channelID: channel.lowercased(), key: nil)),
        (#"{"messageType":"unregister","channelID":"\#(channel)","code":200}"#, .unregister(channelID: channel.lowercased())),
        (#"{"messageType":"ack","updates":[{"channelID":"c","version":"v1","code":100},{"version":"v2"}]}"#, .ack(["v1", "v2"])),
        (#"{"messageType":"nack","version":"v3","code":301}"#, .nack("v3")),
        ("{}", .ping),
        (#"{"messageType":"broadcast_subscribe","broadcasts":{}}"#, .ignored),
    ])
    func aBrowserMessageReads(text: String, expected: MozillaPushMessage) throws {
        #expect(try MozillaPushMessage(text: text) == expected)
    }

    @Test func aRegisterWithAKeyReadsThePoint() throws {
        let message = try MozillaPushMessage(
            text: #"{"channelID":"\#(Self.channel)","messageType":"register","key":"\#(Self.key)"}"#)
        #expect(message == .register(channelID: Self.channel.lowercased(), key: PushResource.applicationServerKey(base64URL: Self.key)))
    }

    @Test(arguments: [
        "not json", "[]", #"{"uaid":"x"}"#, #"{"messageType":"register","channelID":"not-a-uuid"}"#,
        #"{"messageType":"register","channelID":"\#(channel)","key":"AAAA"}"#, #"{"messageType":"nack"}"#,
    ])
    func aMalformedMessageIsRefused(text: String) {
        #expect(throws: MozillaPushError.self) { try MozillaPushMessage(text: text) }
    }

    @Test func aNotificationCarriesItsBodyAndWhatDecryptsIt() throws {
        let message = PushResourceMessage(
            id: "m1", resource: "r", channel: "c", body: Data([0xFB, 0xFF]), encoding: .aes128gcm, urgency: "normal",
            topic: nil, expiresAt: nil, wantsReceipt: false)
        let object = try #require(
            JSONSerialization.jsonObject(with: Data(MozillaPushReply.notification(message).utf8)) as? [String: Any])
        #expect(object["messageType"] as? String == "notification")
        #expect(object["version"] as? String == "m1")
        #expect(object["channelID"] as? String == "c")
        #expect(object["data"] as? String == "-_8")
        #expect(object["headers"] as? [String: String] == ["encoding": "aes128gcm"])
        var empty = message
        (empty.body, empty.encoding) = (Data(), nil)
        let bare = try #require(
            JSONSerialization.jsonObject(with: Data(MozillaPushReply.notification(empty).utf8)) as? [String: Any])
        #expect(bare["data"] == nil && bare["headers"] == nil)
    }
}
