// The client speaks in the API's wire types (`API.Request`, `API.Event`,
// `API.ErrorCode`, …): code that imports the client sees them without a second import.
@_exported public import HeraldAPI
