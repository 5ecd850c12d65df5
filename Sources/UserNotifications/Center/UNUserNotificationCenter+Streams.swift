public import Signals

extension UNUserNotificationCenter {
    /// Every notification of the app as it is delivered, whether or not it is shown.
    ///
    /// ```swift
    /// center.deliveries.subscribeNext { notification in refreshList() }
    /// ```
    public var deliveries: Signal<UNNotification, Never> {
        service.deliveries(for: app).map { UNNotification($0) }
    }

    /// Every response the user gives to the app's notifications, as the delegate gets them.
    public var responses: Signal<UNNotificationResponse, Never> {
        service.responses(for: app).map { UNNotificationResponse.make($0) }
    }
}
