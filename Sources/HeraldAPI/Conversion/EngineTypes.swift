public import NotificationModel

/// The engine's ``NotificationModel/Delivery``, named for code inside `API`,
/// where `Delivery` means the wire type.
public typealias EngineDelivery = Delivery
/// The engine's ``NotificationModel/PendingRequest``, named for code inside `API`.
public typealias EnginePendingRequest = PendingRequest
/// The engine's ``NotificationModel/Presentation``, named for code inside `API`.
public typealias EnginePresentation = Presentation
/// The engine's ``NotificationModel/QuietState``, named for code inside `API`.
public typealias EngineQuietState = QuietState
/// The engine's ``NotificationModel/QuietSettings``, named for code inside `API`.
public typealias EngineQuietSettings = QuietSettings
/// The engine's ``NotificationModel/FocusMode``, named for code inside `API`.
public typealias EngineFocusMode = FocusMode
/// The engine's ``NotificationModel/FocusSchedule``, named for code inside `API`.
public typealias EngineFocusSchedule = FocusSchedule
