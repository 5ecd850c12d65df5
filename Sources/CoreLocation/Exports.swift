// Core Location's region and coordinate types live in NotificationModel, where location triggers
// take them; re-export them so that `import CoreLocation` brings them, as on
// Apple's platforms.

@_exported public import struct NotificationModel.CLLocationCoordinate2D
@_exported public import class NotificationModel.CLRegion
@_exported public import class NotificationModel.CLCircularRegion
@_exported public import typealias NotificationModel.CLLocationDistance
@_exported public import typealias NotificationModel.CLLocationDegrees
