// The engine speaks in the values of NotificationModel (requests, triggers,
// categories, deliveries, responses, settings, errors, the service protocol):
// code that imports the engine sees them without a second import.
@_exported public import NotificationModel
