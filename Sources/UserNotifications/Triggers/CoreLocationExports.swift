// Location triggers take Core Location–shaped regions; re-export them so that
// `import UserNotifications` is enough, as on Apple's platforms with Core Location.

@_exported public import struct NotificationEngine.CLLocationCoordinate2D
@_exported public import class NotificationEngine.CLRegion
@_exported public import class NotificationEngine.CLCircularRegion
@_exported public import typealias NotificationEngine.CLLocationDistance
