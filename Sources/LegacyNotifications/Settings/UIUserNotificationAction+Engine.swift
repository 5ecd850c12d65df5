import NotificationModel
import Synchronization

/// How an iOS 8 action maps to an engine action: a foreground activation mode
/// becomes the `.foreground` and `.authenticationRequired` options (a foreground
/// action implies authentication on iOS 8), a text-input behavior a text field
/// whose button is titled by ``UIUserNotificationTextInputActionButtonTitleKey``
/// (default "Send").
extension UIUserNotificationAction {
    static let defaultSendButtonTitle = "Send"

    func engineAction() throws -> NotificationAction {
        let properties = state.withLock { $0 }
        guard let identifier = properties.identifier, !identifier.isEmpty else {
            throw NotificationError(
                .invalidIdentifier, "the action titled \"\(properties.title ?? "")\" has no identifier")
        }
        var options: NotificationAction.Options = []
        if properties.activationMode == .foreground { options.formUnion([.foreground, .authenticationRequired]) }
        if properties.isAuthenticationRequired { options.insert(.authenticationRequired) }
        if properties.isDestructive { options.insert(.destructive) }
        return NotificationAction(
            identifier: identifier, title: properties.title ?? "", options: options,
            textInput: properties.behavior == .textInput ? textInput(properties) : nil)
    }

    private func textInput(_ properties: ActionProperties) -> NotificationAction.TextInput {
        let title = properties.parameters.value?[UIUserNotificationTextInputActionButtonTitleKey] as? String
        return NotificationAction.TextInput(buttonTitle: title ?? Self.defaultSendButtonTitle, placeholder: "")
    }

    /// The immutable action for an engine action.
    convenience init(_ action: NotificationAction) {
        var properties = ActionProperties()
        properties.identifier = action.identifier
        properties.title = action.title
        properties.activationMode = action.options.contains(.foreground) ? .foreground : .background
        properties.isDestructive = action.options.contains(.destructive)
        properties.isAuthenticationRequired = action.options.contains(.authenticationRequired)
        if let textInput = action.textInput {
            properties.behavior = .textInput
            properties.parameters = UserInfoBox([UIUserNotificationTextInputActionButtonTitleKey: textInput.buttonTitle])
        }
        self.init(properties)
    }
}
