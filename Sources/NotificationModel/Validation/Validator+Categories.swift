extension Validator {
    /// Checks an app's categories: at most 64, each with a valid identifier used
    /// once, at most 10 actions with valid identifiers used once per category and
    /// not reserved, titles within 256 characters, and minimal actions taken from
    /// the category's actions.
    package static func validate(_ categories: [NotificationCategory]) throws(NotificationError) {
        let limit = NotificationLimits.maximumCategoriesPerApp
        guard categories.count <= limit else {
            throw NotificationError(.invalidCategory, "\(categories.count) categories; the limit is \(limit) per app")
        }
        var seen = Set<String>()
        for category in categories {
            try validate(category)
            guard seen.insert(category.identifier).inserted else {
                throw NotificationError(
                    .invalidCategory, "category identifier \(quoted(category.identifier)) is used by two categories")
            }
        }
    }

    static func validate(_ category: NotificationCategory) throws(NotificationError) {
        try checkIdentifier(category.identifier, of: "category identifier")
        let name = "category \(quoted(category.identifier))"
        let limit = NotificationLimits.maximumActionsPerCategory
        guard category.actions.count <= limit else {
            throw NotificationError(
                .invalidCategory, "\(name) has \(category.actions.count) actions; the limit is \(limit)")
        }
        try checkUnique(category.actions, in: "\(name)")
        for action in category.actions {
            try validate(action, in: name)
        }
        if let minimal = category.minimalActions {
            try validate(minimal: minimal, of: category, named: name)
        }
        let intents = NotificationLimits.maximumIntentIdentifiersPerCategory
        guard category.intentIdentifiers.count <= intents else {
            throw NotificationError(
                .invalidCategory,
                "\(name) has \(category.intentIdentifiers.count) intent identifiers; the limit is \(intents)")
        }
        for intent in category.intentIdentifiers {
            try checkIdentifier(intent, of: "intent identifier in \(name)")
        }
        let textLimit = NotificationLimits.maximumActionTitleLength
        try checkLength(
            category.hiddenPreviewsBodyPlaceholder, of: "the hidden-previews placeholder of \(name)", limit: textLimit,
            code: .invalidCategory)
        try checkLength(
            category.categorySummaryFormat, of: "the summary format of \(name)", limit: textLimit,
            code: .invalidCategory)
    }

    static func validate(minimal: [NotificationAction], of category: NotificationCategory, named name: String)
        throws(NotificationError)
    {
        try checkUnique(minimal, in: "the minimal actions of \(name)")
        for action in minimal where !category.actions.contains(action) {
            throw NotificationError(
                .invalidCategory,
                "minimal action \(quoted(action.identifier)) of \(name) is not one of its actions")
        }
    }

    static func checkUnique(_ actions: [NotificationAction], in name: String) throws(NotificationError) {
        var seen = Set<String>()
        for action in actions where !seen.insert(action.identifier).inserted {
            throw NotificationError(
                .invalidCategory, "action identifier \(quoted(action.identifier)) appears twice in \(name)")
        }
    }

    static let reservedActionIdentifiers = [NotificationAction.defaultIdentifier, NotificationAction.dismissIdentifier]

    static func validate(_ action: NotificationAction, in category: String) throws(NotificationError) {
        try checkIdentifier(action.identifier, of: "an action identifier in \(category)")
        guard !reservedActionIdentifiers.contains(action.identifier) else {
            throw NotificationError(
                .invalidIdentifier,
                "action identifier \(quoted(action.identifier)) in \(category) is reserved for the system's responses")
        }
        let name = "action \(quoted(action.identifier)) of \(category)"
        let limit = NotificationLimits.maximumActionTitleLength
        try checkLength(action.title, of: "the title of \(name)", limit: limit, code: .invalidCategory)
        if let input = action.textInput {
            try checkLength(input.buttonTitle, of: "the button title of \(name)", limit: limit, code: .invalidCategory)
            try checkLength(input.placeholder, of: "the placeholder of \(name)", limit: limit, code: .invalidCategory)
        }
        if let icon = action.icon {
            try checkLength(
                icon.name, of: "the icon name of \(name)", limit: NotificationLimits.maximumIdentifierLength,
                code: .invalidCategory, allowsEmpty: false)
        }
    }
}
