public import NotificationModel

extension API {
    /// A button a notification offers, or a text field with a send button.
    public struct Action: Codable, Sendable, Hashable {
        public var identifier: String
        public var title: String
        /// Any of `foreground`, `destructive`, `authenticationRequired`; empty for a background action.
        public var options: [String]
        /// Set for a text-input action.
        public var textInput: TextInput?
        /// The image beside the title: `{"source": "system", "name": "trash"}`; `nil` for none.
        public var icon: NotificationAction.Icon?

        /// A text field's send button title and hint.
        public struct TextInput: Codable, Sendable, Hashable {
            public var buttonTitle: String
            public var placeholder: String

            /// A text input.
            public init(buttonTitle: String, placeholder: String) {
                self.buttonTitle = buttonTitle
                self.placeholder = placeholder
            }
        }

        /// An action.
        public init(
            identifier: String, title: String, options: [String] = [], textInput: TextInput? = nil,
            icon: NotificationAction.Icon? = nil
        ) {
            self.identifier = identifier
            self.title = title
            self.options = options
            self.textInput = textInput
            self.icon = icon
        }

        private enum CodingKeys: String, CodingKey {
            case identifier, title, options, textInput, icon
        }

        /// Decodes an action; `options` may be left out.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            identifier = try container.decode(String.self, forKey: .identifier)
            title = try container.decode(String.self, forKey: .title)
            options = try container.decodeIfPresent([String].self, forKey: .options) ?? []
            textInput = try container.decodeIfPresent(TextInput.self, forKey: .textInput)
            icon = try container.decodeIfPresent(NotificationAction.Icon.self, forKey: .icon)
        }
    }

    /// A kind of notification and the actions it offers.
    public struct Category: Codable, Sendable, Hashable {
        public var identifier: String
        /// All actions, in order: an alert shows them all.
        public var actions: [Action]
        /// The actions a banner shows (iOS 8's minimal context); `nil` for the first two.
        public var minimalActions: [Action]?
        /// Any of `customDismissAction`, `allowInCarPlay`, `hiddenPreviewsShowTitle`,
        /// `hiddenPreviewsShowSubtitle`, `allowAnnouncement`.
        public var options: [String]
        /// SiriKit intents; stored for the app.
        public var intentIdentifiers: [String]
        /// What shows instead of the body while previews are hidden; empty for the system's.
        public var hiddenPreviewsBodyPlaceholder: String
        /// How a summary of the category's notifications reads; empty for the system's.
        public var categorySummaryFormat: String

        /// A category.
        public init(
            identifier: String, actions: [Action], minimalActions: [Action]? = nil, options: [String] = [],
            intentIdentifiers: [String] = [], hiddenPreviewsBodyPlaceholder: String = "",
            categorySummaryFormat: String = ""
        ) {
            self.identifier = identifier
            self.actions = actions
            self.minimalActions = minimalActions
            self.options = options
            self.intentIdentifiers = intentIdentifiers
            self.hiddenPreviewsBodyPlaceholder = hiddenPreviewsBodyPlaceholder
            self.categorySummaryFormat = categorySummaryFormat
        }

        private enum CodingKeys: String, CodingKey {
            case identifier, actions, minimalActions, options, intentIdentifiers, hiddenPreviewsBodyPlaceholder
            case categorySummaryFormat
        }

        /// Decodes a category; `actions` and `options` may be left out.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            identifier = try container.decode(String.self, forKey: .identifier)
            actions = try container.decodeIfPresent([Action].self, forKey: .actions) ?? []
            minimalActions = try container.decodeIfPresent([Action].self, forKey: .minimalActions)
            options = try container.decodeIfPresent([String].self, forKey: .options) ?? []
            intentIdentifiers = try container.decodeIfPresent([String].self, forKey: .intentIdentifiers) ?? []
            hiddenPreviewsBodyPlaceholder =
                try container.decodeIfPresent(String.self, forKey: .hiddenPreviewsBodyPlaceholder) ?? ""
            categorySummaryFormat = try container.decodeIfPresent(String.self, forKey: .categorySummaryFormat) ?? ""
        }

        /// Encodes the category; the iOS 10–12 fields only when they are set.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(identifier, forKey: .identifier)
            try container.encode(actions, forKey: .actions)
            try container.encodeIfPresent(minimalActions, forKey: .minimalActions)
            try container.encode(options, forKey: .options)
            if !intentIdentifiers.isEmpty { try container.encode(intentIdentifiers, forKey: .intentIdentifiers) }
            if !hiddenPreviewsBodyPlaceholder.isEmpty {
                try container.encode(hiddenPreviewsBodyPlaceholder, forKey: .hiddenPreviewsBodyPlaceholder)
            }
            if !categorySummaryFormat.isEmpty { try container.encode(categorySummaryFormat, forKey: .categorySummaryFormat) }
        }
    }

    /// The body of `PUT /v1/apps/{app}/categories`: the app's whole set.
    public struct CategoryList: Codable, Sendable, Hashable {
        public var categories: [Category]

        /// A set of categories.
        public init(categories: [Category]) {
            self.categories = categories
        }
    }
}

extension API.Action {
    /// The wire form of the engine's action.
    public init(_ action: NotificationAction) {
        self.init(
            identifier: action.identifier, title: action.title, options: action.options.nameList,
            textInput: action.textInput.map { TextInput(buttonTitle: $0.buttonTitle, placeholder: $0.placeholder) },
            icon: action.icon)
    }

    /// The engine's action; an unknown option is refused with ``NotificationError/Code/invalidCategory``.
    public func engineValue() throws -> NotificationAction {
        NotificationAction(
            identifier: identifier, title: title,
            options: try NotificationAction.Options(names: options, refusing: .invalidCategory),
            textInput: textInput.map { .init(buttonTitle: $0.buttonTitle, placeholder: $0.placeholder) }, icon: icon)
    }
}

extension API.Category {
    /// The wire form of the engine's category.
    public init(_ category: NotificationCategory) {
        self.init(
            identifier: category.identifier, actions: category.actions.map(API.Action.init),
            minimalActions: category.minimalActions?.map(API.Action.init), options: category.options.nameList,
            intentIdentifiers: category.intentIdentifiers,
            hiddenPreviewsBodyPlaceholder: category.hiddenPreviewsBodyPlaceholder,
            categorySummaryFormat: category.categorySummaryFormat)
    }

    /// The engine's category; an unknown option is refused with ``NotificationError/Code/invalidCategory``.
    public func engineValue() throws -> NotificationCategory {
        NotificationCategory(
            identifier: identifier, actions: try actions.map { try $0.engineValue() },
            minimalActions: try minimalActions?.map { try $0.engineValue() },
            options: try NotificationCategory.Options(names: options, refusing: .invalidCategory),
            intentIdentifiers: intentIdentifiers, hiddenPreviewsBodyPlaceholder: hiddenPreviewsBodyPlaceholder,
            categorySummaryFormat: categorySummaryFormat)
    }
}
