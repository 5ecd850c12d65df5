// push-chat: an iOS chat app's code (AppDelegate.swift and the service
// extension's NotificationService.swift), run as a Linux program against a
// Herald daemon. What iOS does before the app's code runs is here: the process
// finds the daemon (HERALD_URL and HERALD_TOKEN, an app token of
// com.example.chat, or the data directory's daemon.json), sets up the shared
// notification center and application on it, names the extension's class
// (iOS reads it from the extension's Info.plist), launches, and runs the main
// queue.
//
//   herald apps register com.example.chat --name Chat     # prints the app's token
//   HERALD_TOKEN=<token> swift run push-chat
import Dispatch
import Foundation
import HeraldClient
import LegacyNotifications
import UserNotifications

setvbuf(stdout, nil, _IOLBF, 0)  // a line as soon as it is printed, also into a pipe

let appIdentifier = "com.example.chat"
let service: RemoteNotificationService
do {
    service = RemoteNotificationService(client: try HeraldClient())
} catch {
    FileHandle.standardError.write(Data("push-chat: \(error)\n".utf8))
    exit(1)
}
let center = try UNUserNotificationCenter.configure(appIdentifier: appIdentifier, service: service)
center.serviceExtensionClass = NotificationService.self
UIApplication.configure(appIdentifier: AppIdentifier(appIdentifier), service: service)

let appDelegate = AppDelegate()
UIApplication.shared.launch(with: appDelegate)
dispatchMain()
