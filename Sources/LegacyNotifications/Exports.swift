// UIKit brings Foundation with it (`Date`, `TimeZone`, `NSObject`, …), so iOS 8
// code that imports only UIKit uses Foundation without importing it;
// re-exporting Foundation keeps such files compiling with `import UIKit`
// replaced by `import LegacyNotifications`.
@_exported public import Foundation

// The engine types a port of iOS 8 code names directly: regions for location
// notifications, the app identifier and service that configure `UIApplication`,
// and the typed error every refused call throws.
@_exported public import class NotificationModel.CLRegion
@_exported public import class NotificationModel.CLCircularRegion
@_exported public import struct NotificationModel.CLLocationCoordinate2D
@_exported public import typealias NotificationModel.CLLocationDistance
@_exported public import struct NotificationModel.AppIdentifier
@_exported public import protocol NotificationModel.NotificationService
@_exported public import struct NotificationModel.NotificationError
