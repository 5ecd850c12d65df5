import NotificationModel
import Testing

@Suite("Validator: apps and badges")
struct ValidatorAppTests {
    @Test("App identifiers of 1 to 255 characters of A-Z a-z 0-9 . - _ are accepted",
          arguments: ["a", "com.example.shopping", "Nag-Me_2.0", String(repeating: "z", count: 255)])
    func validApp(_ name: String) throws {
        try Validator.validateApp(AppIdentifier(name))
    }

    @Test("An empty app identifier is refused")
    func emptyApp() {
        expectRefusal(.invalidAppIdentifier, "app identifier is empty; it needs 1 to 255 characters") {
            try Validator.validateApp("")
        }
    }

    @Test("An app identifier over 255 characters is refused")
    func longApp() {
        expectRefusal(.invalidAppIdentifier, "app identifier is 256 characters; the limit is 255") {
            try Validator.validateApp(AppIdentifier(String(repeating: "a", count: 256)))
        }
    }

    @Test("An app identifier with another character is refused, naming it",
          arguments: [("com example", " "), ("com/example", "/"), ("café", "é"), ("../etc", "/")])
    func badCharacter(_ name: String, _ bad: String) {
        expectRefusal(.invalidAppIdentifier, "contains \"\(bad)\"; only A-Z a-z 0-9 . - _ are allowed") {
            try Validator.validateApp(AppIdentifier(name))
        }
    }

    @Test("Badges of 0 or more are accepted", arguments: [0, 1, 64, Int.max])
    func validBadge(_ badge: Int) throws {
        try Validator.validateBadge(badge)
    }

    @Test("A negative badge is refused", arguments: [-1, Int.min])
    func negativeBadge(_ badge: Int) {
        expectRefusal(.badgeInputInvalid, "badge \(badge) is negative") {
            try Validator.validateBadge(badge)
        }
    }
}
