// Apple's `import UserNotifications` brings Foundation with it (`Date`, `URL`,
// `DateComponents`, `NSObject`, …), so app code written for it often has no
// `import Foundation` of its own; re-exporting Foundation keeps such files
// compiling unchanged.
@_exported public import Foundation
