// Location triggers take Core Location–shaped regions; re-export them so that
// `import UserNotifications` is enough, as on Apple's platforms with Core Location.

@_exported public import struct NotificationModel.CLLocationCoordinate2D
@_exported public import class NotificationModel.CLRegion
@_exported public import class NotificationModel.CLCircularRegion
@_exported public import typealias NotificationModel.CLLocationDistance
