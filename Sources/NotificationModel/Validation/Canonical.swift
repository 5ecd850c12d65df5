import Foundation

/// Identifiers compare as Swift compares strings: by canonical equivalence, so
/// `"n\u{e9}"` (precomposed) and `"ne\u{301}"` (decomposed) are one identifier, as
/// they are on Apple's platforms. SQLite compares bytes, so the engine keeps every
/// identifier it stores or looks up — request, category, action and thread
/// identifiers — in Unicode Normalization Form C, normalized at its boundary before
/// validation (length limits count the normalized form) and before any store
/// access. App identifiers are ASCII (``Validator/validateApp(_:)``), their own NFC.
extension String {
    /// The string in NFC: canonically equivalent strings have the same NFC, byte
    /// for byte. ASCII text is returned as it is.
    package var canonical: String {
        utf8.allSatisfy { $0 < 0x80 } ? self : precomposedStringWithCanonicalMapping
    }

    /// Whether the string is in NFC already, byte for byte (`==` cannot tell).
    package var isCanonical: Bool {
        canonical.utf8.elementsEqual(utf8)
    }
}

extension NotificationRequest {
    /// The request with its identifier, category identifier and thread identifier in NFC.
    package var canonical: NotificationRequest {
        var request = self
        request.identifier = identifier.canonical
        request.content.categoryIdentifier = content.categoryIdentifier.canonical
        request.content.threadIdentifier = content.threadIdentifier.canonical
        return request
    }
}

extension NotificationCategory {
    /// The category with its identifier and its actions' identifiers in NFC.
    package var canonical: NotificationCategory {
        var category = self
        category.identifier = identifier.canonical
        category.actions = actions.map(\.canonical)
        category.minimalActions = minimalActions?.map(\.canonical)
        return category
    }
}

extension NotificationAction {
    /// The action with its identifier in NFC.
    package var canonical: NotificationAction {
        var action = self
        action.identifier = identifier.canonical
        return action
    }
}
