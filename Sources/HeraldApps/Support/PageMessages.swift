import NotificationModel
import Signals

/// The messages an app pushes to its open page (``HeraldApp/changes``), one JSON
/// object each with a `"type"`.
struct PageMessages: Sendable {
    private let subject = Subject<JSONValue, Never>()

    /// The messages, hot.
    var signal: Signal<JSONValue, Never> { subject.signal }

    /// `{"type": "changed"}`: the app's data changed; the page fetches its state again.
    func changed() {
        subject.send(["type": "changed"])
    }

    /// `{"type": "focusAddItem"}`: the page fetches its state, which tells it to
    /// focus the add-item field.
    func focusAddItem() {
        subject.send(["type": "focusAddItem"])
    }

    /// `{"type": "notification", "title", "body", "identifier"}`: a notification
    /// arrived while the page was open; the page shows it.
    func notification(title: String?, body: String?, identifier: String) {
        subject.send([
            "type": "notification",
            "title": title.map(JSONValue.string) ?? .null,
            "body": body.map(JSONValue.string) ?? .null,
            "identifier": .string(identifier),
        ])
    }
}
