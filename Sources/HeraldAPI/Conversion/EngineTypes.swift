public import NotificationModel

/// The engine's ``NotificationModel/Delivery``, named for code inside `API`,
/// where `Delivery` means the wire type.
public typealias EngineDelivery = Delivery
/// The engine's ``NotificationModel/PendingRequest``, named for code inside `API`.
public typealias EnginePendingRequest = PendingRequest
/// The engine's ``NotificationModel/Presentation``, named for code inside `API`.
public typealias EnginePresentation = Presentation
