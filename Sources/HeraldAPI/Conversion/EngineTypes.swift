public import NotificationEngine

/// The engine's ``NotificationEngine/Delivery``, named for code inside `API`,
/// where `Delivery` means the wire type.
public typealias EngineDelivery = Delivery
/// The engine's ``NotificationEngine/PendingRequest``, named for code inside `API`.
public typealias EnginePendingRequest = PendingRequest
/// The engine's ``NotificationEngine/Presentation``, named for code inside `API`.
public typealias EnginePresentation = Presentation
