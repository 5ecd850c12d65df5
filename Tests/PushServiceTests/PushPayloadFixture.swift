import Foundation
import NotificationModel
import Testing

@testable import PushService

/// Reading payloads in tests, and the engine's verdict on what they become.
enum PushPayloadFixture {
    static let id = UUID(uuidString: "6B2A1F4E-2C1D-4E5F-8A9B-0C1D2E3F4A5B")!

    /// `json` read as the body of a push of `type`.
    static func read(_ json: String, _ type: PushHeaders.PushType = .alert) throws(APNsRefusal) -> PushPayload {
        try PushPayload(json: Data(json.utf8), pushType: type)
    }

    /// `json`'s `userInfo`: the JSON decoded as the engine holds it.
    static func userInfo(_ json: String) throws -> [String: JSONValue] {
        try JSONDecoder().decode([String: JSONValue].self, from: Data(json.utf8))
    }

    /// The content without its `userInfo`, for comparing what it shows.
    static func shown(_ payload: PushPayload) -> NotificationContent {
        var content = payload.content
        content.userInfo = [:]
        return content
    }

    /// Checks that the engine's validator takes the notification the payload
    /// becomes, when it shows something (the app registered its category).
    static func expectEngineAccepts(_ payload: PushPayload, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let push = payload.remoteNotification(id: id, collapseIdentifier: nil),
            PushPayload.showsSomething(push.content)
        else { return }
        let category = push.content.categoryIdentifier
        let categories = category.isEmpty ? [] : [NotificationCategory(identifier: category, actions: [])]
        do {
            try Validator.validate(
                NotificationRequest(identifier: push.requestIdentifier, content: push.content), categories: categories,
                schedule: TriggerSchedule(timeZone: .gmt), now: Date(timeIntervalSince1970: 1_800_000_000))
        } catch {
            Issue.record("the engine refuses the push: \(error)", sourceLocation: sourceLocation)
        }
    }

    /// A payload of exactly `bytes` bytes: `{"aps":{"alert":"Hi"},"pad":"…"}`,
    /// padded with `filler` (one or two UTF-8 bytes).
    static func padded(to bytes: Int, with filler: Character = "x") -> String {
        let base = #"{"aps":{"alert":"Hi"},"pad":""}"#
        let fillerBytes = String(filler).utf8.count
        let room = bytes - base.utf8.count
        var pad = String(repeating: filler, count: room / fillerBytes)
        if room % fillerBytes != 0 { pad += "x" }
        return #"{"aps":{"alert":"Hi"},"pad":"\#(pad)"}"#
    }
}
