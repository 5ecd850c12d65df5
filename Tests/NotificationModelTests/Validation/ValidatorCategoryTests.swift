import NotificationModel
import Testing

@Suite("Validator: categories and actions")
struct ValidatorCategoryTests {
    typealias Fixture = ValidationFixtures

    static let ok = NotificationAction(identifier: "justInform", title: "OK, got it")
    static let edit = NotificationAction(
        identifier: "editList", title: "Edit list", options: [.foreground, .authenticationRequired])
    static let trash = NotificationAction(
        identifier: "trashAction", title: "Delete list", options: [.destructive, .authenticationRequired])

    static let shopping = NotificationCategory(
        identifier: "shoppingListReminderCategory", actions: [ok, edit, trash], minimalActions: [trash, edit])

    func actions(_ count: Int) -> [NotificationAction] {
        (0..<count).map { NotificationAction(identifier: "a\($0)", title: "Action \($0)") }
    }

    func category(_ identifier: String = "c", actions: [NotificationAction] = [ok], minimal: [NotificationAction]? = nil)
        -> NotificationCategory
    {
        NotificationCategory(identifier: identifier, actions: actions, minimalActions: minimal)
    }

    @Test("The shopping list's category and up to 64 categories of up to 10 actions are accepted")
    func valid() throws {
        try Validator.validate([Self.shopping])
        try Validator.validate([])
        try Validator.validate((0..<64).map { category("c\($0)", actions: actions(10)) })
        try Validator.validate([category(actions: [NotificationAction(
            identifier: "reply", title: "Reply", textInput: .init(buttonTitle: "Send", placeholder: "Message"))])])
    }

    @Test("More than 64 categories are refused")
    func tooManyCategories() {
        expectRefusal(.invalidCategory, "65 categories; the limit is 64 per app") {
            try Validator.validate((0..<65).map { category("c\($0)") })
        }
    }

    @Test("A category identifier that is empty or too long is refused")
    func categoryIdentifier() {
        expectRefusal(.invalidIdentifier, "category identifier is empty") {
            try Validator.validate([category("")])
        }
        expectRefusal(.invalidIdentifier, "category identifier is 256 characters; the limit is 255") {
            try Validator.validate([category(Fixture.string(256))])
        }
    }

    @Test("Two categories with one identifier are refused")
    func duplicateCategory() {
        expectRefusal(.invalidCategory, "category identifier \"c\" is used by two categories") {
            try Validator.validate([category("c"), category("d"), category("c")])
        }
    }

    @Test("More than 10 actions are refused")
    func tooManyActions() {
        expectRefusal(.invalidCategory, "category \"c\" has 11 actions; the limit is 10") {
            try Validator.validate([category(actions: actions(11))])
        }
    }

    @Test("Two actions with one identifier in a category are refused")
    func duplicateAction() {
        expectRefusal(.invalidCategory, "action identifier \"justInform\" appears twice in category \"c\"") {
            try Validator.validate([category(actions: [Self.ok, Self.edit, Self.ok])])
        }
    }

    @Test("An action may not use a reserved identifier",
          arguments: [NotificationAction.defaultIdentifier, NotificationAction.dismissIdentifier])
    func reservedAction(_ identifier: String) {
        expectRefusal(.invalidIdentifier, "action identifier \"\(identifier)\" in category \"c\" is reserved") {
            try Validator.validate([category(actions: [NotificationAction(identifier: identifier, title: "Tap")])])
        }
    }

    @Test("An action identifier that is empty or too long is refused")
    func actionIdentifier() {
        expectRefusal(.invalidIdentifier, "an action identifier in category \"c\" is empty") {
            try Validator.validate([category(actions: [NotificationAction(identifier: "", title: "T")])])
        }
        expectRefusal(.invalidIdentifier, "an action identifier in category \"c\" is 256 characters; the limit is 255") {
            try Validator.validate([category(actions: [NotificationAction(identifier: Fixture.string(256), title: "T")])])
        }
    }

    @Test("Action titles and text-input texts over 256 characters are refused")
    func longActionTexts() {
        let long = Fixture.string(257)
        expectRefusal(.invalidCategory, "the title of action \"x\" of category \"c\" is 257 characters; the limit is 256") {
            try Validator.validate([category(actions: [NotificationAction(identifier: "x", title: long)])])
        }
        let input = NotificationAction(
            identifier: "x", title: "Reply", textInput: .init(buttonTitle: "Send", placeholder: long))
        expectRefusal(.invalidCategory, "the placeholder of action \"x\" of category \"c\" is 257 characters") {
            try Validator.validate([category(actions: [input])])
        }
    }

    @Test("Minimal actions must be actions of the category, each once")
    func minimalActions() {
        let stranger = NotificationAction(identifier: "snooze", title: "Snooze")
        expectRefusal(.invalidCategory, "minimal action \"snooze\" of category \"c\" is not one of its actions") {
            try Validator.validate([category(actions: [Self.ok, Self.edit], minimal: [Self.edit, stranger])])
        }
        let retitled = NotificationAction(identifier: "editList", title: "Change list")
        expectRefusal(.invalidCategory, "minimal action \"editList\" of category \"c\" is not one of its actions") {
            try Validator.validate([category(actions: [Self.ok, Self.edit], minimal: [retitled])])
        }
        expectRefusal(.invalidCategory, "action identifier \"editList\" appears twice in the minimal actions of category \"c\"") {
            try Validator.validate([category(actions: [Self.ok, Self.edit], minimal: [Self.edit, Self.edit])])
        }
    }
}
