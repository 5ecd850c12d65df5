// The engine types a port of iOS 8 code names directly: regions for location
// notifications, the app identifier and service that configure `UIApplication`,
// and the typed error every refused call throws.
@_exported public import class NotificationEngine.CLRegion
@_exported public import class NotificationEngine.CLCircularRegion
@_exported public import struct NotificationEngine.CLLocationCoordinate2D
@_exported public import typealias NotificationEngine.CLLocationDistance
@_exported public import struct NotificationEngine.AppIdentifier
@_exported public import protocol NotificationEngine.NotificationService
@_exported public import struct NotificationEngine.NotificationError
